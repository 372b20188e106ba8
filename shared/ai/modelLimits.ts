import type { ProviderId } from '../core/providerKeys.ts';

/**
 * The most output tokens a model takes, per model family, for the services that need a number
 * with every request (Anthropic requires max_tokens and refuses one above the model's limit; AI21
 * caps Jamba at 4,096). Others choose their own and are sent none. Checked November 2026
 * (docs/providers.md §3 and §5, row 8); an unknown Claude gets the smallest current limit.
 */
const ANTHROPIC_FAMILIES: readonly [RegExp, number][] = [
  [/^claude-(opus|sonnet|fable|haiku)-5/, 128_000],
  [/^claude-(opus|sonnet)-4-[6-9]/, 128_000],
  [/^claude-(opus|sonnet|haiku)-4-5/, 64_000],
  [/^claude-opus-4-1/, 32_000],
  [/^claude-opus-4(?!-\d)/, 32_000],
  [/^claude-sonnet-4(?!-\d)/, 64_000],
  [/^claude-3-7-sonnet/, 64_000],
  [/^claude-3-5-/, 8_192],
  [/^claude-3-/, 4_096],
];
const ANTHROPIC_UNKNOWN = 8_192;
const AI21_LIMIT = 4_096;

/** The model's output-token limit where its service needs one sent, else undefined. */
export function maxOutputTokensFor(provider: 'anthropic', model: string): number;
export function maxOutputTokensFor(provider: ProviderId, model: string): number | undefined;
export function maxOutputTokensFor(provider: ProviderId, model: string): number | undefined {
  if (provider === 'anthropic') return ANTHROPIC_FAMILIES.find(([family]) => family.test(model))?.[1] ?? ANTHROPIC_UNKNOWN;
  if (provider === 'ai21') return AI21_LIMIT;
  return undefined;
}
