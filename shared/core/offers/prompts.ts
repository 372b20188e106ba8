import { assetFormat } from './categories.ts';
import type { OfferAsset, OfferDraft } from './offer.ts';

/**
 * The prompts the offer builder sends (one user message each). Each starts with a
 * `Task:` line naming what it asks for, so logs, tests and the fake provider can tell them apart.
 */

const OFFER_TASKS = {
  framework: 'offer-framework',
  asset: 'offer-asset',
  rewrite: 'offer-rewrite',
  organize: 'offer-organize',
} as const;

export interface KnowledgeDocument {
  name: string;
  content: string;
}

export interface KnowledgeContext {
  text: string;
  /** The character budget it was cut to. */
  budget: number;
  /** Documents (partly) left out to stay within the budget. */
  trimmed: boolean;
  included: number;
  total: number;
}

/** Characters of knowledge-base context for a model we know nothing about (~6k tokens: fits a small local model's window). */
export const KNOWLEDGE_BUDGET_CHARS = 24_000;
/**
 * The most any model gets (~12k tokens): every asset of Generate All sends the context again, on
 * the user's own key, so a long-context model is not filled just because it could be.
 */
export const KNOWLEDGE_BUDGET_MAX_CHARS = 48_000;

/** Model families by context window: small windows get less, long-context families the maximum. */
const SMALL_WINDOW_MODELS: readonly [RegExp, number][] = [
  [/^gpt-4(-0314|-0613)?$/i, 8_000], // 8k tokens
  [/^gpt-3\.5/i, 16_000], // 16k tokens
];
const LONG_CONTEXT_MODELS =
  /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|gpt-6|gpt-oss|^o\d|gemini|claude|command|jamba|llama-3|mistral|mixtral|qwen|deepseek/i;

/**
 * How many characters of knowledge-base context go with a prompt for this model: about a quarter
 * of its context window (the prompt, the asset's instructions and the answer need the rest),
 * never more than KNOWLEDGE_BUDGET_MAX_CHARS.
 */
