import type { Micros } from './prices.ts';

/**
 * The Usage page's sums over ledger rows (public.usage_events): totals for a period, spend per day,
 * per feature, model and provider, and the most expensive runs grouped by what they belong to.
 * Pure. Amounts stay integer micro-dollars (USD) until shown; `inCurrency` turns a sum into the
 * user's currency once, as usage_budget_status() does. A call without a known cost never counts
 * as $0: it is counted apart (unpricedCalls) with its tokens.
 *
 * Months and days are UTC, like the budgets' month in the database.
 */

/** A ledger row as the database returns it, without user_id (every column the CSV export writes). */
export interface LedgerRow {
  id: string;
  created_at: string;
  feature: string;
  surface: string;
  provider: string;
  model: string;
  input_tokens: number | null;
  cached_input_tokens: number | null;
  cache_write_input_tokens: number | null;
  output_tokens: number | null;
  images: number;
  searches: number;
  estimated: boolean;
  outcome: string;
  cost_micros: number | null;
  /** The rates applied ({ source, …rates }); JSON as stored. */
  price: unknown;
  subject_kind: string | null;
  subject_id: string | null;
  step_index: number | null;
}

/** The sums of a set of calls. */
export interface UsageSums {
  calls: number;
  /** Known costs only, micro-dollars (USD). */
  costMicros: Micros;
  /** Calls whose price is unknown (or whose counts were not reported): not in costMicros. */
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Input and output tokens of the unpriced calls (shown beside "price unknown"). */
  unpricedTokens: number;
  /** Calls whose counts were estimated from the text's length. */
  estimatedCalls: number;
}

const EMPTY: UsageSums = {
  calls: 0,
  costMicros: 0,
  unpricedCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  unpricedTokens: 0,
  estimatedCalls: 0,
};

function add(sums: UsageSums, row: LedgerRow): UsageSums {
  const tokens = (row.input_tokens ?? 0) + (row.output_tokens ?? 0);
  const priced = row.cost_micros !== null;
  return {
    calls: sums.calls + 1,
    costMicros: sums.costMicros + (row.cost_micros ?? 0),
    unpricedCalls: sums.unpricedCalls + (priced ? 0 : 1),
    inputTokens: sums.inputTokens + (row.input_tokens ?? 0),
    outputTokens: sums.outputTokens + (row.output_tokens ?? 0),
    unpricedTokens: sums.unpricedTokens + (priced ? 0 : tokens),
    estimatedCalls: sums.estimatedCalls + (row.estimated ? 1 : 0),
  };
}

/** The sums of every row. */
export const sumUsage = (rows: readonly LedgerRow[]): UsageSums => rows.reduce(add, EMPTY);

/** A period [from, to) as ISO timestamps. */
export interface Period {
  from: string;
  to: string;
}

/** The first instant of the UTC month `offset` months from the one `at` falls in. */
function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** The UTC calendar month `offset` months from the one `at` falls in. */
export function monthPeriod(at: Date, offset = 0): Period {
  return { from: monthStart(at, offset).toISOString(), to: monthStart(at, offset + 1).toISOString() };
}

/** 'November 2026' for a period starting on the first of a month (UTC). */
export function monthLabel(period: Period): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(period.from));
}

/** The rows in a period. */
export const rowsIn = (rows: readonly LedgerRow[], period: Period): LedgerRow[] =>
  rows.filter((r) => Date.parse(r.created_at) >= Date.parse(period.from) && Date.parse(r.created_at) < Date.parse(period.to));

