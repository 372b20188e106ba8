import type { ProviderId } from '../providerKeys.ts';
import { estimateRange, formatMoney, type CostEstimate, type EstimateStep } from './cost.ts';
import { priceFor, type UserPrice } from './prices.ts';

/**
 * What a big job will roughly cost before it starts (Generate all, a workflow run, a schedule, an
 * embedding job), in the user's currency, and whether to ask first (pure). The range comes from
 * estimateRange (prompt sizes and the typical output of each kind of call); a model without a
 * known price gives no amount ("price unknown") and so never asks by amount, but still says how
 * many calls the job makes.
 */

export interface JobEstimate {
  provider: ProviderId;
  /** The model, or the models in the order first used ("a and b") when steps choose their own. */
  model: string;
  calls: number;
  /** Micro-units of the user's currency; null when the price is unknown. */
  range: CostEstimate | null;
}

/** The user's side of an estimate: their prices, currency and threshold (usage_settings). */
export interface EstimateSettings {
  overrides: readonly UserPrice[];
  currency: string;
  /** Units of the currency per US dollar. */
  usdRate: number;
  /** Ask above this (micro-units of the currency); null: never ask. */
  confirmAboveMicros: number | null;
}

const inCurrency = (usdMicros: number, usdRate: number) => Math.round(usdMicros * usdRate);

/**
 * A step of a job; `model` when it runs on another model than the job's (a workflow step's own),
 * and `provider` when that model is another provider's (a workflow's image step).
 */
export type JobStep = EstimateStep & { model?: string; provider?: ProviderId };

/**
 * The range of a job in the user's currency: each model's steps at its price; no range when any
 * model's price is unknown (a partial sum would read as the whole).
 */
export function estimateJob(
  provider: ProviderId,
  model: string,
  steps: readonly JobStep[],
  settings: Pick<EstimateSettings, 'overrides' | 'usdRate'>,
  on?: string,
): JobEstimate {
  const calls = steps.reduce((sum, step) => sum + step.calls, 0);
  const byModel = new Map<string, { provider: ProviderId; model: string; steps: JobStep[] }>();
  for (const step of steps) {
    const id = step.model?.trim() || model;
    const of = step.provider ?? provider;
    const key = `${of}\u0000${id}`;
    const group = byModel.get(key) ?? { provider: of, model: id, steps: [] };
    group.steps.push(step);
    byModel.set(key, group);
  }
  let low = 0;
  let high = 0;
  let known = true;
  for (const group of byModel.values()) {
    const usd = estimateRange(priceFor(group.provider, group.model, settings.overrides, on), group.steps);
    if (!usd) known = false;
    else {
      low += usd.low;
      high += usd.high;
    }
  }
  const models = byModel.size ? [...new Set([...byModel.values()].map((g) => g.model))] : [model];
  return {
    provider,
    model: models.join(' and '),
    calls,
    range: known ? { low: inCurrency(low, settings.usdRate), high: inCurrency(high, settings.usdRate) } : null,
  };
}

/**
 * Whether the job asks before it starts: its high end is above the user's threshold. The high
 * end, because the range is a guess and the question is whether the user could be surprised.
 */
export const needsConfirmation = (estimate: JobEstimate, confirmAboveMicros: number | null): boolean =>
  confirmAboveMicros !== null && estimate.range !== null && estimate.calls > 0 && estimate.range.high > confirmAboveMicros;

const callsText = (calls: number) => `${calls.toLocaleString('en-US')} ${calls === 1 ? 'call' : 'calls'}`;

/** "$0.40–$1.90"; one amount when both ends read the same. */
export function rangeText(range: CostEstimate, currency: string): string {
  const low = formatMoney(range.low, currency);
  const high = formatMoney(range.high, currency);
  return low === high ? low : `${low}–${high}`;
}

export const ESTIMATE_TEXTS = {
  /** "about $0.40–$1.90 for 24 calls on gpt-6.1-terra", or "price unknown for 24 calls on llama3". */
  summary: (estimate: JobEstimate, currency: string) =>
    estimate.range
      ? `about ${rangeText(estimate.range, currency)} for ${callsText(estimate.calls)} on ${estimate.model}`
      : `price unknown for ${callsText(estimate.calls)} on ${estimate.model}`,
  /** The line beside a job's button: "Estimate: about $0.40–$1.90 for 24 calls on …". */
  line: (estimate: JobEstimate, currency: string) => `Estimate: ${ESTIMATE_TEXTS.summary(estimate, currency)}.`,
  title: 'Start this job?',
  /** The dialog's sentence, with the threshold that made it ask. */
  body: (estimate: JobEstimate, currency: string, confirmAboveMicros: number) =>
    `This job will cost ${ESTIMATE_TEXTS.summary(estimate, currency)}, charged by your provider to your own key. You asked to confirm jobs that may cost more than ${formatMoney(confirmAboveMicros, currency)}.`,
  note: 'An estimate from the prompt sizes and typical answers; the real cost shows in Usage afterwards.',
  confirm: 'Start',
  cancel: 'Cancel',
  perRun: (text: string) => `Each run: ${text}.`,
  monthNote: (runs: number) => `That is a month of runs (${runs.toLocaleString('en-US')}) at this schedule.`,
  perMonth: (runs: number, range: CostEstimate | null, currency: string) =>
    range
      ? `About ${rangeText(range, currency)} a month (${runs.toLocaleString('en-US')} runs).`
      : `${runs.toLocaleString('en-US')} runs a month; price unknown.`,
} as const;

/** How many runs a schedule makes in an average month (365.25 / 12 days). */
export function runsPerMonth(frequency: 'hourly' | 'daily' | 'weekly'): number {
  const days = 365.25 / 12;
  return frequency === 'hourly' ? Math.round(days * 24) : frequency === 'daily' ? Math.round(days) : Math.round(days / 7);
}

/** A month of runs at one run's estimate. */
export const monthlyRange = (perRun: JobEstimate, runs: number): CostEstimate | null =>
  perRun.range && { low: perRun.range.low * runs, high: perRun.range.high * runs };
