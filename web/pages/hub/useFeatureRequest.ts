import { useCallback, useEffect, useState } from 'react';
import { featureRequestError, featureRequestNotice, type RequestableFeature } from '@/shared/core/hub.ts';
import { listMyFeatureRequests, requestFeature } from '@/shared/data/featureRequests.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useUser } from '@/web/lib/session.tsx';
import { supabase } from '@/web/lib/supabase.ts';

/**
 * The "I want this" buttons of the coming-soon pages: records the signed-in user's interest in
 * feature_requests and shows the coming-soon notice (a second click: already on the list).
 */
export function useFeatureRequest() {
  const user = useUser();
  const notify = useNotify();
  const [requested, setRequested] = useState<ReadonlySet<RequestableFeature>>(new Set());
  const [pending, setPending] = useState<RequestableFeature | null>(null);

  useEffect(() => {
    if (!user) return;
    let live = true;
    void listMyFeatureRequests(supabase, user.id).then(({ data }) => {
      if (live) setRequested(new Set((data ?? []).map((r) => r.feature)));
    });
    return () => {
      live = false;
    };
  }, [user]);

  const request = useCallback(
    async (feature: RequestableFeature) => {
      setPending(feature);
      const result = await requestFeature(supabase, feature);
      setPending(null);
      if (result.error) {
        notify(featureRequestError(result.error.message));
        return;
      }
      setRequested((current) => new Set(current).add(feature));
      notify(featureRequestNotice(feature, result.data));
    },
    [notify],
  );

  return { request, pending, requested };
}
