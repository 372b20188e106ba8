import { useQuery } from '@tanstack/react-query';
import { PROVIDER_KEYS, isProviderId } from '@/shared/core/providerKeys.ts';
import { formatMoney } from '@/shared/core/usage/cost.ts';
import { USAGE_FEATURE_LABELS, USAGE_FEATURES, type UsageFeature } from '@/shared/core/usage/ledger.ts';
import { formatTokens, inCurrency, type UsageSums } from '@/shared/core/usage/report.ts';
import { DEFAULT_USAGE_SETTINGS } from '@/shared/data/usageSettings.ts';
import { usageQueries } from '@/web/queries/usage.ts';

/** The Usage page's words and how its amounts read. */

export const USAGE_TEXTS = {
  title: 'Usage',
  subtitle:
    'What your AI calls cost on your own keys: tokens as each provider reported them, priced from public price lists or your own prices.',
  emptyThisMonth: 'No AI calls yet this month',
  emptyThisMonthHelp:
    'Run a prompt, chat, build an offer or run a workflow: every call made on your keys shows here with its tokens and cost. For a local model, set your own price (0 is fine) under Budgets and prices.',
  emptyMonth: (month: string) => `No AI calls in ${month}`,
  priceUnknown: 'Price unknown',
  unpricedNote: (calls: number, tokens: number) =>
    `${calls} ${calls === 1 ? 'call has' : 'calls have'} no known price (${formatTokens(tokens)}): ${calls === 1 ? 'it is' : 'they are'} not in the amounts. Set your own price for the model under Budgets and prices.`,
  overridesNewCallsOnly:
    'Your prices apply to calls made from now on. Calls already recorded keep the price they were recorded with, or stay "price unknown".',
  loadError: 'Could not load your usage',
} as const;

const isFeature = (value: string): value is UsageFeature => (USAGE_FEATURES as readonly string[]).includes(value);

export const providerLabel = (provider: string): string => (isProviderId(provider) ? PROVIDER_KEYS[provider].label : provider);
export const featureLabel = (feature: string): string => (isFeature(feature) ? USAGE_FEATURE_LABELS[feature] : feature);

const SUBJECT_LABELS: Record<string, string> = {
  prompt_run: 'Prompt run',
  conversation: 'Conversation',
  workflow_run: 'Workflow run',
  offer: 'Offer',
  document: 'Document',
  pitch_deck: 'Pitch deck',
  knowledge: 'Knowledge base',
};
export const subjectLabel = (kind: string): string => SUBJECT_LABELS[kind] ?? kind;

/** The user's currency and rate, and amounts in it (USD micro-dollar sums converted once). */
export function useMoney() {
  const settings = useQuery(usageQueries.settings());
  const { currency, usdRate } = settings.data ?? DEFAULT_USAGE_SETTINGS;
  return {
    settings,
    currency,
    usdRate,
    /** A sum of USD micro-dollars in the user's currency. */
    money: (usdMicros: number) => formatMoney(inCurrency(usdMicros, usdRate), currency),
    /** An amount already in the user's currency (budgets, thresholds). */
    local: (micros: number) => formatMoney(micros, currency),
  };
}

/** "$1.23", "$1.23 + price unknown", or "Price unknown" — never $0 for calls whose price is not known. */
export function costText(sums: Pick<UsageSums, 'calls' | 'costMicros' | 'unpricedCalls'>, money: (usdMicros: number) => string): string {
  if (sums.calls > 0 && sums.unpricedCalls === sums.calls) return USAGE_TEXTS.priceUnknown;
  const known = money(sums.costMicros);
  return sums.unpricedCalls > 0 ? `${known} + ${USAGE_TEXTS.priceUnknown.toLowerCase()}` : known;
}
