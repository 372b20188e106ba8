import { describe, expect, it } from 'vitest';
import {
  billableUsage,
  costOf,
  ESTIMATED_CHARS_PER_TOKEN,
  estimateRange,
  estimateTokensFromChars,
  formatMoney,
  TYPICAL_OUTPUT_TOKENS,
  type BillableUsage,
} from '@/shared/core/usage/cost.ts';
import { priceFor, type PriceRates } from '@/shared/core/usage/prices.ts';

/** $1 per 1M tokens in, $2 out, no cache prices: the simplest arithmetic. */
const ONE_DOLLAR: PriceRates = { inputPerMillion: 1_000_000, outputPerMillion: 2_000_000 };
const usage = (over: Partial<BillableUsage> = {}): BillableUsage => ({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, ...over });
const tablePrice = (...args: Parameters<typeof priceFor>) => {
  const price = priceFor(...args);
  if (!price) throw new Error(`no price for ${args[1]}`);
  return price;
};

describe('costOf', () => {
  it('prices per million tokens, in micro-dollars', () => {
    expect(costOf(usage({ inputTokens: 1_000_000 }), ONE_DOLLAR)).toBe(1_000_000);
    expect(costOf(usage({ outputTokens: 1_000_000 }), ONE_DOLLAR)).toBe(2_000_000);
    expect(costOf(usage({ inputTokens: 1, outputTokens: 1 }), ONE_DOLLAR)).toBe(3);
    expect(costOf(usage(), ONE_DOLLAR)).toBe(0);
    // gpt-6.1-terra: 12,345 in at $1, 678 out at $5.
    expect(costOf(usage({ inputTokens: 12_345, outputTokens: 678 }), tablePrice('openai', 'gpt-6.1-terra'))).toBe(12_345 + 3_390);
  });

  it('charges cached and cache-written input at their own rates, as parts of the input', () => {
    const sonnet = tablePrice('anthropic', 'claude-sonnet-5-5'); // $2 in, $0.10 cache read, $2.50 cache write, $10 out
    // 8,000 input: 1,000 uncached, 5,000 read from the cache, 2,000 written to it.
    expect(costOf(usage({ inputTokens: 8_000, cachedInputTokens: 5_000, cacheWriteInputTokens: 2_000, outputTokens: 100 }), sonnet)).toBe(
      2_000 + 500 + 5_000 + 1_000,
    );
    const terra = tablePrice('openai', 'gpt-6.1-terra'); // $1 in, $0.05 cached
    expect(costOf(usage({ inputTokens: 10_000, cachedInputTokens: 4_000 }), terra)).toBe(6_000 + 200);
  });

  it('charges cached tokens at the input rate when no cached price is published (never an invented discount)', () => {
    expect(costOf(usage({ inputTokens: 10_000, cachedInputTokens: 10_000 }), ONE_DOLLAR)).toBe(10_000);
    expect(costOf(usage({ inputTokens: 10_000, cacheWriteInputTokens: 4_000 }), ONE_DOLLAR)).toBe(10_000);
    const haiku = tablePrice('anthropic', 'claude-haiku-4-5');
    expect(costOf(usage({ inputTokens: 1_000_000, cachedInputTokens: 600_000 }), haiku)).toBe(1_000_000);
  });

  it('rounds once per call to the nearest micro-dollar, halves up', () => {
    const tenCents: PriceRates = { inputPerMillion: 100_000, outputPerMillion: 100_000 }; // 0.1 µ$ a token
    expect(costOf(usage({ inputTokens: 4 }), tenCents)).toBe(0); // 0.4
    expect(costOf(usage({ inputTokens: 5 }), tenCents)).toBe(1); // 0.5 → up
    expect(costOf(usage({ inputTokens: 14 }), tenCents)).toBe(1); // 1.4
    expect(costOf(usage({ inputTokens: 15 }), tenCents)).toBe(2); // 1.5 → up
    // Parts are summed before rounding: 0.3 + 0.3 = 0.6 → 1, where rounding each part would give 0.
    expect(costOf(usage({ inputTokens: 3, outputTokens: 3 }), tenCents)).toBe(1);
    // $0.0375 per 1M (Command R7B): 40 tokens = 1.5 µ$ exactly, no float drift either side.
    const r7b = tablePrice('cohere', 'command-r7b-12-2024');
    expect(costOf(usage({ inputTokens: 40 }), r7b)).toBe(2);
    expect(costOf(usage({ inputTokens: 39 }), r7b)).toBe(1); // 1.4625
  });

  it('stays exact for large counts and refuses amounts it cannot hold', () => {
    const astra = tablePrice('openai', 'gpt-6-astra'); // $50 per 1M out
    expect(costOf(usage({ outputTokens: 1_000_000_000_000 }), astra)).toBe(50_000_000_000_000); // $50M
    expect(costOf(usage({ inputTokens: 999_999_999_999, outputTokens: 1 }), ONE_DOLLAR)).toBe(999_999_999_999 + 2);
    expect(() => costOf(usage({ outputTokens: Number.MAX_SAFE_INTEGER }), astra)).toThrow(RangeError);
  });

  it('moves the whole request to the long-context rates above the threshold, not at it', () => {
    const terra = tablePrice('openai', 'gpt-6.1-terra'); // short $1 / $5, long $2 / $7.50 above 272,000
    expect(costOf(usage({ inputTokens: 272_000, outputTokens: 1_000 }), terra)).toBe(272_000 + 5_000);
    expect(costOf(usage({ inputTokens: 272_001, outputTokens: 1_000 }), terra)).toBe(544_002 + 7_500);
    // Cached tokens count toward the threshold and take the long cached rate ($0.10).
    expect(costOf(usage({ inputTokens: 300_000, cachedInputTokens: 100_000 }), terra)).toBe(400_000 + 10_000);
    // Haiku 5.5: the band changes above 100,000 prompt tokens.
    const haiku = tablePrice('anthropic', 'claude-haiku-5-5');
    expect(costOf(usage({ inputTokens: 100_000, outputTokens: 10_000 }), haiku)).toBe(10_000 + 5_000);
    expect(costOf(usage({ inputTokens: 100_001, outputTokens: 10_000 }), haiku)).toBe(50_001 + 25_000);
  });

  it('charges images and searches only where the price has a per-unit rate', () => {
    const withTools: PriceRates = { ...ONE_DOLLAR, perImage: 40_000, perSearch: 14_000 };
    expect(costOf(usage({ inputTokens: 1_000, images: 2, searches: 3 }), withTools)).toBe(1_000 + 80_000 + 42_000);
    // No per-unit rate: images were billed as input tokens and are not charged again.
    expect(costOf(usage({ inputTokens: 1_000, images: 2, searches: 3 }), ONE_DOLLAR)).toBe(1_000);
  });

  it('charges the providers’ own web searches per search: Claude $10 and Gemini 3 $14 per 1,000; OpenAI and the rest none', () => {
    // claude-sonnet-5-5: 1,000 in at $2, 100 out at $10, 2 searches at $0.01.
    expect(costOf(usage({ inputTokens: 1_000, outputTokens: 100, searches: 2 }), tablePrice('anthropic', 'claude-sonnet-5-5'))).toBe(
      2_000 + 1_000 + 20_000,
    );
    expect(costOf(usage({ searches: 3 }), tablePrice('anthropic', 'claude-haiku-4-5'))).toBe(30_000);
    expect(costOf(usage({ searches: 1 }), tablePrice('gemini', 'gemini-3.8-flash', [], '2026-11-29'))).toBe(14_000);
    expect(costOf(usage({ searches: 1 }), tablePrice('gemini', 'gemini-3.8-flash', [], '2027-02-01'))).toBe(14_000);
    expect(tablePrice('gemini', 'gemini-3.5-flash')).toMatchObject({ note: expect.stringContaining('$14 per 1,000 search queries') });
    // Not a search tool's model: an embedding, an image model, a chat model without one.
    for (const [provider, model] of [
      ['gemini', 'gemini-embedding-001'],
      ['gemini', 'gemini-2.5-flash-image'],
      ['openai', 'gpt-6.1-terra'],
      ['cohere', 'command-a-03-2025'],
    ] as const)
      expect(tablePrice(provider, model).perSearch, model).toBeUndefined();
  });

  it('prices embeddings on input only', () => {
    const embed = tablePrice('openai', 'text-embedding-3-small'); // $0.02
    expect(costOf(usage({ inputTokens: 50_000_000 }), embed)).toBe(1_000_000);
  });

  it('refuses counts that are not whole, negative or inconsistent', () => {
    expect(() => costOf(usage({ inputTokens: -1 }), ONE_DOLLAR)).toThrow(RangeError);
    expect(() => costOf(usage({ outputTokens: 1.5 }), ONE_DOLLAR)).toThrow(RangeError);
    expect(() => costOf(usage({ inputTokens: Number.NaN }), ONE_DOLLAR)).toThrow(RangeError);
    expect(() => costOf(usage({ inputTokens: 10, cachedInputTokens: 11 }), ONE_DOLLAR)).toThrow(RangeError);
    expect(() => costOf(usage({ inputTokens: 10, cachedInputTokens: 6, cacheWriteInputTokens: 5 }), ONE_DOLLAR)).toThrow(RangeError);
  });
});

