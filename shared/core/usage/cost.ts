import type { ProviderId } from '../providerKeys.ts';
import type { Micros, PriceRates } from './prices.ts';

/**
 * The money side of the usage ledger: what a call cost from its token counts and a price
 * (prices.ts), how an amount reads, and what a job will roughly cost before it starts. Pure.
 *
 * Amounts are integer micro-dollars (1e-6 of the currency unit). Rounding rule: a call's cost is
 * summed exactly (BigInt) from all its parts and rounded once, to the nearest micro-dollar, halves
 * up; ledger totals are exact sums of those integers. An estimate is rounded the same way once for
 * the whole job.
 */

/** Token counts in one convention for every provider (see billableUsage for how each maps). */
export interface BillableUsage {
  /** Every prompt token of the call: uncached, read from the cache and written to it. */
  inputTokens: number;
  /** Of inputTokens, those read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Of inputTokens, those written to the cache (Anthropic's cache_creation_input_tokens); 0 when absent. */
  cacheWriteInputTokens?: number;
  /** Every generated token, reasoning and thinking included. */
  outputTokens: number;
  /** Images charged per image (generation); image inputs are already in inputTokens. */
  images?: number;
  /** Search or grounding requests charged per request. */
  searches?: number;
}

/** Tokens as a protocol adapter reports them (shared/ai/protocol/types.ts TokenUsage; null: not reported). */
export interface ReportedTokenUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  cachedInputTokens: number | null;
  cacheWriteInputTokens?: number | null;
}

/**
 * A provider's reported counts in the BillableUsage convention, or null when the input or output
 * count is missing (the ledger then says "usage not reported" rather than charging nothing).
 * - OpenAI, Custom ChatGPT, Cohere's compatibility layer, AI21, Hugging Face (OpenAI's shape):
 *   `prompt_tokens` already includes `prompt_tokens_details.cached_tokens`; `completion_tokens`
 *   includes reasoning tokens.
 * - Gemini: `promptTokenCount` already includes `cachedContentTokenCount`; output is
 *   `candidatesTokenCount + thoughtsTokenCount` (the Gemini adapter adds them before reporting).
 * - Anthropic: `input_tokens` counts only the uncached part; `cache_read_input_tokens` and
 *   `cache_creation_input_tokens` come on top, so they are added here; `output_tokens` includes thinking.
 * A cached count above the prompt count (a server's own arithmetic) is capped at the prompt.
 */
export function billableUsage(provider: ProviderId, reported: ReportedTokenUsage): BillableUsage | null {
  if (reported.inputTokens === null || reported.outputTokens === null) return null;
  const cached = reported.cachedInputTokens ?? 0;
  const cacheWrite = reported.cacheWriteInputTokens ?? 0;
  const inputTokens = provider === 'anthropic' ? reported.inputTokens + cached + cacheWrite : reported.inputTokens;
  const cachedInputTokens = Math.min(cached, inputTokens);
  return {
    inputTokens,
    cachedInputTokens,
    cacheWriteInputTokens: Math.min(cacheWrite, inputTokens - cachedInputTokens),
    outputTokens: reported.outputTokens,
  };
}

const TOKENS_PER_MILLION = 1_000_000n;

