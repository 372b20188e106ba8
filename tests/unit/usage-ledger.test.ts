import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ledgerRowOf,
  USAGE_FEATURE_LABELS,
  USAGE_FEATURES,
  USAGE_SUBJECT_KINDS,
  USAGE_SURFACES,
  userPriceOf,
  type CallUsage,
} from '@/shared/core/usage/ledger.ts';
import type { UserPrice } from '@/shared/core/usage/prices.ts';

const DAY = '2026-11-29';
const call = (over: Partial<CallUsage> = {}): CallUsage => ({
  provider: 'openai',
  model: 'gpt-6.2-sol',
  reported: { inputTokens: 1_000, outputTokens: 200, cachedInputTokens: null },
  promptChars: 4_000,
  outputChars: 800,
  outcome: 'done',
  ...over,
});
const context = { feature: 'run', surface: 'dashboard' } as const;

describe('the migration and the module agree', () => {
  const sql = readFileSync('supabase/migrations/20261203000100_usage_ledger.sql', 'utf8');
  const listIn = (column: string) => {
    const match = new RegExp(`${column} text (?:not null )?check \\(${column} in \\(([^)]*)\\)`).exec(sql);
    if (!match) throw new Error(`no check for ${column}`);
    return [...match[1]!.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  };

  it('has the same features, surfaces and subject kinds, each feature with a label', () => {
    expect(listIn('feature')).toEqual([...USAGE_FEATURES]);
    expect(listIn('surface')).toEqual([...USAGE_SURFACES]);
    expect(listIn('subject_kind')).toEqual([...USAGE_SUBJECT_KINDS]);
    for (const feature of USAGE_FEATURES) expect(USAGE_FEATURE_LABELS[feature]).toMatch(/^[A-Z]/);
  });
});

describe('ledgerRowOf', () => {
  it('charges the reported counts at the table price and says where the price came from', () => {
    const row = ledgerRowOf(call(), { ...context, subject: { kind: 'prompt_run', id: 'r1' } }, [], DAY);
    // gpt-6.2-sol: $2 in, $10 out per 1M → 1,000 × 2 + 200 × 10 micro-dollars.
    expect(row).toMatchObject({
      feature: 'run',
      surface: 'dashboard',
      provider: 'openai',
      model: 'gpt-6.2-sol',
      input_tokens: 1_000,
      cached_input_tokens: 0,
      output_tokens: 200,
      estimated: false,
      outcome: 'done',
      cost_micros: 2_000 + 2_000,
      subject_kind: 'prompt_run',
      subject_id: 'r1',
      step_index: null,
      images: 0,
      searches: 0,
    });
    expect(row.price).toMatchObject({ source: 'table', inputPerMillion: 2_000_000, outputPerMillion: 10_000_000 });
    expect(row.price && row.price.source === 'table' && row.price.sourceUrl).toMatch(/^https:\/\//);
  });

  it('charges cached tokens at the cache rate (OpenAI counts them inside the prompt)', () => {
    const row = ledgerRowOf(call({ reported: { inputTokens: 1_000, outputTokens: 0, cachedInputTokens: 600 } }), context, [], DAY);
    expect(row.input_tokens).toBe(1_000);
    expect(row.cached_input_tokens).toBe(600);
    // 400 × $2 + 600 × $0.10 per 1M.
    expect(row.cost_micros).toBe(800 + 60);
  });

  it("adds Anthropic's cache reads and writes to its input count", () => {
    const row = ledgerRowOf(
      call({
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        reported: { inputTokens: 100, outputTokens: 10, cachedInputTokens: 1_000, cacheWriteInputTokens: 500 },
      }),
      context,
      [],
      DAY,
    );
    expect(row).toMatchObject({ input_tokens: 1_600, cached_input_tokens: 1_000, cache_write_input_tokens: 500, output_tokens: 10 });
    // 100 × $2 + 1,000 × $0.10 + 500 × $2.50 + 10 × $10 per 1M.
    expect(row.cost_micros).toBe(200 + 100 + 1_250 + 100);
  });

  it('estimates from the characters when nothing was reported, and marks the row', () => {
    const row = ledgerRowOf(call({ reported: null, promptChars: 4_001, outputChars: 8 }), context, [], DAY);
    expect(row).toMatchObject({ input_tokens: 1_001, output_tokens: 2, cached_input_tokens: 0, estimated: true });
    expect(row.cost_micros).toBe(1_001 * 2 + 2 * 10);
  });

  it('keeps a reported input count of a stopped stream and estimates only the output', () => {
    const row = ledgerRowOf(
      call({ outcome: 'stopped', reported: { inputTokens: 37, outputTokens: null, cachedInputTokens: null }, outputChars: 40 }),
      context,
      [],
      DAY,
    );
    expect(row).toMatchObject({ input_tokens: 37, output_tokens: 10, estimated: true, outcome: 'stopped' });
  });

  it('records a failed call with no text as zero output, estimated', () => {
    const row = ledgerRowOf(call({ outcome: 'failed', reported: null, promptChars: 8, outputChars: 0 }), context, [], DAY);
    expect(row).toMatchObject({ input_tokens: 2, output_tokens: 0, estimated: true, outcome: 'failed' });
  });

  it('leaves the cost and price empty for a model without a price, tokens still counted', () => {
    const row = ledgerRowOf(call({ provider: 'chatgpt_custom', model: 'llama3.2' }), context, [], DAY);
    expect(row).toMatchObject({ input_tokens: 1_000, output_tokens: 200, cost_micros: null, price: null });
  });

  it("applies the user's own price over the table's", () => {
    const mine: UserPrice = {
      sourceKind: 'user',
      provider: 'openai',
      model: 'gpt-6.2-sol',
      inputPerMillion: 1_000_000,
      outputPerMillion: 0,
    };
    const row = ledgerRowOf(call(), context, [mine], DAY);
    expect(row.cost_micros).toBe(1_000);
    expect(row.price).toEqual({ source: 'user', model: 'gpt-6.2-sol', inputPerMillion: 1_000_000, outputPerMillion: 0 });
    // A local model priced at 0 by its user costs 0, not "unknown".
    const local = userPriceOf({
      provider: 'chatgpt_custom',
      model: 'llama3.2',
      input_per_million: 0,
      cached_input_per_million: null,
      output_per_million: 0,
      per_image: null,
      per_search: null,
    });
    expect(ledgerRowOf(call({ provider: 'chatgpt_custom', model: 'llama3.2' }), context, [local], DAY).cost_micros).toBe(0);
  });

  it('charges images and searches at the per-unit price', () => {
    const mine: UserPrice = {
      sourceKind: 'user',
      provider: 'openai',
      model: 'gpt-6.2-sol',
      inputPerMillion: 0,
      outputPerMillion: 0,
      perImage: 40_000,
      perSearch: 10_000,
    };
    const row = ledgerRowOf(call({ images: 2, searches: 3 }), context, [mine], DAY);
    expect(row).toMatchObject({ images: 2, searches: 3, cost_micros: 110_000 });
  });

  it('keeps the workflow step and the subject together', () => {
    const row = ledgerRowOf(
      call(),
      { feature: 'workflow_step', surface: 'server', subject: { kind: 'workflow_run', id: 'w' }, stepIndex: 2 },
      [],
      DAY,
    );
    expect(row).toMatchObject({ subject_kind: 'workflow_run', subject_id: 'w', step_index: 2, surface: 'server' });
  });
});
