import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { embeddingModelFor } from '@/shared/ai/embeddings.ts';
import { defaultModel } from '@/shared/ai/modelChoice.ts';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { PRICES, PRICES_CHECKED_ON } from '@/shared/core/usage/priceTable.ts';
import { priceFor, type TablePrice, type UserPrice } from '@/shared/core/usage/prices.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PRICE_FIELDS = [
  'inputPerMillion',
  'cachedInputPerMillion',
  'cacheWritePerMillion',
  'outputPerMillion',
  'perImage',
  'perSearch',
] as const;

/** The providers' own hosts: a row marked 'provider' must come from one of them. */
const PROVIDER_HOSTS: Partial<Record<ProviderId, string[]>> = {
  openai: ['developers.openai.com', 'platform.openai.com', 'openai.com'],
  anthropic: ['platform.claude.com', 'docs.anthropic.com', 'anthropic.com', 'claude.com'],
  gemini: ['ai.google.dev', 'cloud.google.com', 'developers.googleblog.com'],
  cohere: ['cohere.com', 'docs.cohere.com'],
  ai21: ['www.ai21.com', 'ai21.com', 'docs.ai21.com'],
};

const row = (provider: ProviderId, model: string, on?: string) => {
  const price = priceFor(provider, model, [], on);
  if (!price || price.sourceKind === 'user') throw new Error(`no table price for ${provider} ${model}`);
  return price;
};

describe('the price table', () => {
  it('gives every row an https source, a kind of source and a check date no later than today', () => {
    expect(PRICES_CHECKED_ON).toBe('2026-11-29');
    for (const price of PRICES) {
      const url = new URL(price.sourceUrl);
      expect(url.protocol, price.model).toBe('https:');
      expect(['provider', 'third-party']).toContain(price.sourceKind);
      expect(price.checkedOn).toMatch(DATE);
      expect(price.checkedOn <= PRICES_CHECKED_ON).toBe(true);
      if (price.sourceDate !== undefined) {
        expect(price.sourceDate).toMatch(DATE);
        expect(price.sourceDate <= price.checkedOn, price.model).toBe(true);
      }
      if (price.sourceKind === 'provider') expect(PROVIDER_HOSTS[price.provider], price.model).toContain(url.hostname);
    }
  });

  it('holds whole, non-negative micro-dollar prices that make sense together', () => {
    for (const price of PRICES) {
      expect(PROVIDER_IDS).toContain(price.provider);
      for (const field of PRICE_FIELDS) {
        const value = price[field];
        if (value !== undefined) expect(Number.isSafeInteger(value) && value >= 0, `${price.model} ${field}`).toBe(true);
      }
      // A cache read is a discount, never a surcharge.
      if (price.cachedInputPerMillion !== undefined) expect(price.cachedInputPerMillion).toBeLessThanOrEqual(price.inputPerMillion);
      if (price.kind === 'embedding') expect(price.outputPerMillion).toBe(0);
      else expect(price.outputPerMillion).toBeGreaterThan(0);
      if (price.longContext) {
        expect(price.longContext.aboveInputTokens).toBeGreaterThan(0);
        expect(price.longContext.inputPerMillion).toBeGreaterThanOrEqual(price.inputPerMillion);
        expect(price.longContext.outputPerMillion).toBeGreaterThanOrEqual(price.outputPerMillion);
      }
      for (const day of [price.effectiveFrom, price.effectiveUntil]) if (day !== undefined) expect(day).toMatch(DATE);
    }
  });

  it('has one price per provider, model and day', () => {
    const names = (price: TablePrice) => [price.model, ...(price.aliases ?? [])].map((name) => `${price.provider}/${name.toLowerCase()}`);
    const overlaps = (a: TablePrice, b: TablePrice) =>
      (a.effectiveFrom ?? '0000-00-00') <= (b.effectiveUntil ?? '9999-12-31') &&
      (b.effectiveFrom ?? '0000-00-00') <= (a.effectiveUntil ?? '9999-12-31');
    PRICES.forEach((a, i) =>
      PRICES.slice(i + 1).forEach((b) => {
        if (names(a).some((name) => names(b).includes(name))) expect(overlaps(a, b), `${a.model} twice`).toBe(false);
      }),
    );
  });

  it('prices the models the app prefers (modelChoice.ts, checked 2026-11-29) and the embedding models it uses', () => {
    // The preference lists of shared/ai/modelChoice.ts for the providers with published prices.
    const preferred: [ProviderId, string][] = [
      ['openai', 'gpt-6.1-terra'],
      ['openai', 'gpt-6-luna'],
      ['openai', 'gpt-5.6-terra'],
      ['gemini', 'gemini-3.8-flash'],
      ['gemini', 'gemini-3.5-flash-lite'],
      ['gemini', 'gemini-3.1-flash-lite'],
      ['anthropic', 'claude-sonnet-5-5'],
      ['anthropic', 'claude-haiku-4-5'],
      ['anthropic', 'claude-opus-5-5'],
      ['cohere', 'command-a-03-2025'],
      ['cohere', 'command-r7b-12-2024'],
      ['ai21', 'jamba-large'],
      ['ai21', 'jamba-mini'],
    ];
    for (const [provider, model] of preferred) expect(priceFor(provider, model), `${provider} ${model}`).not.toBeNull();
    for (const provider of ['openai', 'gemini', 'anthropic', 'cohere', 'ai21'] as const) {
      expect(priceFor(provider, defaultModel(provider, null)), provider).not.toBeNull();
    }
    for (const provider of ['openai', 'gemini', 'cohere'] as const) {
      const model = embeddingModelFor({ provider, apiKey: 'key' });
      expect(model).not.toBeNull();
      expect(row(provider, model!).kind).toBe('embedding');
    }
  });

  it('has no table price for Hugging Face (per serving provider) or a custom server (the user sets it)', () => {
    expect(PRICES.filter((price) => price.provider === 'huggingface' || price.provider === 'chatgpt_custom')).toEqual([]);
    expect(priceFor('huggingface', 'openai/gpt-oss-120b')).toBeNull();
    expect(priceFor('chatgpt_custom', 'llama3.3')).toBeNull();
    // A custom provider without a custom URL is OpenAI: the caller looks the model up under 'openai'.
    expect(priceFor('chatgpt_custom', 'gpt-6.1-terra')).toBeNull();
  });
});

