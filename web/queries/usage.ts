import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceValues } from '@/shared/core/usage/settingsForm.ts';
import type { Period, RunGroup } from '@/shared/core/usage/report.ts';
import * as report from '@/shared/data/usageReport.ts';
import * as settings from '@/shared/data/usageSettings.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The Usage page's server state: ledger rows, the runs' names and links, settings, prices, budgets, the team's month. */
export const usageQueries = {
  events: (period: Period) =>
    queryOptions({ queryKey: queryKeys.usage.events(period), queryFn: async () => unwrap(await report.listUsageEvents(supabase, period)) }),
  subjects: (runs: readonly RunGroup[]) =>
    queryOptions({
      queryKey: queryKeys.usage.subjects(runs.map((r) => r.key)),
      queryFn: async () => unwrap(await report.runSubjects(supabase, runs)),
    }),
  settings: () =>
    queryOptions({ queryKey: queryKeys.usage.settings(), queryFn: async () => unwrap(await settings.getUsageSettings(supabase)) }),
  prices: () =>
    queryOptions({ queryKey: queryKeys.usage.prices(), queryFn: async () => unwrap(await settings.listPriceOverrides(supabase)) }),
  budgets: () => queryOptions({ queryKey: queryKeys.usage.budgets(), queryFn: async () => unwrap(await settings.listBudgets(supabase)) }),
  budgetStatus: () =>
    queryOptions({ queryKey: queryKeys.usage.budgetStatus(), queryFn: async () => unwrap(await settings.budgetStatus(supabase)) }),
  team: (monthStart: string) =>
    queryOptions({
      queryKey: queryKeys.usage.team(monthStart),
      queryFn: async () => unwrap(await report.teamUsageByMember(supabase, monthStart)),
    }),
  adminTotals: (since: string) =>
    queryOptions({
      queryKey: queryKeys.admin.usageTotals(since),
      queryFn: async () => unwrap(await report.adminUsageTotals(supabase, since)),
    }),
};

/**
 * The usage settings' changes. Each resolves with its DataResult (the form shows a refusal in its
 * own words) and reads settings, prices and budgets again: a currency or budget change moves every
 * amount and bar on the page.
 */
export function useUsageSettingsMutations(userId: string) {
  const queryClient = useQueryClient();
  const settle = { onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.usage.all }) };
  return {
    saveSettings: useMutation({
      mutationFn: (value: settings.UsageSettings) => settings.saveUsageSettings(supabase, userId, value),
      ...settle,
    }),
    savePrice: useMutation({
      mutationFn: (input: { price: PriceValues; previous?: { provider: string; model: string } }) =>
        settings.savePriceOverride(supabase, userId, input.price, input.previous),
      ...settle,
    }),
    removePrice: useMutation({
      mutationFn: (input: { provider: string; model: string }) => settings.removePriceOverride(supabase, input.provider, input.model),
      ...settle,
    }),
    saveBudget: useMutation({
      mutationFn: (input: { budget: Omit<settings.UsageBudget, 'id'> & { id?: string }; scopeName: string }) =>
        settings.saveBudget(supabase, input.budget, input.scopeName),
      ...settle,
    }),
    removeBudget: useMutation({ mutationFn: (id: string) => settings.removeBudget(supabase, id), ...settle }),
  };
}