export function knowledgeBudgetChars(model: string | null | undefined): number {
  const name = (model ?? '').trim().replace(/^models\//, '');
  if (!name) return KNOWLEDGE_BUDGET_CHARS;
  for (const [pattern, budget] of SMALL_WINDOW_MODELS) if (pattern.test(name)) return budget;
  return LONG_CONTEXT_MODELS.test(name) ? KNOWLEDGE_BUDGET_MAX_CHARS : KNOWLEDGE_BUDGET_CHARS;
}

/** The chosen knowledge-base documents as prompt context, cut to the budget (the UI says when it cut). */
export function knowledgeContext(documents: readonly KnowledgeDocument[], budget = KNOWLEDGE_BUDGET_CHARS): KnowledgeContext {
  let text = '';
  let included = 0;
  let trimmed = false;
  for (const doc of documents) {
    const block = `### ${doc.name}\n${doc.content.trim()}\n\n`;
    const room = budget - text.length;
    if (room <= 0) {
      trimmed = true;
      break;
    }
    if (block.length > room) {
      text += `${block.slice(0, room)}…\n`;
      included++;
      trimmed = true;
      break;
    }
    text += block;
    included++;
  }
  return { text: text.trim(), budget, trimmed: trimmed || included < documents.length, included, total: documents.length };
}

const contextSection = (context: KnowledgeContext | null) =>
  context?.text ? `\n\nUse this background knowledge from the user's knowledge base where it helps:\n"""\n${context.text}\n"""` : '';

export function frameworkPrompt(idea: string, context: KnowledgeContext | null = null): string {
  return `Task: ${OFFER_TASKS.framework}
You are an expert direct-response marketer who designs digital products and courses.
Build an offer framework for this idea, niche or keyword: "${idea.trim()}".${contextSection(context)}

Answer with one JSON object only, with exactly these keys:
{
  "title": "the offer's name",
  "description": {
    "title": "a one-line promise",
    "about": "what it is, 2-3 sentences",
    "for": ["3 to 5 kinds of people it is for"],
    "why": ["3 to 5 reasons they need it"],
    "outcome": ["3 to 5 concrete outcomes"]
  },
  "items": ["15 to 20 marketing assets to create for this offer, e.g. Offer Hooks, Sales Page Headlines, Product Launch Email Sequence, Launch Plan (Checklist), Video Script, Webinar Outline, Facebook Ads, YouTube Ads, Pricing Strategy, Refund Reducer, Market Analysis, Report Card, Lead Magnet Ideas, Bonus Builder, High Ticket Upsells; an item may be {\\"name\\": \\"…\\", \\"subItems\\": [\\"…\\"]}"]
}`;
}

const FORMAT_INSTRUCTIONS: Record<ReturnType<typeof assetFormat>, string> = {
  text: 'Write it in Markdown with headings and lists where they help. Answer with the content only.',
  reportCard:
    'Answer with one JSON object only: {"criteria": [{"name": "criterion", "score": 1-10, "reasoning": "why"}]} with at least 8 criteria, each scored from 1 to 10, judging how strong this offer is.',
  emailSequence:
    'Answer with one JSON object only: {"emails": [{"subject": "…", "body": "…"}]} with exactly 5 emails for the launch, in sending order.',
  facebookAds:
    'Answer with one JSON object only: {"ads": [{"headline": "…", "primaryText": "…", "callToAction": "…"}]} with exactly 3 ad variants.',
};

function offerSummary(offer: OfferDraft): string {
  const d = offer.framework.description;
  return `Offer: ${offer.framework.title}
Promise: ${d.title}
What it is: ${d.about}
For: ${d.for.join('; ')}
Why: ${d.why.join('; ')}
Outcome: ${d.outcome.join('; ')}`;
}

export function assetPrompt(offer: OfferDraft, asset: OfferAsset, context: KnowledgeContext | null = null): string {
  const hints = asset.subItems.length ? `\nCover these points: ${asset.subItems.join('; ')}.` : '';
  const notes = asset.notes.trim() ? `\nThe user's notes for this asset: ${asset.notes.trim()}` : '';
  const general = offer.generalNotes.trim() ? `\nThe user's notes for the whole offer: ${offer.generalNotes.trim()}` : '';
  return `Task: ${OFFER_TASKS.asset}
Asset: ${asset.name}
${offerSummary(offer)}${contextSection(context)}

Create the "${asset.name}" for this offer.${hints}${notes}${general}
${FORMAT_INSTRUCTIONS[assetFormat(asset.name)]}`;
}

/** Rewrites one asset's text (or, with `assetName` null, the whole offer's text) following the user's instruction. */
export function rewritePrompt(text: string, instruction: string, assetName: string | null): string {
  return `Task: ${OFFER_TASKS.rewrite}
${assetName ? `Asset: ${assetName}` : 'Scope: entire offer'}
Rewrite the text below. Instruction: ${instruction.trim()}
Keep the facts, the structure and the Markdown formatting unless the instruction says otherwise.${assetName ? '' : ' Keep every "--- name ---" section line exactly as it is.'}
Answer with the rewritten text only.

"""
${text.trim()}
"""`;
}

export function organizePrompt(offer: OfferDraft): string {
  return `Task: ${OFFER_TASKS.organize}
${offerSummary(offer)}

Arrange these marketing assets into a launch sequence, grouped into phases (for example Research, Pre-launch, Launch, Post-launch):
${offer.assets.map((asset) => `- ${asset.name}`).join('\n')}

Answer with one JSON object only: {"phases": [{"name": "phase name", "why": "one sentence", "assets": ["asset names in order"]}]}.
Use every asset name exactly once and exactly as written.`;
}

/**
 * Rewrites structured content (a JSON asset, the offer's description) following the user's
 * instruction, keeping its shape so it is validated with the same schema as before.
 */
export function rewriteJsonPrompt(value: unknown, instruction: string, label: string): string {
  return `Task: ${OFFER_TASKS.rewrite}
Asset: ${label}
Rewrite the text values in the JSON below. Instruction: ${instruction.trim()}
Keep the facts. Answer with one JSON object only, with exactly the same keys and structure, the same number of items in every list, and numbers unchanged unless the instruction asks otherwise.

"""
${JSON.stringify(value, null, 2)}
"""`;
}
