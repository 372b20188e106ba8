import { queryOptions } from '@tanstack/react-query';
import { getCurrentPlan } from '@/shared/data/plans.ts';
import { getSubscription } from '@/shared/data/subscriptions.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The plan the caller's subscription gives now, and the subscription itself. */
export const planQueries = {
  current: () => queryOptions({ queryKey: queryKeys.plan.all, queryFn: async () => unwrap(await getCurrentPlan(supabase)) }),
  subscription: () =>
    queryOptions({ queryKey: queryKeys.plan.subscription(), queryFn: async () => unwrap(await getSubscription(supabase)) }),
};
