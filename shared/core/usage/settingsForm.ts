import type { Micros } from './prices.ts';

/**
 * The usage settings' forms: currency and rate, the confirmation threshold, a price of one's own,
 * a monthly budget. Each check answers the sentence to show, or null when the input is fine; each
 * parser reads amounts as exact integers of micro-units (no float decides a digit). Pure.
 */

export const USAGE_SETTINGS_TEXTS = {
  currencyInvalid: 'Enter a three-letter currency code, such as EUR or GBP.',
  rateRequired: 'Enter how many units of your currency one US dollar is.',
  rateInvalid: 'Enter the rate as a number above 0, with at most 6 decimals (for example 0.92).',
  rateUsd: 'For US dollars the rate is 1.',
  thresholdInvalid: 'Enter an amount of 0 or more, with at most 6 decimals (for example 1.50).',
  modelRequired: 'Enter the model id as your provider names it.',
  modelTooLong: 'A model id has at most 200 characters.',
  priceRequired: (what: string) => `Enter the ${what} price (0 for a free or local model).`,
  priceInvalid: (what: string) => `Enter the ${what} price as an amount of 0 or more, with at most 6 decimals.`,
  budgetInvalid: 'Enter a monthly budget above 0, with at most 6 decimals.',
  budgetExists: (scope: string) => `There is already a budget for ${scope}; edit that one.`,
} as const;

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/**
 * "12", "12.5", "0.000001", "1,250.75" → micro-units (12_500_000 …); null for anything else
 * (negative, more than 6 decimals, not a number). Thousands separators and spaces are ignored.
 */
export function parseMicros(text: string): Micros | null {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  const match = DECIMAL.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  const micros = whole * 1_000_000 + fraction;
  return Number.isSafeInteger(micros) ? micros : null;
}

/** Micro-units as the plain decimal a field shows ("12.5", "0.000001", "3"). */
export function microsToDecimal(micros: Micros): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Whether a code is an ISO 4217 currency this browser formats (USD, EUR, JPY …). */
function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : null;
  return supported ? supported.includes(code) : true;
}

export interface CurrencyInput {
  currency: string;
  rate: string;
}

/** The currency and rate to store, or the sentence to show (USD is always at 1). */
export function readCurrency(input: CurrencyInput): { currency: string; usdRate: number } | { problem: string } {
  const currency = input.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency)) return { problem: USAGE_SETTINGS_TEXTS.currencyInvalid };
  if (currency === 'USD') {
    if (input.rate.trim() !== '' && parseMicros(input.rate) !== 1_000_000) return { problem: USAGE_SETTINGS_TEXTS.rateUsd };
    return { currency, usdRate: 1 };
  }
  if (input.rate.trim() === '') return { problem: USAGE_SETTINGS_TEXTS.rateRequired };
  const micros = parseMicros(input.rate);
  if (micros === null || micros === 0 || micros >= 1e14) return { problem: USAGE_SETTINGS_TEXTS.rateInvalid };
  return { currency, usdRate: micros / 1_000_000 };
}

/** The threshold in micro-units of the currency; null when asking is off. */
export function readThreshold(enabled: boolean, text: string): { micros: Micros | null } | { problem: string } {
  if (!enabled) return { micros: null };
  const micros = parseMicros(text);
  return micros === null ? { problem: USAGE_SETTINGS_TEXTS.thresholdInvalid } : { micros };
}

/** A price of one's own as typed: USD per 1M tokens, per image, per search (optional ones may stay empty). */
export interface PriceInput {
  provider: string;
  model: string;
  input: string;
  cachedInput: string;
  output: string;
  perImage: string;
  perSearch: string;
}

export interface PriceValues {
  provider: string;
  model: string;
  inputPerMillion: Micros;
  cachedInputPerMillion: Micros | null;
  outputPerMillion: Micros;
  perImage: Micros | null;
  perSearch: Micros | null;
}

export type PriceProblems = Partial<Record<keyof PriceInput, string>>;

/** The override to store, or the sentence for each field that is wrong. */
export function readPrice(input: PriceInput): { values: PriceValues } | { problems: PriceProblems } {
  const problems: PriceProblems = {};
  const model = input.model.trim();
  if (!model) problems.model = USAGE_SETTINGS_TEXTS.modelRequired;
  else if (model.length > 200) problems.model = USAGE_SETTINGS_TEXTS.modelTooLong;
  const required = (field: 'input' | 'output', what: string): Micros => {
    if (input[field].trim() === '') {
      problems[field] = USAGE_SETTINGS_TEXTS.priceRequired(what);
      return 0;
    }
    const micros = parseMicros(input[field]);
    if (micros === null) problems[field] = USAGE_SETTINGS_TEXTS.priceInvalid(what);
    return micros ?? 0;
  };
  const optional = (field: 'cachedInput' | 'perImage' | 'perSearch', what: string): Micros | null => {
    if (input[field].trim() === '') return null;
    const micros = parseMicros(input[field]);
    if (micros === null) problems[field] = USAGE_SETTINGS_TEXTS.priceInvalid(what);
    return micros;
  };
  const values: PriceValues = {
    provider: input.provider,
    model,
    inputPerMillion: required('input', 'input'),
    cachedInputPerMillion: optional('cachedInput', 'cached input'),
    outputPerMillion: required('output', 'output'),
    perImage: optional('perImage', 'per-image'),
    perSearch: optional('perSearch', 'per-search'),
  };
  return Object.keys(problems).length > 0 ? { problems } : { values };
}

/** A monthly budget as typed, in the user's currency. */
export function readBudget(amount: string): { micros: Micros } | { problem: string } {
  const micros = parseMicros(amount);
  return micros === null || micros === 0 ? { problem: USAGE_SETTINGS_TEXTS.budgetInvalid } : { micros };
}

/** The share of a budget spent, 0–100 for a progress bar (capped at 100). */
export function budgetPercent(spentMicros: Micros, limitMicros: Micros): number {
  if (limitMicros <= 0) return 100;
  return Math.min(100, Math.floor((spentMicros * 100) / limitMicros));
}
