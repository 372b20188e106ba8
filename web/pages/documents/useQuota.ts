import { useCallback, useEffect, useState } from 'react';
import type { QuotaStatus } from '../../../shared/core/quota.ts';
import { getQuota } from '../../../shared/data/quota.ts';
import { supabase } from '../../lib/supabase.ts';

export type QuotaState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; quota: QuotaStatus };

/** The month's generation counter as the database reports it (never counted by the page). */
export function useQuota(userId: string) {
  const [state, setState] = useState<QuotaState>({ status: 'loading' });
  const [limitOpen, setLimitOpen] = useState(false);

  /** Asks the database again; answers the fresh counter, or null when it could not be read. */
  const refresh = useCallback(async (): Promise<QuotaStatus | null> => {
    const result = await getQuota(supabase);
    if (result.error) {
      setState((current) => (current.status === 'ready' ? current : { status: 'error', message: result.error.message }));
      return null;
    }
    setState({ status: 'ready', quota: result.data });
    return result.data;
  }, []);

  useEffect(() => {
    if (userId) void refresh();
  }, [userId, refresh]);

  return {
    state,
    refresh,
    /** A counter the quota functions answered (after a generation was confirmed or refunded). */
    set: useCallback((quota: QuotaStatus | null) => {
      if (quota) setState({ status: 'ready', quota });
    }, []),
    limitOpen,
    openLimit: useCallback(() => setLimitOpen(true), []),
    closeLimit: useCallback(() => setLimitOpen(false), []),
  };
}

export type QuotaApi = ReturnType<typeof useQuota>;
