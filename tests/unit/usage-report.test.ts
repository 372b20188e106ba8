import { describe, expect, it } from 'vitest';
import { UsageCsvError, usageFromCsv, usageToCsv, USAGE_CSV_COLUMNS } from '@/shared/core/usage/csv.ts';
import {
  byFeature,
  byModel,
  byProvider,
  changeRatio,
  inCurrency,
  monthLabel,
  monthPeriod,
  rowsIn,
  spendByDay,
  sumUsage,
  topRuns,
  type LedgerRow,
} from '@/shared/core/usage/report.ts';
import {
  budgetPercent,
  microsToDecimal,
  parseMicros,
  readBudget,
  readCurrency,
  readPrice,
  readThreshold,
  USAGE_SETTINGS_TEXTS,
} from '@/shared/core/usage/settingsForm.ts';

let n = 0;
function row(over: Partial<LedgerRow> = {}): LedgerRow {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: '2026-11-03T10:00:00.000Z',
    feature: 'run',
    surface: 'dashboard',
    provider: 'openai',
    model: 'gpt-6.1-terra',
    input_tokens: 1000,
    cached_input_tokens: 0,
    cache_write_input_tokens: 0,
    output_tokens: 500,
    images: 0,
    searches: 0,
    estimated: false,
    outcome: 'done',
    cost_micros: 3500,
    price: { source: 'table', inputPerMillion: 1_000_000, outputPerMillion: 5_000_000 },
    subject_kind: null,
    subject_id: null,
    step_index: null,
    ...over,
  };
}

describe('sums', () => {
  it('counts known costs and keeps calls of unknown price apart with their tokens', () => {
    const sums = sumUsage([
      row({ cost_micros: 1000 }),
      row({ cost_micros: 2500, estimated: true }),
      row({ cost_micros: null, price: null, provider: 'chatgpt_custom', model: 'llama3', input_tokens: 40, output_tokens: 2 }),
    ]);
    expect(sums).toEqual({
      calls: 3,
      costMicros: 3500,
      unpricedCalls: 1,
      inputTokens: 2040,
      outputTokens: 1002,
      unpricedTokens: 42,
      estimatedCalls: 1,
    });
  });

  it('treats tokens not reported as none, not as a number', () => {
    expect(sumUsage([row({ input_tokens: null, output_tokens: null, cost_micros: null })])).toMatchObject({
      inputTokens: 0,
      unpricedCalls: 1,
      unpricedTokens: 0,
    });
  });

  it('is all zero for no rows', () => {
    expect(sumUsage([]).calls).toBe(0);
    expect(sumUsage([]).costMicros).toBe(0);
  });
});