describe('priceFor', () => {
  it('matches the exact id, case aside, and the aliases a source names', () => {
    expect(row('openai', 'gpt-6.1-terra')).toMatchObject({
      model: 'gpt-6.1-terra',
      inputPerMillion: 1_000_000,
      outputPerMillion: 5_000_000,
    });
    expect(row('openai', ' GPT-6.1-Terra ').model).toBe('gpt-6.1-terra');
    expect(row('ai21', 'jamba-large-1.7-2025-07').model).toBe('jamba-large');
    expect(row('ai21', 'jamba-mini-2-2026-01').model).toBe('jamba-mini');
    expect(row('cohere', 'command-r7b').model).toBe('command-r7b-12-2024');
  });

  it("follows each provider's dated-version rule, and only that provider's", () => {
    expect(row('openai', 'gpt-6.1-terra-2026-10-26').model).toBe('gpt-6.1-terra');
    expect(row('anthropic', 'claude-sonnet-5-5-20260101').model).toBe('claude-sonnet-5-5');
    expect(row('anthropic', 'claude-haiku-4-5-20251001').model).toBe('claude-haiku-4-5');
    expect(row('gemini', 'models/gemini-3.8-flash').model).toBe('gemini-3.8-flash');
    // Another provider's naming rule does not apply.
    expect(priceFor('openai', 'gpt-6.1-terra-20261026')).toBeNull();
    expect(priceFor('anthropic', 'claude-sonnet-5-5-2026-01-01')).toBeNull();
    expect(priceFor('openai', 'models/gpt-6.1-terra')).toBeNull();
    // A longer id is a different model, not a version.
    expect(priceFor('openai', 'gpt-6.1-terra-mini')).toBeNull();
    expect(priceFor('gemini', 'gemini-3.8-flash-preview')).toBeNull();
  });

  it('answers null for an unknown model or the wrong provider', () => {
    expect(priceFor('openai', 'gpt-99')).toBeNull();
    expect(priceFor('anthropic', 'gpt-6.1-terra')).toBeNull();
    expect(priceFor('cohere', 'command-a-plus-05-2026')).toBeNull();
    expect(priceFor('gemini', '')).toBeNull();
  });

  it('picks the price in effect on the day asked (the Gemini 3.8 Flash launch offer ends 2026-12-31)', () => {
    expect(row('gemini', 'gemini-3.8-flash').inputPerMillion).toBe(750_000);
    expect(row('gemini', 'gemini-3.8-flash', '2026-12-31')).toMatchObject({ inputPerMillion: 750_000, outputPerMillion: 3_750_000 });
    expect(row('gemini', 'gemini-3.8-flash', '2027-01-01')).toMatchObject({ inputPerMillion: 1_500_000, outputPerMillion: 7_500_000 });
    expect(row('openai', 'gpt-6-luna', '2030-01-01').model).toBe('gpt-6-luna');
  });

  it("lets the user's own prices win over the table, matched by the same rules", () => {
    const negotiated: UserPrice = {
      sourceKind: 'user',
      provider: 'openai',
      model: 'gpt-6.1-terra',
      inputPerMillion: 500_000,
      outputPerMillion: 2_500_000,
    };
    const local: UserPrice = { sourceKind: 'user', provider: 'chatgpt_custom', model: 'llama3.3', inputPerMillion: 0, outputPerMillion: 0 };
    const routed: UserPrice = {
      sourceKind: 'user',
      provider: 'huggingface',
      model: 'openai/gpt-oss-120b',
      inputPerMillion: 100_000,
      outputPerMillion: 500_000,
    };
    const pinned: UserPrice = { ...routed, model: 'openai/gpt-oss-120b:groq', inputPerMillion: 150_000 };
    const overrides = [negotiated, local, routed, pinned];
    expect(priceFor('openai', 'gpt-6.1-terra', overrides)).toBe(negotiated);
    expect(priceFor('openai', 'gpt-6.1-terra-2026-10-26', overrides)).toBe(negotiated);
    expect(priceFor('chatgpt_custom', 'LLaMA3.3', overrides)).toBe(local);
    expect(priceFor('huggingface', 'openai/gpt-oss-120b:cheapest', overrides)).toBe(routed);
    expect(priceFor('huggingface', 'openai/gpt-oss-120b:groq', overrides)).toBe(pinned);
    // An override is for its provider only, and the table still answers for other models.
    expect(priceFor('chatgpt_custom', 'gpt-6.1-terra', overrides)).toBeNull();
    expect(priceFor('openai', 'gpt-6-luna', overrides)).toMatchObject({ sourceKind: 'provider', model: 'gpt-6-luna' });
  });
});

