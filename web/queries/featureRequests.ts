import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { FEATURE_REQUEST_TEXTS, summarizeFeatureRequests, type FeatureDemand } from '@/shared/core/featureRequests.ts';
import { featureRequestError, featureRequestNotice, type RequestableFeature } from '@/shared/core/hub.ts';
import {
  listAllFeatureRequests,
  listFeatureStatus,
  listMyFeatureRequests,
  markFeatureShipped,
  requestFeature,
} from '@/shared/data/featureRequests.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
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

/** Records the user's interest in a coming-soon feature and shows the coming-soon notice; the feature shows as requested. */
export function useRequestFeatureMutation(userId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (feature: RequestableFeature) => unwrap(await requestFeature(supabase, feature)),
    onSuccess: (outcome, feature) => {
      queryClient.setQueryData(featureRequestQueries.mine(userId).queryKey, (current) =>
        current?.includes(feature) ? current : [...(current ?? []), feature],
      );
      notify(featureRequestNotice(feature, outcome));
    },
    onError: (error) => notify(featureRequestError(error.message)),
  });
}

/** Marks a feature shipped (its requesters are mailed once); the requests are read again, whether it worked or not, before the notice. */
export function useMarkShippedMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (demand: FeatureDemand) => {
      const result = await markFeatureShipped(supabase, demand.feature);
      await queryClient.invalidateQueries({ queryKey: queryKeys.featureRequests.admin() });
      return unwrap(result);
    },
    onSuccess: (outcome, demand) =>
      notify({
        title: FEATURE_REQUEST_TEXTS.done,
        description: FEATURE_REQUEST_TEXTS.doneBody(demand.label, outcome.mailed, outcome.failed, outcome.mail),
      }),
    onError: (error) => notify({ title: FEATURE_REQUEST_TEXTS.error, description: error.message, variant: 'destructive' }),
  });
}
