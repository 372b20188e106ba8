import { OPENAI_PRICES } from './openAiPriceRows.ts';
import type { TablePrice } from './prices.ts';
import { PRICES_CHECKED_ON, usd } from './priceUnits.ts';

/**
 * What each provider charges per model, for the usage ledger (cost.ts does the math). Users pay
 * their providers with their own keys, so a price here only ever explains a bill, never makes one.
 *
 * Rules of the table:
 * - Every row names the public page it came from and the day it was read (PRICES_CHECKED_ON).
 *   `sourceKind: 'provider'` is the provider's own page; 'third-party' means only another site was
 *   found stating the price (a gateway, a changelog of a cost tool, a transcription of the
 *   provider's page), the most recent one found. `sourceDate` is the date the source itself gives.
 * - No price is guessed: a model without a found price has no row, and the app says "price unknown".
 *   A row without a cached-input or cache-write price charges those tokens at its input price (an
 *   upper bound, never an invented discount).
 * - Prices are standard pay-as-you-go (no batch, flex, fast or regional tiers), in USD, stored as
 *   integer micro-dollars per 1M tokens ($0.075 → 75_000) so sums stay exact.
 * - Per image prices: no row has one. Image inputs are billed as input tokens by every provider
 *   here, and image models charge a picture as output tokens (the provider reports them); the
 *   field exists for user overrides.
 * - Per search prices: the providers' own search tools (withSearchFees below) on their chat rows,
 *   charged for every search the answer reports. Free allowances are not counted (an upper bound).
 *   The BYOK search services (Brave, Tavily, SearXNG) have no row: their plans bill by credits or
 *   subscriptions, and a SearXNG server is the user's own.
 * - Hugging Face: the Inference Providers router passes on the serving provider's price, which for
 *   the same model differs by up to 4.4x between providers (openai/gpt-oss-120b over 10 providers,
 *   https://huggingface.co/datasets/hardik90/hf-inference-pricing-matrix/discussions/1, 2026-08-01)
 *   and depends on the routing (`:fastest`, `:cheapest`, `:<provider>`), so no row: the live
 *   `GET /v1/models` list reports each provider's price, to be passed in as an override.
 * - Custom ChatGPT (a user's own OpenAI-compatible server): no row; the user sets a price (0 for a
 *   local model). Without a custom base URL it calls OpenAI, so the caller looks up 'openai'.
 */

export { PRICES_CHECKED_ON } from './priceUnits.ts';

/** A provider's own web search, charged per search on top of the tokens, with the page that says so. */
const SEARCH_FEES: Partial<Record<TablePrice['provider'], { perSearch: number; models: RegExp; note: string }>> = {
  anthropic: {
    perSearch: usd('0.01'),
    models: /^claude-/,
    note: 'Web search: $10 per 1,000 searches (https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool, "Usage and pricing").',
  },
  gemini: {
    perSearch: usd('0.014'),
    models: /^gemini-3/,
    note: 'Grounding with Google Search on Gemini 3 models: $14 per 1,000 search queries after 5,000 free a month (https://ai.google.dev/gemini-api/docs/pricing; the free queries are not counted here).',
  },
};

/** The chat rows of providers with their own search tool, with its fee per search. */
const withSearchFees = (rows: readonly TablePrice[]): TablePrice[] =>
  rows.map((row) => {
    const fee = SEARCH_FEES[row.provider];
    if (!fee || row.kind !== 'chat' || !fee.models.test(row.model)) return row;
    return { ...row, perSearch: fee.perSearch, note: row.note ? `${row.note} ${fee.note}` : fee.note };
  });

