import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { featureRequestError, featureRequestNotice, type RequestableFeature } from '@/shared/core/hub.ts';
import { requestFeature } from '@/shared/data/featureRequests.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { featureRequestQueries } from '@/web/queries/featureRequests.ts';

/**
 * The "I want this" buttons of the coming-soon pages: records the signed-in user's interest in
 * feature_requests and shows the coming-soon notice (a second click: already on the list).
 */
export function useFeatureRequest() {
  const user = useUser();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<RequestableFeature | null>(null);
  // Only a hint ("on the list"): when it cannot be read, nothing shows as requested.
  const mine = useQuery({ ...featureRequestQueries.mine(user?.id ?? ''), enabled: Boolean(user) });
  const requested = useMemo<ReadonlySet<RequestableFeature>>(() => new Set(mine.data ?? []), [mine.data]);

  const request = useCallback(
    async (feature: RequestableFeature) => {
      setPending(feature);
      const result = await requestFeature(supabase, feature);
      setPending(null);
      if (result.error) {
        notify(featureRequestError(result.error.message));
        return;
      }
      queryClient.setQueryData(featureRequestQueries.mine(user?.id ?? '').queryKey, (current) =>
        current?.includes(feature) ? current : [...(current ?? []), feature],
      );
      notify(featureRequestNotice(feature, result.data));
    },
    [notify, queryClient],
  );

  return { request, pending, requested };
}
