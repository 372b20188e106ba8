import type { StartupIdeaContent } from '../ideas.ts';
import type { OfferDraft } from '../offers/offer.ts';
import { itemName } from '../offers/schema.ts';
import { DECK_LIMITS, SLIDE_KIND_LABELS, SLIDE_KINDS, type Slide } from './deck.ts';

/**
 * What the model is asked: a whole deck from a description of the business, or one slide again
 * with the rest of the deck in view. The description comes from a saved idea, an offer or the
 * user's own words. Pure.
 */

export const DECK_TASK = 'pitch-deck';
export const SLIDE_TASK = 'pitch-deck-slide';

/** Text the prompt describes the business with (kept short enough for any model; the free-text field's limit too). */
export const SOURCE_MAX = 8000;

export interface DeckBrief {
  /** The deck's working title (the idea's or offer's name, or the first words of the text). */
  title: string;
  description: string;
}

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

export function ideaBrief(idea: StartupIdeaContent): DeckBrief {
  return {
    title: idea.name,
    description: [
      `Startup: ${idea.name}`,
      idea.description,
      `Market: ${idea.market}`,
      `Target users: ${idea.targetUsers}`,
      `Revenue model: ${idea.revenue}`,
      `Competitors:\n${list(idea.competitors)}`,
      `Known weaknesses:\n${list(idea.weaknesses)}`,
      `Executive summary: ${idea.businessPlan.executive}`,
      `Go-to-market: ${idea.businessPlan.market}`,
      `Solution: ${idea.businessPlan.solution}`,
    ].join('\n\n'),
  };
}

export function offerBrief(offer: OfferDraft): DeckBrief {
  const { framework } = offer;
  return {
    title: framework.title,
    description: [
      `Offer: ${framework.title}`,
      framework.description.title,
      framework.description.about,
      `Who it is for:\n${list(framework.description.for)}`,
      `Why they need it:\n${list(framework.description.why)}`,
      `Outcome:\n${list(framework.description.outcome)}`,
      `What is included:\n${list(framework.items.map(itemName))}`,
    ].join('\n\n'),
  };
}

/** Free text: the first line (cut) is the working title. */
export function textBrief(text: string): DeckBrief {
  const trimmed = text.trim();
  const first = trimmed.split('\n')[0]!.trim();
  return { title: first.length > 60 ? `${first.slice(0, 59).trimEnd()}…` : first, description: trimmed };
}

const SLIDE_SHAPE = `{ "kind": "one of ${SLIDE_KINDS.join(', ')}", "title": "a short slide title", "bullets": ["3 to 5 short bullet points"], "notes": "what the presenter says, 2-4 sentences" }`;

export function deckPrompt(brief: DeckBrief): string {
  return `Task: ${DECK_TASK}
You are a startup pitch coach. Write an investor pitch deck for this business.

${brief.description.slice(0, SOURCE_MAX)}

Write ${SLIDE_KINDS.length} slides in this order: ${SLIDE_KINDS.map((kind) => SLIDE_KIND_LABELS[kind]).join(', ')}.
Be specific to this business; where a number is unknown, say what to measure instead of inventing it.
Answer with one JSON object only:
{ "slides": [ ${SLIDE_SHAPE}, ... ] }
Each slide has at most ${DECK_LIMITS.bulletsMax} bullets.`;
}

/** One slide again: the deck's other titles keep it from repeating them. */
export function slidePrompt(brief: DeckBrief, slides: readonly Slide[], index: number): string {
  const slide = slides[index]!;
  const label = slide.kind ? SLIDE_KIND_LABELS[slide.kind] : slide.title;
  const others = slides.map((s, i) => `${i + 1}. ${s.title}${i === index ? ' (this slide)' : ''}`).join('\n');
  return `Task: ${SLIDE_TASK}
Slide: ${label}
You are a startup pitch coach. Rewrite one slide of an investor pitch deck for this business.

${brief.description.slice(0, SOURCE_MAX)}

The deck's slides:
${others}

Write slide ${index + 1} (${label}) again, better and different from this version:
Title: ${slide.title}
${list(slide.bullets)}

Answer with one JSON object only:
${SLIDE_SHAPE}`;
}

/** What a slide's picture is described by (at most this many characters: the describe field stays readable). */
const PICTURE_PROMPT_MAX = 1000;
const PICTURE_BULLETS = 4;
const PICTURE_BULLET_MAX = 160;

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The picture maker's first description for a slide: what the slide says (its title and first
 * bullets) as a scene, in a style that sits beside text on a slide, and without words in the
 * picture (image models spell badly; the slide already has the words). The user edits it before
 * anything is drawn.
 */
export function slidePicturePrompt(slide: Pick<Slide, 'title' | 'bullets'>, deckTitle = ''): string {
  const title = slide.title.trim().replace(/[.!?:;]+$/, '');
  const deck = deckTitle.trim();
  const intro = `An illustration for a slide of an investor pitch deck${deck && deck !== title ? ` for ${cut(deck, 120)}` : ''}.`;
  // No quotes around the title: image models draw quoted words as lettering.
  const named = title ? `The slide is titled ${cut(title, 200)}.` : '';
  const style =
    'Clean, modern editorial style with soft light and a simple background, one clear subject, no text, letters or logos in the picture.';
  const points = slide.bullets
    .map((b) => b.trim())
    .filter(Boolean)
    .slice(0, PICTURE_BULLETS)
    .map((b) => `- ${cut(b, PICTURE_BULLET_MAX)}`);
  // Fewer points rather than a cut-off style line: the style is what makes it fit a slide.
  for (let kept = points.length; ; kept--) {
    const about = kept > 0 ? `It makes these points:\n${points.slice(0, kept).join('\n')}` : '';
    const prompt = [intro, named, about, style].filter(Boolean).join('\n');
    if (prompt.length <= PICTURE_PROMPT_MAX || kept === 0) return prompt;
  }
}
