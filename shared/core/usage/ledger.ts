import type { ProviderId } from '../providerKeys.ts';
import { billableUsage, costOf, estimateTokensFromChars, type BillableUsage, type ReportedTokenUsage } from './cost.ts';
import { priceFor, type Micros, type ModelPrice, type PriceRates, type UserPrice } from './prices.ts';

/**
 * One row of the usage ledger (public.usage_events, migration 20261203000100) from one AI call:
 * the counts the provider reported (or an estimate from the text's length when it reported none),
 * the price applied and what it cost. Pure; the data layer inserts the row (shared/data/usage.ts,
 * supabase/functions/_shared/usage.ts).
 *
 * Estimates use the chars/4 rule of cost.ts rather than a tokenizer: a BPE tokenizer's rank tables
 * (gpt-tokenizer, js-tiktoken) weigh about 1 MB per encoding, more than the whole side panel, and
 * would only be exact for OpenAI's models anyway. Rows estimated this way say so (estimated: true).
 */

/** The features a call can serve: exactly the usage_events.feature check of the migration. */
export const USAGE_FEATURES = [
  'run',
  'follow_up',
  'chat',
  'offer_framework',
  'offer_asset',
  'generate_all',
  'offer_rewrite',
  'offer_organize',
  'idea',
  'document',
  'workflow_step',
  'smart_query',
  'analysis',
  'pitch_deck',
  'embeddings',
  'images',
  'search',
] as const;

export type UsageFeature = (typeof USAGE_FEATURES)[number];

/** What each feature reads as for people (the Usage page, the cost line). */
export const USAGE_FEATURE_LABELS: Record<UsageFeature, string> = {
  run: 'Prompt run',
  follow_up: 'Follow-up',
  chat: 'Chat',
  offer_framework: 'Offer framework',
  offer_asset: 'Offer asset',
  generate_all: 'Generate all',
  offer_rewrite: 'Offer rewrite',
  offer_organize: 'Offer organize',
  idea: 'Idea',
  document: 'Document',
  workflow_step: 'Workflow step',
  smart_query: 'Smart query',
  analysis: 'Analysis',
  pitch_deck: 'Pitch deck',
  embeddings: 'Embeddings',
  images: 'Images',
  search: 'Search',
};

/** Where the call was made: usage_events.surface. */
export const USAGE_SURFACES = ['dashboard', 'panel', 'popup', 'server'] as const;
export type UsageSurface = (typeof USAGE_SURFACES)[number];

/** What a call belongs to: usage_events.subject_kind. */
export const USAGE_SUBJECT_KINDS = ['prompt_run', 'conversation', 'workflow_run', 'offer', 'document', 'pitch_deck', 'knowledge'] as const;
type UsageSubjectKind = (typeof USAGE_SUBJECT_KINDS)[number];

export interface UsageSubject {
  kind: UsageSubjectKind;
  id: string;
}

export type CallOutcome = 'done' | 'stopped' | 'failed';

/** What the AI layer knows of one call once it ended (no prompt or answer text, only lengths). */
export interface CallUsage {
  provider: ProviderId;
  model: string;
  /** As the provider reported them (null: it reported nothing, e.g. a stream cut before its usage chunk). */
  reported: ReportedTokenUsage | null;
  /** Characters sent (every message), for an estimate when nothing was reported. */
  promptChars: number;
  /** Characters received (the partial text of a stopped or failed stream). */
  outputChars: number;
  outcome: CallOutcome;
  images?: number;
  searches?: number;
}

/** Where and for what the call was made. */
export interface UsageContext {
  feature: UsageFeature;
  surface: UsageSurface;
  subject?: UsageSubject | null;
  /** Which step of a workflow run (usage_events.step_index, migration 20261203000200). */
  stepIndex?: number | null;
}

/** The price as the row keeps it (usage_events.price): the rates applied and where they came from. */
type AppliedPrice = PriceRates & ({ source: 'table'; sourceUrl: string; model: string } | { source: 'user'; model: string });

/** The columns of a usage_events insert (user_id and created_at come from the database). */
export interface UsageRow {
  feature: UsageFeature;
  surface: UsageSurface;
  provider: ProviderId;
  model: string;
  input_tokens: number | null;
  cached_input_tokens: number | null;
  cache_write_input_tokens: number | null;
  output_tokens: number | null;
  images: number;
  searches: number;
  estimated: boolean;
  outcome: CallOutcome;
  cost_micros: Micros | null;
  price: AppliedPrice | null;
  subject_kind: UsageSubjectKind | null;
  subject_id: string | null;
  step_index: number | null;
}

