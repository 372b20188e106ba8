import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RequestableFeature } from '@/shared/core/hub.ts';
import { useUser } from '@/web/lib/sessionState.ts';
import { featureRequestQueries, useRequestFeatureMutation } from '@/web/queries/featureRequests.ts';

/**
 * The "I want this" buttons of the coming-soon pages: records the signed-in user's interest in
 * feature_requests and shows the coming-soon notice (a second click: already on the list).
 */
export function useFeatureRequest() {
  const user = useUser();
  // Only a hint ("on the list"): when it cannot be read, nothing shows as requested.
  const mine = useQuery({ ...featureRequestQueries.mine(user?.id ?? ''), enabled: Boolean(user) });
  const requested = useMemo<ReadonlySet<RequestableFeature>>(() => new Set(mine.data ?? []), [mine.data]);

  const requesting = useRequestFeatureMutation(user?.id ?? '');
  const { mutateAsync } = requesting;
  /** The feature being recorded, or null. */
  const pending = requesting.isPending ? requesting.variables : null;

  const request = useCallback(
    async (feature: RequestableFeature) => {
      await mutateAsync(feature).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { request, pending, requested };
}