describe('months and days (UTC)', () => {
  const now = new Date('2026-03-31T23:30:00-05:00'); // already April 1 in UTC

  it('takes the UTC month, and the one before across a year', () => {
    expect(monthPeriod(now)).toEqual({ from: '2026-04-01T00:00:00.000Z', to: '2026-05-01T00:00:00.000Z' });
    expect(monthPeriod(new Date('2026-01-15T00:00:00Z'), -1)).toEqual({
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(monthLabel(monthPeriod(now))).toBe('April 2026');
  });

  it('puts a row in the period it falls in, the end excluded', () => {
    const period = monthPeriod(new Date('2026-11-10T00:00:00Z'));
    const inside = row({ created_at: '2026-11-30T23:59:59.999Z' });
    const next = row({ created_at: '2026-12-01T00:00:00.000Z' });
    const first = row({ created_at: '2026-11-01T00:00:00.000Z' });
    expect(rowsIn([inside, next, first], period)).toEqual([inside, first]);
  });

  it('gives every day of the period, days without calls at zero', () => {
    const period = monthPeriod(new Date('2026-02-10T00:00:00Z'));
    const days = spendByDay(
      [
        row({ created_at: '2026-02-03T01:00:00Z', cost_micros: 100 }),
        row({ created_at: '2026-02-03T23:00:00Z', cost_micros: 200 }),
        row({ created_at: '2026-02-28T12:00:00Z', cost_micros: null }),
      ],
      period,
    );
    expect(days).toHaveLength(28);
    expect(days[0]).toMatchObject({ day: '2026-02-01', calls: 0, costMicros: 0 });
    expect(days[2]).toMatchObject({ day: '2026-02-03', calls: 2, costMicros: 300 });
    expect(days[27]).toMatchObject({ day: '2026-02-28', calls: 1, costMicros: 0, unpricedCalls: 1 });
  });
});

describe('groups', () => {
  const rows = [
    row({ feature: 'chat', cost_micros: 100 }),
    row({ feature: 'chat', cost_micros: 300 }),
    row({ feature: 'run', cost_micros: 1000, provider: 'anthropic', model: 'claude-sonnet-5-5' }),
    row({ feature: 'embeddings', cost_micros: null, provider: 'chatgpt_custom', model: 'nomic, "embed"\ntext', input_tokens: 9000 }),
  ];

  it('sums per feature, most expensive first, unknown prices after by tokens', () => {
    expect(byFeature(rows).map((g) => [g.key, g.costMicros, g.calls, g.unpricedCalls])).toEqual([
      ['run', 1000, 1, 0],
      ['chat', 400, 2, 0],
      ['embeddings', 0, 1, 1],
    ]);
  });

  it('sums per provider', () => {
    expect(byProvider(rows).map((g) => [g.key, g.costMicros])).toEqual([
      ['anthropic', 1000],
      ['openai', 400],
      ['chatgpt_custom', 0],
    ]);
  });

  it('keeps the same model id under two providers apart, odd characters and all', () => {
    const models = byModel([...rows, row({ provider: 'chatgpt_custom', model: 'gpt-6.1-terra', cost_micros: 7 })]);
    expect(models.map((g) => [g.provider, g.model, g.costMicros])).toEqual([
      ['anthropic', 'claude-sonnet-5-5', 1000],
      ['openai', 'gpt-6.1-terra', 400],
      ['chatgpt_custom', 'gpt-6.1-terra', 7],
      ['chatgpt_custom', 'nomic, "embed"\ntext', 0],
    ]);
  });
});

describe('the most expensive runs', () => {
  const conversation = '11111111-1111-4111-8111-111111111111';
  const workflowRun = '22222222-2222-4222-8222-222222222222';
  const rows = [
    row({ subject_kind: 'conversation', subject_id: conversation, feature: 'chat', cost_micros: 400, created_at: '2026-11-02T00:00:00Z' }),
    row({
      subject_kind: 'conversation',
      subject_id: conversation,
      feature: 'follow_up',
      cost_micros: 400,
      created_at: '2026-11-05T00:00:00Z',
    }),
    row({ subject_kind: 'conversation', subject_id: conversation, feature: 'chat', cost_micros: 400, created_at: '2026-11-04T00:00:00Z' }),
    row({ subject_kind: 'workflow_run', subject_id: workflowRun, feature: 'workflow_step', step_index: 0, cost_micros: 900 }),
    row({
      subject_kind: 'workflow_run',
      subject_id: workflowRun,
      feature: 'workflow_step',
      step_index: 1,
      cost_micros: null,
      model: 'llama3',
    }),
    row({ cost_micros: 50 }),
    row({ cost_micros: null, input_tokens: 100_000, output_tokens: 0, model: 'local' }),
    row({ cost_micros: null, input_tokens: 10, output_tokens: 0, model: 'local' }),
  ];

  it('groups calls by what they belong to, a call without a subject on its own', () => {
    const runs = topRuns(rows);
    expect(runs.map((r) => [r.subjectKind, r.calls, r.costMicros, r.unpricedCalls])).toEqual([
      ['conversation', 3, 1200, 0],
      ['workflow_run', 2, 900, 1],
      [null, 1, 50, 0],
      [null, 1, 0, 1],
      [null, 1, 0, 1],
    ]);
    expect(runs[0]).toMatchObject({ subjectId: conversation, feature: 'chat', lastAt: '2026-11-05T00:00:00Z' });
    expect(runs[1]!.models).toEqual(['gpt-6.1-terra', 'llama3']);
    // Of two runs without a known price, the one with more tokens comes first.
    expect(runs[3]!.unpricedTokens).toBe(100_000);
  });

  it('keeps the first ones only', () => {
    expect(topRuns(rows, 2)).toHaveLength(2);
  });
});

describe('currency and change', () => {
  it('turns a USD sum into the user currency once, rounded to the micro-unit', () => {
    expect(inCurrency(1_000_000, 0.92)).toBe(920_000);
    expect(inCurrency(3, 0.5)).toBe(2); // 1.5 rounds up
    expect(inCurrency(1234, 1)).toBe(1234);
  });

  it('says how much a figure changed, nothing when there was nothing before', () => {
    expect(changeRatio(150, 100)).toBe(0.5);
    expect(changeRatio(50, 100)).toBe(-0.5);
    expect(changeRatio(10, 0)).toBeNull();
  });
});

describe('CSV export', () => {
  const tricky = [
    row({ model: 'my, "quoted"\nmodel', provider: 'chatgpt_custom', cost_micros: null, price: null }),
    row({
      model: '=HYPERLINK("http://example.com")',
      subject_kind: 'workflow_run',
      subject_id: '33333333-3333-4333-8333-333333333333',
      step_index: 2,
    }),
    row({ model: "'-already quoted", input_tokens: null, output_tokens: null, cached_input_tokens: null, cache_write_input_tokens: null }),
    row({ model: ' spaced ', estimated: true, outcome: 'stopped', price: { source: 'user', model: 'x, "y"', inputPerMillion: 0 } }),
  ];

  it('round-trips every row: commas, quotes, line breaks, formulas, nulls and JSON', () => {
    expect(usageFromCsv(usageToCsv(tricky))).toEqual(tricky);
  });

  it('writes RFC 4180: a header of every column but user_id, CRLF line ends, quotes doubled where needed', () => {
    const csv = usageToCsv([tricky[0]!]);
    const [header] = csv.split('\r\n');
    expect(header).toBe(USAGE_CSV_COLUMNS.map(([name]) => name).join(','));
    expect(header).not.toContain('user_id');
    expect(csv).toContain('"my, ""quoted""\nmodel"');
    expect(csv.endsWith('\r\n')).toBe(true);
    // A formula is written as text, not run by a spreadsheet.
    expect(usageToCsv([tricky[1]!])).toContain(`'=HYPERLINK(""http://example.com"")`);
  });

  it('writes only the header for no rows, and reads that back as none', () => {
    expect(usageFromCsv(usageToCsv([]))).toEqual([]);
  });

  it('refuses a file that is not an export', () => {
    expect(() => usageFromCsv('a,b\r\n1,2\r\n')).toThrow(UsageCsvError);
    const bad = usageToCsv([row()]).replace(',1000,', ',many,');
    expect(() => usageFromCsv(bad)).toThrow(/input_tokens is not a whole number/);
  });
});

describe('settings forms', () => {
  it('reads amounts exactly, or not at all', () => {
    expect(parseMicros('12')).toBe(12_000_000);
    expect(parseMicros(' 1,250.75 ')).toBe(1_250_750_000);
    expect(parseMicros('0.000001')).toBe(1);
    expect(parseMicros('0')).toBe(0);
    expect(parseMicros('0.0000001')).toBeNull();
    expect(parseMicros('-1')).toBeNull();
    expect(parseMicros('1e3')).toBeNull();
    expect(parseMicros('')).toBeNull();
    expect(microsToDecimal(12_500_000)).toBe('12.5');
    expect(microsToDecimal(1)).toBe('0.000001');
    expect(microsToDecimal(3_000_000)).toBe('3');
  });

  it('takes a currency with its rate; US dollars at 1', () => {
    expect(readCurrency({ currency: 'eur', rate: '0.92' })).toEqual({ currency: 'EUR', usdRate: 0.92 });
    expect(readCurrency({ currency: 'USD', rate: '' })).toEqual({ currency: 'USD', usdRate: 1 });
    expect(readCurrency({ currency: 'USD', rate: '2' })).toEqual({ problem: USAGE_SETTINGS_TEXTS.rateUsd });
    expect(readCurrency({ currency: 'EURO', rate: '1' })).toEqual({ problem: USAGE_SETTINGS_TEXTS.currencyInvalid });
    expect(readCurrency({ currency: 'QQQ', rate: '1' })).toEqual({ problem: USAGE_SETTINGS_TEXTS.currencyInvalid });
    expect(readCurrency({ currency: 'GBP', rate: '' })).toEqual({ problem: USAGE_SETTINGS_TEXTS.rateRequired });
    expect(readCurrency({ currency: 'GBP', rate: '0' })).toEqual({ problem: USAGE_SETTINGS_TEXTS.rateInvalid });
  });

  it('takes a threshold, or none when asking is off', () => {
    expect(readThreshold(true, '2.50')).toEqual({ micros: 2_500_000 });
    expect(readThreshold(false, 'anything')).toEqual({ micros: null });
    expect(readThreshold(true, 'two')).toEqual({ problem: USAGE_SETTINGS_TEXTS.thresholdInvalid });
  });

  it('takes a price of 0 for a local model, and names each wrong field', () => {
    const base = { provider: 'chatgpt_custom', model: ' llama3 ', input: '0', cachedInput: '', output: '0', perImage: '', perSearch: '' };
    expect(readPrice(base)).toEqual({
      values: {
        provider: 'chatgpt_custom',
        model: 'llama3',
        inputPerMillion: 0,
        cachedInputPerMillion: null,
        outputPerMillion: 0,
        perImage: null,
        perSearch: null,
      },
    });
    expect(readPrice({ ...base, model: '', input: '', output: 'free', perImage: '-2' })).toEqual({
      problems: {
        model: USAGE_SETTINGS_TEXTS.modelRequired,
        input: USAGE_SETTINGS_TEXTS.priceRequired('input'),
        output: USAGE_SETTINGS_TEXTS.priceInvalid('output'),
        perImage: USAGE_SETTINGS_TEXTS.priceInvalid('per-image'),
      },
    });
  });

  it('takes a budget above 0, and fills its bar to at most 100%', () => {
    expect(readBudget('50')).toEqual({ micros: 50_000_000 });
    expect(readBudget('0')).toEqual({ problem: USAGE_SETTINGS_TEXTS.budgetInvalid });
    expect(budgetPercent(40_000_000, 50_000_000)).toBe(80);
    expect(budgetPercent(39_999_999, 50_000_000)).toBe(79);
    expect(budgetPercent(80_000_000, 50_000_000)).toBe(100);
  });
});
