import { queryOptions } from '@tanstack/react-query';
import { summarizeFeatureRequests } from '@/shared/core/featureRequests.ts';
import { listAllFeatureRequests, listFeatureStatus, listMyFeatureRequests } from '@/shared/data/featureRequests.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The features the user asked for, and every request with each feature's shipped state (the admin tab). */
export const featureRequestQueries = {
  mine: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.featureRequests.mine(),
      queryFn: async () => unwrap(await listMyFeatureRequests(supabase, userId)).map((r) => r.feature),
    }),
  admin: () =>
    queryOptions({
      queryKey: queryKeys.featureRequests.admin(),
      queryFn: async () => {
        const [rows, status] = await Promise.all([listAllFeatureRequests(supabase), listFeatureStatus(supabase)]);
        return summarizeFeatureRequests(unwrap(rows), unwrap(status));
      },
    }),
};
