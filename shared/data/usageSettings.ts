import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import type { BudgetStatus } from '../core/usage/budgets.ts';
import { USAGE_SETTINGS_TEXTS, type PriceValues } from '../core/usage/settingsForm.ts';
import { forgetBudgetStatus } from './usageBudgets.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';

/**
 * The caller's usage settings (migration 20261203000100, RLS: their own rows only): currency and
 * the rate they budget at, the confirmation threshold for big jobs, prices of their own per
 * provider and model, monthly budgets per provider and overall, and the budgets' state this month.
 * Every change forgets the budget states this client keeps for its AI calls (usageBudgets.ts), so
 * the next call on this page sees it.
 */

export interface UsageSettings {
  /** ISO 4217, e.g. 'USD'. */
  currency: string;
  /** Units of the currency per US dollar (1 for USD). */
  usdRate: number;
  /** Jobs estimated above this (micro-units of the currency) ask first; null: never ask. */
  confirmAboveMicros: number | null;
}

/** The database's defaults for a user who never saved settings. */
export const DEFAULT_USAGE_SETTINGS: UsageSettings = { currency: 'USD', usdRate: 1, confirmAboveMicros: 1_000_000 };

export async function getUsageSettings(client: AppClient): Promise<DataResult<UsageSettings>> {
  const { data, error } = await client.from('usage_settings').select('currency, usd_rate, confirm_above_micros').maybeSingle();
  if (error) return fail(error);
  if (!data) return ok(DEFAULT_USAGE_SETTINGS);
  return ok({ currency: data.currency, usdRate: Number(data.usd_rate), confirmAboveMicros: data.confirm_above_micros });
}

export async function saveUsageSettings(client: AppClient, userId: string, settings: UsageSettings): Promise<DataResult<void>> {
  const { error } = await client.from('usage_settings').upsert(
    {
      user_id: userId,
      currency: settings.currency,
      usd_rate: settings.currency === 'USD' ? 1 : settings.usdRate,
      confirm_above_micros: settings.confirmAboveMicros,
    },
    { onConflict: 'user_id' },
  );
  forgetBudgetStatus(client);
  return error ? fail(error) : ok();
}

/** A price of the user's own (micro-dollars, USD: per 1M tokens, per image, per search). */
export type PriceOverride = PriceValues & { updatedAt: string };

type OverrideRow = Omit<Tables<'usage_price_overrides'>, 'user_id'>;
const OVERRIDE_COLUMNS =
  'provider, model, input_per_million, cached_input_per_million, output_per_million, per_image, per_search, updated_at';
const toOverride = (r: OverrideRow): PriceOverride => ({
  provider: r.provider,
  model: r.model,
  inputPerMillion: r.input_per_million,
  cachedInputPerMillion: r.cached_input_per_million,
  outputPerMillion: r.output_per_million,
  perImage: r.per_image,
  perSearch: r.per_search,
  updatedAt: r.updated_at,
});

/** The user's prices, by provider then model. */
export async function listPriceOverrides(client: AppClient): Promise<DataResult<PriceOverride[]>> {
  const { data, error } = await client.from('usage_price_overrides').select(OVERRIDE_COLUMNS).order('provider').order('model');
  return error ? fail(error) : ok(data.map(toOverride));
}

/**
 * Sets the user's price for a provider and model (a new one, or the one there replaced). `previous`
 * is the provider and model being edited, when the edit renamed it: that row goes.
 */
export async function savePriceOverride(
  client: AppClient,
  userId: string,
  price: PriceValues,
  previous?: { provider: string; model: string },
): Promise<DataResult<void>> {
  const model = price.model.trim();
  if (!model) return invalid(USAGE_SETTINGS_TEXTS.modelRequired);
  const { error } = await client.from('usage_price_overrides').upsert(
    {
      user_id: userId,
      provider: price.provider,
      model,
      input_per_million: price.inputPerMillion,
      cached_input_per_million: price.cachedInputPerMillion,
      output_per_million: price.outputPerMillion,
      per_image: price.perImage,
      per_search: price.perSearch,
    },
    { onConflict: 'user_id,provider,model' },
  );
  if (error) return fail(error);
  if (previous && (previous.provider !== price.provider || previous.model !== model)) {
    const removed = await removePriceOverride(client, previous.provider, previous.model);
    if (removed.error) return removed;
  }
  return ok();
}

export async function removePriceOverride(client: AppClient, provider: string, model: string): Promise<DataResult<void>> {
  const { error } = await client.from('usage_price_overrides').delete().eq('provider', provider).eq('model', model);
  return error ? fail(error) : ok();
}

/** A monthly budget (micro-units of the user's currency); provider null: overall. */
export interface UsageBudget {
  id: string;
  provider: string | null;
  monthlyLimitMicros: number;
  atLimit: 'warn' | 'stop';
}

export async function listBudgets(client: AppClient): Promise<DataResult<UsageBudget[]>> {
  const { data, error } = await client
    .from('usage_budgets')
    .select('id, provider, monthly_limit_micros, at_limit')
    .order('provider', { nullsFirst: true })
    .order('id');
  if (error) return fail(error);
  return ok(
    data.map((r) => ({
      id: r.id,
      provider: r.provider,
      monthlyLimitMicros: r.monthly_limit_micros,
      atLimit: r.at_limit === 'stop' ? 'stop' : 'warn',
    })),
  );
}

/** The unique-violation SQLSTATE: one budget per provider, one overall. */
const UNIQUE_VIOLATION = '23505';

/** Adds a budget (no id) or changes one; a second budget for the same scope is refused with `scopeName` in the sentence. */
export async function saveBudget(
  client: AppClient,
  budget: Omit<UsageBudget, 'id'> & { id?: string },
  scopeName: string,
): Promise<DataResult<void>> {
  const values = { provider: budget.provider, monthly_limit_micros: budget.monthlyLimitMicros, at_limit: budget.atLimit };
  const { error } = budget.id
    ? await client.from('usage_budgets').update(values).eq('id', budget.id)
    : await client.from('usage_budgets').insert(values);
  forgetBudgetStatus(client);
  if (error?.code === UNIQUE_VIOLATION) return invalid(USAGE_SETTINGS_TEXTS.budgetExists(scopeName));
  return error ? fail(error) : ok();
}

export async function removeBudget(client: AppClient, id: string): Promise<DataResult<void>> {
  const { error } = await client.from('usage_budgets').delete().eq('id', id);
  forgetBudgetStatus(client);
  return error ? fail(error) : ok();
}

/** Each budget with this month's spend and state (usage_budget_status(); amounts in the user's currency). */
export async function budgetStatus(client: AppClient): Promise<DataResult<BudgetStatus[]>> {
  const { data, error } = await client.rpc('usage_budget_status');
  return error ? fail(error) : ok(data);
}