function appliedPrice(price: ModelPrice): AppliedPrice {
  const rates: PriceRates = {
    inputPerMillion: price.inputPerMillion,
    ...(price.cachedInputPerMillion !== undefined ? { cachedInputPerMillion: price.cachedInputPerMillion } : {}),
    ...(price.cacheWritePerMillion !== undefined ? { cacheWritePerMillion: price.cacheWritePerMillion } : {}),
    outputPerMillion: price.outputPerMillion,
    ...(price.perImage !== undefined ? { perImage: price.perImage } : {}),
    ...(price.perSearch !== undefined ? { perSearch: price.perSearch } : {}),
    ...(price.longContext ? { longContext: price.longContext } : {}),
  };
  return price.sourceKind === 'user'
    ? { ...rates, source: 'user', model: price.model }
    : { ...rates, source: 'table', sourceUrl: price.sourceUrl, model: price.model };
}

const whole = (n: number | null | undefined): number | null =>
  n === null || n === undefined || !Number.isFinite(n) || n < 0 ? null : Math.round(n);

/**
 * The counts to charge: the reported ones where the provider gave both input and output, else
 * each missing side estimated from its characters (a stopped stream whose service sent only the
 * input count keeps that count and estimates the output). Estimated counts have no cache part.
 */
function countsOf(call: CallUsage): { usage: BillableUsage; estimated: boolean } {
  const reported = call.reported;
  const input = whole(reported?.inputTokens);
  const output = whole(reported?.outputTokens);
  if (reported && input !== null && output !== null) {
    const billable = billableUsage(call.provider, {
      inputTokens: input,
      outputTokens: output,
      cachedInputTokens: whole(reported.cachedInputTokens),
      cacheWriteInputTokens: whole(reported.cacheWriteInputTokens),
    });
    if (billable) return { usage: billable, estimated: false };
  }
  // Anthropic's input count excludes its cache parts: with the output missing, add them back here.
  const cacheParts =
    call.provider === 'anthropic' ? (whole(reported?.cachedInputTokens) ?? 0) + (whole(reported?.cacheWriteInputTokens) ?? 0) : 0;
  return {
    usage: {
      inputTokens: input !== null ? input + cacheParts : estimateTokensFromChars(call.promptChars),
      cachedInputTokens: 0,
      cacheWriteInputTokens: 0,
      outputTokens: output ?? estimateTokensFromChars(call.outputChars),
    },
    estimated: true,
  };
}

/**
 * The usage_events row for a call. `overrides` are the user's own prices (they win over the table);
 * `day` (YYYY-MM-DD, UTC) picks between announced price changes. The cost is null when the model
 * has no known price: the row then shows its tokens and "price unknown", never a made-up amount.
 */
export function ledgerRowOf(call: CallUsage, context: UsageContext, overrides: readonly UserPrice[], day: string): UsageRow {
  const { usage, estimated } = countsOf(call);
  const images = Math.max(0, Math.round(call.images ?? 0));
  const searches = Math.max(0, Math.round(call.searches ?? 0));
  const price = priceFor(call.provider, call.model, overrides, day);
  return {
    feature: context.feature,
    surface: context.surface,
    provider: call.provider,
    model: call.model,
    input_tokens: usage.inputTokens,
    cached_input_tokens: usage.cachedInputTokens,
    cache_write_input_tokens: usage.cacheWriteInputTokens ?? 0,
    output_tokens: usage.outputTokens,
    images,
    searches,
    estimated,
    outcome: call.outcome,
    cost_micros: price ? costOf({ ...usage, images, searches }, price) : null,
    price: price ? appliedPrice(price) : null,
    subject_kind: context.subject?.kind ?? null,
    subject_id: context.subject?.id ?? null,
    step_index: context.stepIndex ?? null,
  };
}

/** Today in UTC as YYYY-MM-DD (the day a price is looked up for). */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** A user's price override as the database keeps it (usage_price_overrides) → the priceFor shape. */
export interface PriceOverrideRow {
  provider: string;
  model: string;
  input_per_million: number;
  cached_input_per_million: number | null;
  output_per_million: number;
  per_image: number | null;
  per_search: number | null;
}

export const userPriceOf = (row: PriceOverrideRow): UserPrice => ({
  sourceKind: 'user',
  provider: row.provider as ProviderId,
  model: row.model,
  inputPerMillion: row.input_per_million,
  ...(row.cached_input_per_million !== null ? { cachedInputPerMillion: row.cached_input_per_million } : {}),
  outputPerMillion: row.output_per_million,
  ...(row.per_image !== null ? { perImage: row.per_image } : {}),
  ...(row.per_search !== null ? { perSearch: row.per_search } : {}),
});