describe('billableUsage', () => {
  it("keeps OpenAI's shape: cached tokens are already part of prompt_tokens", () => {
    for (const provider of ['openai', 'chatgpt_custom', 'cohere', 'ai21', 'huggingface'] as const) {
      expect(billableUsage(provider, { inputTokens: 1_000, outputTokens: 200, cachedInputTokens: 400 })).toEqual({
        inputTokens: 1_000,
        cachedInputTokens: 400,
        cacheWriteInputTokens: 0,
        outputTokens: 200,
      });
    }
  });

  it("keeps Gemini's: cachedContentTokenCount is part of promptTokenCount (thoughts already added to output)", () => {
    expect(billableUsage('gemini', { inputTokens: 5_000, outputTokens: 900, cachedInputTokens: 4_096 })).toEqual({
      inputTokens: 5_000,
      cachedInputTokens: 4_096,
      cacheWriteInputTokens: 0,
      outputTokens: 900,
    });
  });

  it("adds Anthropic's cache reads and writes to input_tokens, which counts only the uncached part", () => {
    const billable = billableUsage('anthropic', {
      inputTokens: 1_000,
      outputTokens: 100,
      cachedInputTokens: 5_000,
      cacheWriteInputTokens: 2_000,
    });
    expect(billable).toEqual({ inputTokens: 8_000, cachedInputTokens: 5_000, cacheWriteInputTokens: 2_000, outputTokens: 100 });
    expect(costOf(billable!, tablePrice('anthropic', 'claude-sonnet-5-5'))).toBe(8_500);
    expect(billableUsage('anthropic', { inputTokens: 1_000, outputTokens: 100, cachedInputTokens: null })).toMatchObject({
      inputTokens: 1_000,
      cachedInputTokens: 0,
    });
  });

  it('is null when the input or output count was not reported, and caps a cached count above the prompt', () => {
    expect(billableUsage('openai', { inputTokens: null, outputTokens: 10, cachedInputTokens: null })).toBeNull();
    expect(billableUsage('gemini', { inputTokens: 10, outputTokens: null, cachedInputTokens: null })).toBeNull();
    expect(billableUsage('chatgpt_custom', { inputTokens: 100, outputTokens: 5, cachedInputTokens: 120 })).toMatchObject({
      inputTokens: 100,
      cachedInputTokens: 100,
    });
  });
});