export const PRICES: readonly TablePrice[] = withSearchFees([
  ...OPENAI_PRICES,
  // Anthropic. Preferences: claude-sonnet-5-5, claude-haiku-4-5, claude-opus-5-5.
  {
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    kind: 'chat',
    inputPerMillion: usd('2.00'),
    cachedInputPerMillion: usd('0.10'),
    cacheWritePerMillion: usd('2.50'),
    outputPerMillion: usd('10.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://github.com/kurofune/claudit/releases/tag/v1.9.2',
    sourceDate: '2026-10-24',
    checkedOn: PRICES_CHECKED_ON,
    note: "Anthropic cut cache reads from $0.20 to $0.10 on 2026-10-07 (checked against the live pricing page on 2026-10-24); the stored copy of Anthropic's Sonnet 5.5 overview still shows $0.20. No long-context premium.",
  },
  {
    provider: 'anthropic',
    model: 'claude-haiku-5-5',
    kind: 'chat',
    inputPerMillion: usd('0.10'),
    cachedInputPerMillion: usd('0.01'),
    cacheWritePerMillion: usd('0.125'),
    outputPerMillion: usd('0.50'),
    longContext: {
      aboveInputTokens: 100_000,
      inputPerMillion: usd('0.50'),
      cachedInputPerMillion: usd('0.05'),
      cacheWritePerMillion: usd('0.625'),
      outputPerMillion: usd('2.50'),
    },
    sourceKind: 'third-party',
    sourceUrl: 'https://github.com/kurofune/claudit/releases/tag/v1.9.2',
    sourceDate: '2026-10-24',
    checkedOn: PRICES_CHECKED_ON,
    note: 'A prompt (input + cache reads + cache writes) over 100,000 tokens moves every token of the request to the higher band.',
  },
  {
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    aliases: ['claude-haiku-4-5-20251001'],
    kind: 'chat',
    inputPerMillion: usd('1.00'),
    outputPerMillion: usd('5.00'),
    sourceKind: 'provider',
    sourceUrl: 'https://platform.claude.com/docs/zh-CN/models/haiku-4-5/overview.md',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Legacy model. The overview gives input and output only: cache reads and writes are priced as input.',
  },
  {
    provider: 'anthropic',
    model: 'claude-opus-5-5',
    kind: 'chat',
    inputPerMillion: usd('4.00'),
    cachedInputPerMillion: usd('0.20'),
    cacheWritePerMillion: usd('5.00'),
    outputPerMillion: usd('20.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://github.com/kurofune/claudit/releases/tag/v1.8.2',
    sourceDate: '2026-09-23',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Checked against the live pricing page on 2026-09-23; the 2026-10-24 recheck (v1.9.2) found it unchanged.',
  },
  {
    provider: 'anthropic',
    model: 'claude-sonnet-5',
    kind: 'chat',
    inputPerMillion: usd('2.00'),
    cachedInputPerMillion: usd('0.20'),
    cacheWritePerMillion: usd('2.50'),
    outputPerMillion: usd('10.00'),
    sourceKind: 'provider',
    sourceUrl: 'https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Legacy model.',
  },
  {
    provider: 'anthropic',
    model: 'claude-opus-5',
    kind: 'chat',
    inputPerMillion: usd('5.00'),
    cachedInputPerMillion: usd('0.50'),
    cacheWritePerMillion: usd('6.25'),
    outputPerMillion: usd('25.00'),
    sourceKind: 'provider',
    sourceUrl: 'https://platform.claude.com/docs/en/models/opus-5/overview',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Legacy model.',
  },

  // Gemini. Preferences: gemini-3.8-flash, gemini-3.5-flash-lite, gemini-3.1-flash-lite.
  {
    provider: 'gemini',
    model: 'gemini-3.8-flash',
    kind: 'chat',
    inputPerMillion: usd('0.75'),
    cachedInputPerMillion: usd('0.075'),
    outputPerMillion: usd('3.75'),
    effectiveUntil: '2026-12-31',
    sourceKind: 'third-party',
    sourceUrl: 'https://github.com/BerriAI/litellm/discussions/39357',
    checkedOn: PRICES_CHECKED_ON,
    note: "Half-price launch offer through 2026-12-31, as also transcribed from Google's pricing page (api-evangelist/deepmind, read 2026-10-07). Output includes thinking tokens.",
  },
  {
    provider: 'gemini',
    model: 'gemini-3.8-flash',
    kind: 'chat',
    inputPerMillion: usd('1.50'),
    outputPerMillion: usd('7.50'),
    effectiveFrom: '2027-01-01',
    sourceKind: 'third-party',
    sourceUrl: 'https://github.com/BerriAI/litellm/discussions/39357',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Announced standard price from 2027-01-01; no cached rate was announced, so cached tokens are priced as input.',
  },
  {
    provider: 'gemini',
    model: 'gemini-3.5-flash-lite',
    kind: 'chat',
    inputPerMillion: usd('0.30'),
    outputPerMillion: usd('2.50'),
    sourceKind: 'third-party',
    sourceUrl: 'https://raw.githubusercontent.com/api-evangelist/deepmind/refs/heads/main/plans/deepmind-plans-pricing.yml',
    sourceDate: '2026-10-07',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Quoted verbatim from https://ai.google.dev/gemini-api/docs/pricing (page read 2026-10-07). The transcription has no cached rate: cached tokens are priced as input.',
  },
  {
    provider: 'gemini',
    model: 'gemini-3.5-flash',
    kind: 'chat',
    inputPerMillion: usd('1.50'),
    outputPerMillion: usd('9.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://raw.githubusercontent.com/api-evangelist/deepmind/refs/heads/main/plans/deepmind-plans-pricing.yml',
    sourceDate: '2026-10-07',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Quoted verbatim from https://ai.google.dev/gemini-api/docs/pricing (page read 2026-10-07). The transcription has no cached rate: cached tokens are priced as input.',
  },
  {
    provider: 'gemini',
    model: 'gemini-3.1-flash-lite',
    kind: 'chat',
    inputPerMillion: usd('0.25'),
    outputPerMillion: usd('1.50'),
    sourceKind: 'third-party',
    sourceUrl: 'https://www.morphllm.com/gemini-api-pricing',
    checkedOn: PRICES_CHECKED_ON,
    note: "The page says its rates are from Google's pricing page; undated. No cached rate: cached tokens are priced as input.",
  },
  {
    provider: 'gemini',
    model: 'gemini-embedding-001',
    kind: 'embedding',
    inputPerMillion: usd('0.15'),
    outputPerMillion: 0,
    sourceKind: 'third-party',
    sourceUrl: 'https://openrouter.ai/google/gemini-embedding-001',
    checkedOn: PRICES_CHECKED_ON,
    note: "Same rate as Google's launch post (developers.googleblog.com, 2025) quoted in simonw/llm-gemini#102.",
  },

  // Cohere. Preferences: command-a-03-2025, command-r7b-12-2024; embeddings: embed-v4.0.
  {
    provider: 'cohere',
    model: 'command-a-03-2025',
    aliases: ['command-a'],
    kind: 'chat',
    inputPerMillion: usd('2.50'),
    outputPerMillion: usd('10.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://www.getmaxim.ai/bifrost/model-library/provider/cohere',
    checkedOn: PRICES_CHECKED_ON,
    note: "Undated gateway listing (Glama lists the same). Cohere's own pricing page (captured 2026-11-11 by flexprice) shows only Command A+, Command R, Command R7B and Transcribe.",
  },
  {
    provider: 'cohere',
    model: 'command-r7b-12-2024',
    aliases: ['command-r7b'],
    kind: 'chat',
    inputPerMillion: usd('0.0375'),
    outputPerMillion: usd('0.15'),
    sourceKind: 'third-party',
    sourceUrl: 'https://developer.puter.com/tutorials/cohere-api-pricing/',
    checkedOn: PRICES_CHECKED_ON,
    note: "Cohere's prices as summarised in June 2026 (OpenRouter lists the same).",
  },
  {
    provider: 'cohere',
    model: 'command-r-08-2024',
    aliases: ['command-r'],
    kind: 'chat',
    inputPerMillion: usd('0.15'),
    outputPerMillion: usd('0.60'),
    sourceKind: 'third-party',
    sourceUrl: 'https://docs.flexprice.io/cookbooks/pricing-teardowns/cohere-pricing',
    sourceDate: '2026-11-11',
    checkedOn: PRICES_CHECKED_ON,
    note: "From a capture of Cohere's pricing page taken 2026-11-11.",
  },
  {
    provider: 'cohere',
    model: 'embed-v4.0',
    kind: 'embedding',
    inputPerMillion: usd('0.12'),
    outputPerMillion: 0,
    sourceKind: 'third-party',
    sourceUrl: 'https://developer.puter.com/tutorials/cohere-api-pricing/',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Text inputs; June 2026 summary of Cohere pricing.',
  },

  // AI21. Preferences: jamba-large, jamba-mini (aliases of the dated ids in docs/providers.md §5).
  {
    provider: 'ai21',
    model: 'jamba-large',
    aliases: ['jamba-large-1.7-2025-07'],
    kind: 'chat',
    inputPerMillion: usd('2.00'),
    outputPerMillion: usd('8.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://github.com/braintrustdata/braintrust-proxy/issues/487',
    checkedOn: PRICES_CHECKED_ON,
    note: "Quoted there from AI21's pricing page; undated (OpenRouter lists Jamba Large 1.7 at the same rate).",
  },
  {
    provider: 'ai21',
    model: 'jamba-mini',
    aliases: ['jamba-mini-2-2026-01'],
    kind: 'chat',
    inputPerMillion: usd('0.20'),
    outputPerMillion: usd('0.40'),
    sourceKind: 'third-party',
    sourceUrl: 'https://raw.githubusercontent.com/api-evangelist/ai21-labs/refs/heads/main/plans/ai21-labs-plans-pricing.yml',
    sourceDate: '2026-10-07',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Quoted verbatim from https://www.ai21.com/pricing/ (page read 2026-10-07), which prices "Jamba Mini" without a version.',
  },
  // Image models (shared/ai/imageGeneration.ts): the prompt is text input, the picture is output tokens.
  {
    provider: 'openai',
    model: 'gpt-image-1.5',
    kind: 'image',
    inputPerMillion: usd('5.00'),
    outputPerMillion: usd('32.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://www.llmreference.com/model/gpt-image-1.5/openai-api',
    sourceDate: '2026-05-10',
    checkedOn: PRICES_CHECKED_ON,
    note: "Output $32 per 1M image tokens (a 1024x1024 medium picture is 1,056 tokens, $0.034); text input $5 as Vercel AI Gateway passes it on at OpenAI's rate.",
  },
  {
    provider: 'openai',
    model: 'gpt-image-1',
    kind: 'image',
    inputPerMillion: usd('5.00'),
    outputPerMillion: usd('40.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://community.openai.com/t/gpt-image-1-collected-pricing-information-and-why-responses-is-undocumented/1275254',
    checkedOn: PRICES_CHECKED_ON,
    note: "Text input $5, image output $40 per 1M tokens, collected from OpenAI's pricing page.",
  },
  {
    provider: 'openai',
    model: 'gpt-image-1-mini',
    kind: 'image',
    inputPerMillion: usd('2.00'),
    outputPerMillion: usd('8.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://community.openai.com/t/what-is-the-difference-between-image-generation-and-output-of-image-tokens/1371851',
    checkedOn: PRICES_CHECKED_ON,
    note: "Output $8 per 1M image tokens ($0.002176 for 272 tokens); text input $2 as OpenAI's model page lists it.",
  },
  {
    provider: 'gemini',
    model: 'gemini-2.5-flash-image',
    kind: 'image',
    inputPerMillion: usd('0.30'),
    outputPerMillion: usd('30.00'),
    sourceKind: 'third-party',
    sourceUrl: 'https://discuss.ai.google.dev/t/issue-with-url-context-tooling/101173',
    checkedOn: PRICES_CHECKED_ON,
    note: 'Quoted from https://ai.google.dev/gemini-api/docs/pricing: 1,290 output tokens per picture up to 1024x1024 at $30 per 1M, $0.039 a picture.',
  },
]);