// docs/prices.md: the table between the markers is generated from PRICES. To rewrite it after a
// change to the table: WRITE_PRICES_DOC=1 npx vitest run --project unit tests/unit/usage-prices.test.ts
const DOC_PATH = new URL('../../docs/prices.md', import.meta.url);
const START = '<!-- prices:start (generated from shared/core/usage/priceTable.ts; tests/unit/usage-prices.test.ts checks it) -->';
const END = '<!-- prices:end -->';

/** 75_000 micro-dollars → "$0.075" (at least cents, no float). */
function dollars(micros: number | undefined): string {
  if (micros === undefined) return '—';
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `$${Math.floor(micros / 1_000_000).toLocaleString('en-US')}.${fraction}`;
}

function priceTable(): string {
  const lines = [
    '| Provider | Model | Input | Cached input | Cache write | Output | Long context (input / cached / write / output) | Applies | Source | Checked |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const price of PRICES) {
    const model = [`\`${price.model}\``, ...(price.aliases ?? []).map((alias) => `\`${alias}\``)].join(', ');
    const long = price.longContext;
    const longCell = long
      ? `above ${long.aboveInputTokens.toLocaleString('en-US')}: ${[long.inputPerMillion, long.cachedInputPerMillion, long.cacheWritePerMillion, long.outputPerMillion].map(dollars).join(' / ')}`
      : '—';
    const applies =
      [price.effectiveFrom && `from ${price.effectiveFrom}`, price.effectiveUntil && `until ${price.effectiveUntil}`]
        .filter(Boolean)
        .join(', ') || 'now';
    const source = `[${price.sourceKind}](${price.sourceUrl})${price.sourceDate ? ` (${price.sourceDate})` : ''}`;
    const output = price.kind === 'embedding' ? 'embedding' : dollars(price.outputPerMillion);
    lines.push(
      `| ${price.provider} | ${model} | ${dollars(price.inputPerMillion)} | ${dollars(price.cachedInputPerMillion)} | ${dollars(price.cacheWritePerMillion)} | ${output} | ${longCell} | ${applies} | ${source} | ${price.checkedOn} |`,
    );
    if (price.note)
      notes.push(
        `- \`${price.provider}/${price.model}\`${price.effectiveFrom || price.effectiveUntil ? ` (${applies})` : ''}: ${price.note}`,
      );
  }
  return [START, '', ...lines, '', 'Notes on rows:', '', ...notes, '', END].join('\n');
}

describe('docs/prices.md', () => {
  it('shows the table as the file has it', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    if (process.env.WRITE_PRICES_DOC === '1') {
      writeFileSync(DOC_PATH, doc.slice(0, start) + priceTable() + doc.slice(end + END.length));
      return;
    }
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(doc.slice(start, end + END.length)).toBe(priceTable());
  });
});
