import { useCallback, useEffect, useState } from 'react';
import { countDocumentShares } from '@/shared/data/shares.ts';
import { supabase } from '@/web/lib/supabase.ts';

/**
 * How many addresses each of the user's documents is shared with, for the rows' "Shared with n".
 * Only a hint: if it cannot be read the rows just show no count (the Share dialog lists the shares
 * and says when it cannot). View-only accounts share nothing, so nothing is read for them.
 */
export function useDocumentShares(userId: string, enabled: boolean) {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    if (!userId || !enabled) return;
    let alive = true;
    void countDocumentShares(supabase, userId).then((result) => {
      if (alive && !result.error) setCounts(result.data);
    });
    return () => {
      alive = false;
    };
  }, [userId, enabled]);

  /** A document's count as the Share dialog last saw it. */
  const setCount = useCallback((documentId: string, count: number) => {
    setCounts((current) => {
      if ((current.get(documentId) ?? 0) === count) return current;
      const next = new Map(current);
      if (count > 0) next.set(documentId, count);
      else next.delete(documentId);
      return next;
    });
  }, []);

  return { counts, setCount };
}

export type DocumentSharesApi = ReturnType<typeof useDocumentShares>;