/** One UTC day of a period. */
export interface DaySpend extends UsageSums {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

/** Every UTC day of the period with its sums (days without calls included, at zero). */
export function spendByDay(rows: readonly LedgerRow[], period: Period): DaySpend[] {
  const byDay = new Map<string, UsageSums>();
  for (const row of rows) {
    const day = new Date(row.created_at).toISOString().slice(0, 10);
    byDay.set(day, add(byDay.get(day) ?? EMPTY, row));
  }
  const days: DaySpend[] = [];
  for (let at = Date.parse(period.from); at < Date.parse(period.to); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push({ day, ...(byDay.get(day) ?? EMPTY) });
  }
  return days;
}

/** Sums of the calls sharing a key (a feature, a provider, a provider and model). */
export interface UsageGroup extends UsageSums {
  key: string;
}

/** Highest known cost first; among equal costs the most tokens, then the key. */
const byCost = <G extends UsageSums & { key: string }>(a: G, b: G) =>
  b.costMicros - a.costMicros ||
  b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens) ||
  b.calls - a.calls ||
  a.key.localeCompare(b.key);

function groupBy(rows: readonly LedgerRow[], keyOf: (row: LedgerRow) => string): UsageGroup[] {
  const groups = new Map<string, UsageSums>();
  for (const row of rows) groups.set(keyOf(row), add(groups.get(keyOf(row)) ?? EMPTY, row));
  return [...groups].map(([key, sums]) => ({ key, ...sums })).sort(byCost);
}

export const byFeature = (rows: readonly LedgerRow[]): UsageGroup[] => groupBy(rows, (r) => r.feature);
export const byProvider = (rows: readonly LedgerRow[]): UsageGroup[] => groupBy(rows, (r) => r.provider);

export interface ModelGroup extends UsageGroup {
  provider: string;
  model: string;
}

/** Per provider and model (the same model id under two providers stays apart). */
export function byModel(rows: readonly LedgerRow[]): ModelGroup[] {
  const modelKey = (r: { provider: string; model: string }) => JSON.stringify([r.provider, r.model]);
  return groupBy(rows, modelKey).map((group) => {
    const [provider, model] = JSON.parse(group.key) as [string, string];
    return { ...group, provider, model };
  });
}

/** The calls of one run, conversation, workflow run, offer, document or deck (or one call on its own). */
export interface RunGroup extends UsageGroup {
  subjectKind: string | null;
  subjectId: string | null;
  /** The feature of most of its calls (the first such on a tie). */
  feature: string;
  /** Its models, most used first. */
  models: string[];
  /** Its last call (ISO). */
  lastAt: string;
}

/**
 * The most expensive runs: calls grouped by what they belong to (a call with no subject stands
 * alone), highest known cost first, then the most tokens (so runs with unknown prices still show).
 */
export function topRuns(rows: readonly LedgerRow[], limit = 10): RunGroup[] {
  const groups = new Map<string, LedgerRow[]>();
  for (const row of rows) {
    const key = row.subject_kind && row.subject_id ? `${row.subject_kind}:${row.subject_id}` : `call:${row.id}`;
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  const mostUsed = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v);
  };
  return [...groups]
    .map(([key, calls]): RunGroup => {
      const first = calls[0]!;
      return {
        key,
        ...sumUsage(calls),
        subjectKind: first.subject_kind && first.subject_id ? first.subject_kind : null,
        subjectId: first.subject_kind && first.subject_id ? first.subject_id : null,
        feature: mostUsed(calls.map((c) => c.feature))[0]!,
        models: mostUsed(calls.map((c) => c.model)),
        lastAt: calls.reduce((last, c) => (c.created_at > last ? c.created_at : last), first.created_at),
      };
    })
    .sort(byCost)
    .slice(0, limit);
}

/** A USD micro-dollar sum in the user's currency (units per US dollar), rounded once to the micro-unit. */
export function inCurrency(usdMicros: Micros, usdRate: number): Micros {
  return Math.round(usdMicros * usdRate);
}

/** How much `now` changed from `before`, as a ratio (0.25: up 25%); null when there was nothing before. */
export function changeRatio(now: number, before: number): number | null {
  if (before === 0) return null;
  return (now - before) / before;
}

/** "1,234" */
export const formatCount = (n: number): string => new Intl.NumberFormat('en-US').format(n);

/** "12.3K tokens", "1.2M tokens" (compact, for charts and cards; exact counts go to the CSV). */
export function formatTokens(n: number): string {
  const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  return `${compact} ${n === 1 ? 'token' : 'tokens'}`;
}
