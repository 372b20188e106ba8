import type { ProviderId } from '../providerKeys.ts';
import { PRICES, PRICES_CHECKED_ON } from './priceTable.ts';

// The shapes of a price (the table itself is priceTable.ts) and how a model's price is found.

type PriceSourceKind = 'provider' | 'third-party';

/** Micro-dollars (1e-6 USD). */
export type Micros = number;

/** The rates one request is charged at. */
export interface PriceRates {
  /** Per 1M input tokens not read from or written to a cache. */
  inputPerMillion: Micros;
  /** Per 1M input tokens read from the provider's prompt cache (absent: the input rate). */
  cachedInputPerMillion?: Micros;
  /** Per 1M input tokens written to the cache (Anthropic 5-minute writes, OpenAI 30-minute writes; absent: the input rate). */
  cacheWritePerMillion?: Micros;
  /** Per 1M output tokens, reasoning and thinking tokens included (0 for embeddings). */
  outputPerMillion: Micros;
  /** Per image generated, where a provider charges per image rather than per token. */
  perImage?: Micros;
  /** Per search or grounding request, where a provider charges per request. */
  perSearch?: Micros;
  /**
   * Rates for the whole request once its input (cached and cache-written tokens included) is above
   * `aboveInputTokens` (OpenAI: more than 272K; Anthropic Haiku 5.5: more than 100K).
   */
  longContext?: Omit<PriceRates, 'longContext' | 'perImage' | 'perSearch'> & { aboveInputTokens: number };
}

export interface TablePrice extends PriceRates {
  provider: ProviderId;
  /** The model id as the provider's API names it. */
  model: string;
  /** Other ids the source names for the same model at the same price (aliases, pinned versions). */
  aliases?: readonly string[];
  kind: 'chat' | 'embedding' | 'image';
  /** First and last day (YYYY-MM-DD, inclusive) the price applies, for announced price changes. */
  effectiveFrom?: string;
  effectiveUntil?: string;
  sourceKind: PriceSourceKind;
  sourceUrl: string;
  /** The date the source itself gives (published, or "checked on"), when it gives one. */
  sourceDate?: string;
  /** When the source was read for this table. */
  checkedOn: string;
  note?: string;
}

/** A price the user set: a negotiated rate, or their own server's (0 for a local model). */
export interface UserPrice extends PriceRates {
  sourceKind: 'user';
  provider: ProviderId;
  model: string;
}

export type ModelPrice = TablePrice | UserPrice;

/**
 * The ids to look a model up by, most specific first: the id as given, then the id under each
 * documented naming rule of its provider.
 * - Gemini lists ids as `models/<id>` (docs/providers.md §2 rows 4, 7).
 * - OpenAI pins snapshots as `<alias>-YYYY-MM-DD` (e.g. gpt-4.1-2025-04-14).
 * - Anthropic pins snapshots as `<alias>-YYYYMMDD` (e.g. claude-haiku-4-5-20251001).
 * - Hugging Face adds a routing suffix `:fastest`, `:cheapest` or `:<provider>` (§6 row 4); only
 *   overrides can match there, as the table has no Hugging Face rows.
 * Case is ignored: no two models here differ only in case, and a user may type `GPT-6.1-Terra`.
 */
function lookupIds(provider: ProviderId, model: string): string[] {
  let id = model.trim().toLowerCase();
  const ids = [id];
  const add = (next: string) => {
    if (next !== id) ids.push((id = next));
  };
  if (provider === 'gemini') add(id.replace(/^models\//, ''));
  if (provider === 'openai' || provider === 'chatgpt_custom') add(id.replace(/-\d{4}-\d{2}-\d{2}$/, ''));
  if (provider === 'anthropic') add(id.replace(/-\d{8}$/, ''));
  if (provider === 'huggingface') add(id.replace(/:[^/:]+$/, ''));
  return ids;
}

const namesOf = (row: { model: string; aliases?: readonly string[] }) => [row.model, ...(row.aliases ?? [])].map((m) => m.toLowerCase());

const inEffect = (row: TablePrice, on: string) =>
  (row.effectiveFrom === undefined || row.effectiveFrom <= on) && (row.effectiveUntil === undefined || on <= row.effectiveUntil);

/**
 * The price of a model, or null when none is known ("price unknown"). A user's override for the
 * provider and model wins over the table. `on` is the day the call was (or will be) made,
 * YYYY-MM-DD; it picks between announced price changes and defaults to the day the table was checked.
 */
export function priceFor(
  provider: ProviderId,
  model: string,
  overrides: readonly UserPrice[] = [],
  on: string = PRICES_CHECKED_ON,
): ModelPrice | null {
  const ids = lookupIds(provider, model);
  const matches = (price: ModelPrice, id: string) => price.provider === provider && namesOf(price).includes(id);
  for (const id of ids) {
    const override = overrides.find((price) => matches(price, id));
    if (override) return override;
  }
  for (const id of ids) {
    const row = PRICES.find((price) => matches(price, id) && inEffect(price, on));
    if (row) return row;
  }
  return null;
}