describe('formatMoney', () => {
  it('shows cents from one cent up, grouped, rounded halves up on the integer amount', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(10_000)).toBe('$0.01');
    expect(formatMoney(1_234_567_890)).toBe('$1,234.57');
    expect(formatMoney(1_005_000)).toBe('$1.01'); // 1.005 as a float would round down
    expect(formatMoney(1_004_999)).toBe('$1.00');
    expect(formatMoney(-2_500_000)).toBe('-$2.50');
  });

  it('shows a hundredth of a cent below a cent, and "<$0.0001" below that', () => {
    expect(formatMoney(4_200)).toBe('$0.0042');
    expect(formatMoney(9_949)).toBe('$0.0099');
    expect(formatMoney(9_999)).toBe('$0.0100');
    expect(formatMoney(150)).toBe('$0.0002'); // 1.5 hundredths of a cent → up
    expect(formatMoney(49)).toBe('<$0.0001');
    expect(formatMoney(-49)).toBe('>-$0.0001');
  });

  it('formats other currencies and refuses non-integer amounts', () => {
    expect(formatMoney(1_000_000, 'EUR')).toBe('€1.00');
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});

describe('estimates', () => {
  it('estimates tokens at the documented 4 characters a token, rounded up', () => {
    expect(ESTIMATED_CHARS_PER_TOKEN).toBe(4);
    expect(estimateTokensFromChars(0)).toBe(0);
    expect(estimateTokensFromChars(1)).toBe(1);
    expect(estimateTokensFromChars(4)).toBe(1);
    expect(estimateTokensFromChars(5)).toBe(2);
    expect(estimateTokensFromChars(-3)).toBe(0);
  });

  it('is null when the price is unknown', () => {
    expect(estimateRange(null, [{ promptChars: 4_000, calls: 10, output: 'reply' }])).toBeNull();
    expect(estimateRange(priceFor('huggingface', 'openai/gpt-oss-120b'), [{ promptChars: 1, calls: 1, output: 'reply' }])).toBeNull();
  });

  it('gives a low and a high from the typical output of the kind of job, times the calls', () => {
    const luna = tablePrice('openai', 'gpt-6-luna'); // $0.10 in, $0.50 out
    expect(TYPICAL_OUTPUT_TOKENS.reply).toEqual({ low: 150, high: 1_500 });
    // 4,000 characters ≈ 1,000 tokens; 100 calls (e.g. 50 items × 2 steps).
    expect(estimateRange(luna, [{ promptChars: 4_000, calls: 100, output: 'reply' }])).toEqual({
      low: 100 * (100 + 75),
      high: 100 * (100 + 750),
    });
    expect(estimateRange(luna, [])).toEqual({ low: 0, high: 0 });
  });

  it('sums the steps of a job and takes explicit output ranges', () => {
    const sonnet = tablePrice('anthropic', 'claude-sonnet-5-5'); // $2 in, $10 out
    const estimate = estimateRange(sonnet, [
      { promptChars: 8_000, calls: 20, output: 'summary' }, // 2,000 tokens in
      { promptChars: 2_000, calls: 1, output: { low: 500, high: 700 } }, // 500 tokens in
    ]);
    expect(estimate).toEqual({
      low: 20 * (4_000 + 1_500) + (1_000 + 5_000),
      high: 20 * (4_000 + 10_000) + (1_000 + 7_000),
    });
    expect(estimate!.low).toBeLessThan(estimate!.high);
  });

  it('prices embedding jobs on input only, and rounds once for the whole job', () => {
    const embed = tablePrice('openai', 'text-embedding-3-small'); // $0.02 = 0.02 µ$ a token
    // 1,200-character passages ≈ 300 tokens; 1,000 of them = 300,000 tokens = 6,000 µ$.
    expect(estimateRange(embed, [{ promptChars: 1_200, calls: 1_000, output: 'embedding' }])).toEqual({ low: 6_000, high: 6_000 });
    // 25 tokens a call = 0.5 µ$; rounding each call would give 3 × 1, the job rounds 1.5 once → 2.
    expect(estimateRange(embed, [{ promptChars: 100, calls: 3, output: 'embedding' }])).toEqual({ low: 2, high: 2 });
  });

  it('uses the long-context rates when a prompt is estimated above the threshold', () => {
    const terra = tablePrice('openai', 'gpt-6.1-terra');
    const chars = 300_000 * ESTIMATED_CHARS_PER_TOKEN;
    expect(estimateRange(terra, [{ promptChars: chars, calls: 1, output: { low: 0, high: 1_000 } }])).toEqual({
      low: 600_000,
      high: 600_000 + 7_500,
    });
  });

  it('refuses a call count that is not whole', () => {
    const luna = tablePrice('openai', 'gpt-6-luna');
    expect(() => estimateRange(luna, [{ promptChars: 10, calls: 1.5, output: 'reply' }])).toThrow(RangeError);
  });
});
