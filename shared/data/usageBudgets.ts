import { budgetStop } from '../ai/aiErrors.ts';
import { budgetVerdict, type BudgetStatus, type BudgetVerdict } from '../core/usage/budgets.ts';
import type { EstimateSettings } from '../core/usage/jobEstimate.ts';
import { userPriceOf } from '../core/usage/ledger.ts';
import type { AppClient } from './supabase.ts';

/**
 * Budgets where the AI is called from the browser (dashboard, side panel, popup): the caller's
 * budget states (usage_budget_status()), currency, confirmation threshold and own prices, kept a short while per client so a page of
 * many calls does not ask before each one, and forgotten after each recorded call, so a budget
 * used up by one call stops the next. `budgetCheck` is AiUsage.check: it throws the budget's
 * AiError (kind 'budget') for a call over a 'stop' budget.
 */

/** How long the states are trusted without a recorded call in between. */
const FRESH_MS = 15_000;

/** The budgets' states with what estimates need: the user's currency (USD when they set none), threshold and own prices. */
export interface BudgetSnapshot extends EstimateSettings {
  rows: BudgetStatus[];
}

/** The database's default for a user who never saved their usage settings. */
const DEFAULT_SETTINGS = { currency: 'USD', confirmAboveMicros: 1_000_000 as number | null, usdRate: 1 };

interface Entry {
  at: number;
  snapshot: Promise<BudgetSnapshot | null>;
}

const cache = new WeakMap<AppClient, Entry>();
const listeners = new WeakMap<AppClient, Set<() => void>>();

async function readSnapshot(client: AppClient): Promise<BudgetSnapshot | null> {
  const [budgets, settings, prices] = await Promise.all([
    client.rpc('usage_budget_status'),
    client.from('usage_settings').select('currency, usd_rate, confirm_above_micros').maybeSingle(),
    client
      .from('usage_price_overrides')
      .select('provider, model, input_per_million, cached_input_per_million, output_per_million, per_image, per_search'),
  ]);
  // Signed out, or the server unreachable: no budget is known, so none stops the call (the
  // provider's own errors still show); the next call asks again.
  if (budgets.error) return null;
  const saved = settings.error ? null : settings.data;
  return {
    rows: budgets.data,
    currency: saved?.currency ?? DEFAULT_SETTINGS.currency,
    confirmAboveMicros: saved ? saved.confirm_above_micros : DEFAULT_SETTINGS.confirmAboveMicros,
    usdRate: saved ? Number(saved.usd_rate) : DEFAULT_SETTINGS.usdRate,
    overrides: prices.error ? [] : prices.data.map(userPriceOf),
  };
}

/** The caller's budgets and usage settings, from the short cache or asked again; null when they could not be read. */
export function budgetSnapshot(client: AppClient, now = Date.now()): Promise<BudgetSnapshot | null> {
  const entry = cache.get(client);
  if (entry && now - entry.at < FRESH_MS) return entry.snapshot;
  const snapshot = readSnapshot(client).catch(() => null);
  cache.set(client, { at: now, snapshot });
  void snapshot.then((read) => {
    // A failed read is not kept: the next call asks again.
    if (read === null && cache.get(client)?.snapshot === snapshot) cache.delete(client);
  });
  return snapshot;
}

/** Forgets the states (a call was just recorded, or a budget changed): the next check and every warning read them again. */
export function forgetBudgetStatus(client: AppClient): void {
  cache.delete(client);
  listeners.get(client)?.forEach((listener) => listener());
}

/** Calls `listener` whenever the states are forgotten; returns the unsubscribe. */
export function onBudgetChange(client: AppClient, listener: () => void): () => void {
  const set = listeners.get(client) ?? new Set<() => void>();
  listeners.set(client, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** What the budgets say about a call on `provider` now (no budgets known: go on, nothing to say). */
export async function budgetVerdictFor(client: AppClient, provider: string): Promise<BudgetVerdict> {
  const snapshot = await budgetSnapshot(client);
  return snapshot ? budgetVerdict(snapshot.rows, provider, snapshot.currency) : { refusal: null, warnings: [] };
}

/** AiUsage.check for this client: refuses (AiError kind 'budget') a call over a 'stop' budget of its provider or overall. */
export function budgetCheck(client: AppClient): (provider: string, model: string) => Promise<void> {
  return async (provider) => {
    const { refusal } = await budgetVerdictFor(client, provider);
    if (refusal) throw budgetStop(refusal);
  };
}
