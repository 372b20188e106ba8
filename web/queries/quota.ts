import { queryOptions } from '@tanstack/react-query';
import { getQuota } from '@/shared/data/quota.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The month's generation counter as the database reports it (never counted by the page). */
export const quotaQueries = {
  status: () => queryOptions({ queryKey: queryKeys.quota.all, queryFn: async () => unwrap(await getQuota(supabase)) }),
};