function count(value: number | undefined, name: string): bigint {
  const n = value ?? 0;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number of at least 0, not ${n}.`);
  return BigInt(n);
}

/**
 * The exact cost in millionths of a micro-dollar (micro-dollars × 1M tokens), before rounding:
 * each token class at its rate per 1M tokens, plus per-image and per-search charges.
 */
function exactCost(usage: BillableUsage, price: PriceRates): bigint {
  const input = count(usage.inputTokens, 'inputTokens');
  const cached = count(usage.cachedInputTokens, 'cachedInputTokens');
  const cacheWrite = count(usage.cacheWriteInputTokens, 'cacheWriteInputTokens');
  if (cached + cacheWrite > input) throw new RangeError('Cached and cache-written tokens are part of inputTokens and cannot exceed it.');
  const long = price.longContext;
  // Above the threshold the whole request moves to the long-context rates (OpenAI, Anthropic Haiku 5.5).
  const rates = long && input > BigInt(long.aboveInputTokens) ? long : price;
  const rate = (micros: Micros | undefined, fallback: Micros) => BigInt(micros ?? fallback);
  return (
    (input - cached - cacheWrite) * rate(rates.inputPerMillion, 0) +
    cached * rate(rates.cachedInputPerMillion, rates.inputPerMillion) +
    cacheWrite * rate(rates.cacheWritePerMillion, rates.inputPerMillion) +
    count(usage.outputTokens, 'outputTokens') * rate(rates.outputPerMillion, 0) +
    (count(usage.images, 'images') * rate(price.perImage, 0) + count(usage.searches, 'searches') * rate(price.perSearch, 0)) *
      TOKENS_PER_MILLION
  );
}

/** Exact millionths of a micro-dollar → micro-dollars, to the nearest, halves up. */
function roundToMicros(exact: bigint): Micros {
  const micros = (exact + TOKENS_PER_MILLION / 2n) / TOKENS_PER_MILLION;
  if (micros > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('The amount is too large to count in micro-dollars.');
  return Number(micros);
}

/** What one call cost, in micro-dollars (see the rounding rule above). */
export function costOf(usage: BillableUsage, price: PriceRates): Micros {
  return roundToMicros(exactCost(usage, price));
}

/**
 * An amount for people: "$1,234.57" to the cent; below a cent "$0.0042" (to a hundredth of a cent,
 * as single AI calls often cost less than a cent); below that "<$0.0001". Rounded halves up on the
 * integer amount, so no float rounding decides a digit.
 */
export function formatMoney(amountMicros: Micros, currency = 'USD'): string {
  if (!Number.isSafeInteger(amountMicros)) throw new RangeError(`Not a whole number of micro-dollars: ${amountMicros}`);
  const magnitude = Math.abs(amountMicros);
  const decimals = magnitude === 0 || magnitude >= 10_000 ? 2 : 4;
  const unit = 10 ** (6 - decimals);
  const rounded = Math.floor((magnitude + unit / 2) / unit);
  const format = (value: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);
  const sign = amountMicros < 0 ? -1 : 1;
  if (rounded === 0 && magnitude > 0) return sign > 0 ? `<${format(0.0001)}` : `>${format(-0.0001)}`;
  return format((sign * rounded) / 10 ** decimals);
}

/**
 * Characters per token, for estimates only: OpenAI's rule of thumb for English text (about 4
 * characters a token). Code, numbers and most non-Latin scripts take more tokens per character, so
 * an estimate for them runs low; the ledger itself always uses the provider's reported counts.
 */
export const ESTIMATED_CHARS_PER_TOKEN = 4;

/** A token estimate for a prompt of `chars` characters (rounded up). */
export const estimateTokensFromChars = (chars: number): number => Math.ceil(Math.max(0, chars) / ESTIMATED_CHARS_PER_TOKEN);

export interface OutputTokenRange {
  low: number;
  high: number;
}

/**
 * Output tokens a call typically produces, per kind of job: the app's own working assumptions (not
 * from any provider), to be tuned from the ledger's real counts. The high ends leave room for some
 * reasoning tokens, which are billed as output; a reasoning model at high effort can exceed them.
 */
export const TYPICAL_OUTPUT_TOKENS = {
  /** A label, a score, a yes/no, a few extracted fields. */
  'short-answer': { low: 20, high: 400 },
  /** A chat reply, a rewritten paragraph, a short post. */
  reply: { low: 150, high: 1_500 },
  /** A summary of a page or a document. */
  summary: { low: 150, high: 1_000 },
  /** A document section, a page of copy, a long draft. */
  'long-document': { low: 1_000, high: 8_000 },
  /** Embeddings generate nothing. */
  embedding: { low: 0, high: 0 },
} as const satisfies Record<string, OutputTokenRange>;

type JobKind = keyof typeof TYPICAL_OUTPUT_TOKENS;

/** One step of a job: its prompt size, how many calls make it (items × steps), their typical output. */
export interface EstimateStep {
  /** Characters sent per call (system prompt, instructions and the item's text). */
  promptChars: number;
  calls: number;
  output: JobKind | OutputTokenRange;
}

/** A cost range before a job starts, in micro-dollars: an estimate, never a charge. */
export interface CostEstimate {
  low: Micros;
  high: Micros;
}

/**
 * What a job will roughly cost: each step's prompt estimated from its characters, its output from
 * the low and high typical sizes, times its calls; summed and rounded once. Assumes no cache hits.
 * Null when the price is unknown (the app then shows "price unknown", not $0).
 */
export function estimateRange(price: PriceRates | null, steps: readonly EstimateStep[]): CostEstimate | null {
  if (!price) return null;
  let low = 0n;
  let high = 0n;
  for (const step of steps) {
    const calls = count(step.calls, 'calls');
    const inputTokens = estimateTokensFromChars(step.promptChars);
    const output = typeof step.output === 'string' ? TYPICAL_OUTPUT_TOKENS[step.output] : step.output;
    const perCall = (outputTokens: number) => exactCost({ inputTokens, cachedInputTokens: 0, outputTokens }, price);
    low += calls * perCall(output.low);
    high += calls * perCall(output.high);
  }
  return { low: roundToMicros(low), high: roundToMicros(high) };
}
