import { PROVIDER_KEYS, isProviderId } from '../providerKeys.ts';
import { formatMoney } from './cost.ts';
import type { Micros } from './prices.ts';

/**
 * Monthly budgets at the moment of a call (pure): from the rows of usage_budget_status() (the
 * database works out each budget's month spend and state), whether a call on a provider may go on,
 * and what to tell the user. A call is refused when its provider's budget or the overall one is
 * 'stopped'; it goes on with a warning when either is at 'warning' (80%+) or 'over' (100%, set to
 * warn only). Months are calendar months in UTC, as the database counts them.
 */

/** One row of usage_budget_status() / usage_budget_status_for(); amounts in micro-units of the user's currency. */
export interface BudgetStatus {
  /** null: the overall budget. */
  provider: string | null;
  monthly_limit_micros: Micros;
  spent_micros: Micros;
  at_limit: string;
  state: string;
}

export interface BudgetVerdict {
  /** The sentence a refused call shows, or null when the call may go on. */
  refusal: string | null;
  /** Sentences to show near the run button (at 80% and above). */
  warnings: string[];
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "OpenAI" for a provider's budget; the overall budget reads as "overall AI". */
const budgetName = (provider: string | null) =>
  provider === null ? 'overall AI' : isProviderId(provider) ? PROVIDER_KEYS[provider].label : provider;

/** Which calls a budget covers: "AI calls" (overall), "OpenAI calls". */
const callsName = (provider: string | null) => (provider === null ? 'AI calls' : `${budgetName(provider)} calls`);

const monthOf = (now: Date) => MONTHS[now.getUTCMonth()]!;
const nextMonthOf = (now: Date) => MONTHS[(now.getUTCMonth() + 1) % 12]!;

/** The user's share of a budget, in whole percent rounded down (79.9% is not yet 80%). */
const percentOf = (row: BudgetStatus) =>
  row.monthly_limit_micros > 0 ? Math.floor((row.spent_micros * 100) / row.monthly_limit_micros) : 100;

const BUDGET_TEXTS = {
  stopped: (row: BudgetStatus, currency: string, now: Date) =>
    `Your ${budgetName(row.provider)} budget for ${monthOf(now)} (${formatMoney(row.monthly_limit_micros, currency)}) is used up, so ${callsName(row.provider)} are stopped until ${nextMonthOf(now)} 1. Raise it or switch it to warn-only in Usage.`,
  warning: (row: BudgetStatus, currency: string, now: Date) =>
    `You have used ${percentOf(row)}% of your ${budgetName(row.provider)} budget for ${monthOf(now)} (${formatMoney(row.spent_micros, currency)} of ${formatMoney(row.monthly_limit_micros, currency)}).`,
  over: (row: BudgetStatus, currency: string, now: Date) =>
    `Your ${budgetName(row.provider)} budget for ${monthOf(now)} (${formatMoney(row.monthly_limit_micros, currency)}) is used up: ${formatMoney(row.spent_micros, currency)} spent. ${callsName(row.provider)[0]!.toUpperCase()}${callsName(row.provider).slice(1)} go on because it is set to warn only.`,
} as const;

/** The budgets that cover a call on `provider`: its own and the overall one (the overall first). */
const budgetsFor = (rows: readonly BudgetStatus[], provider: string): BudgetStatus[] =>
  rows
    .filter((row) => row.provider === null || row.provider === provider)
    .sort((a, b) => (a.provider === null ? -1 : b.provider === null ? 1 : 0));

/**
 * Whether a call on `provider` may go on, and what to say. The provider's own budget is named
 * before the overall one when both stop (it is the one the user set for this provider).
 */
export function budgetVerdict(rows: readonly BudgetStatus[], provider: string, currency = 'USD', now = new Date()): BudgetVerdict {
  const covering = budgetsFor(rows, provider);
  const stopped = covering.filter((row) => row.state === 'stopped').sort((a) => (a.provider === null ? 1 : -1))[0];
  const warnings = covering.flatMap((row) =>
    row.state === 'warning'
      ? [BUDGET_TEXTS.warning(row, currency, now)]
      : row.state === 'over'
        ? [BUDGET_TEXTS.over(row, currency, now)]
        : [],
  );
  return { refusal: stopped ? BUDGET_TEXTS.stopped(stopped, currency, now) : null, warnings };
}
