import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuotaStatus } from '@/shared/core/quota.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { quotaQueries } from '@/web/queries/quota.ts';

type QuotaState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; quota: QuotaStatus };

/** The month's generation counter as the database reports it (never counted by the page). */
export function useQuota(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...quotaQueries.status(), enabled: Boolean(userId) });
  const [limitOpen, setLimitOpen] = useState(false);

  // A counter once read stays on screen when a later reading fails.
  const state: QuotaState = query.data
    ? { status: 'ready', quota: query.data }
    : query.status === 'error'
      ? { status: 'error', message: errorMessage(query.error) }
      : { status: 'loading' };

  /** Asks the database again; answers the fresh counter, or null when it could not be read. */
  const refresh = useCallback(async (): Promise<QuotaStatus | null> => {
    try {
      return await queryClient.fetchQuery({ ...quotaQueries.status(), staleTime: 0 });
    } catch {
      return null;
    }
  }, [queryClient]);

  return {
    state,
    refresh,
    /** A counter the quota functions answered (after a generation was confirmed or refunded). */
    set: useCallback(
      (quota: QuotaStatus | null) => {
        if (quota) queryClient.setQueryData(quotaQueries.status().queryKey, quota);
      },
      [queryClient],
    ),
    limitOpen,
    openLimit: useCallback(() => setLimitOpen(true), []),
    closeLimit: useCallback(() => setLimitOpen(false), []),
  };
}

export type QuotaApi = ReturnType<typeof useQuota>;
