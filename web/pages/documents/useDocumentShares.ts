import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { shareQueries } from '@/web/queries/shares.ts';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * How many addresses each of the user's documents is shared with, for the rows' "Shared with n".
 * Only a hint: if it cannot be read the rows just show no count (the Share dialog lists the shares
 * and says when it cannot). View-only accounts share nothing, so nothing is read for them.
 */
export function useDocumentShares(userId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...shareQueries.documentCounts(userId), enabled: Boolean(userId) && enabled });
  const counts = query.data ?? NONE;

  /** A document's count as the Share dialog last saw it. */
  const setCount = useCallback(
    (documentId: string, count: number) => {
      queryClient.setQueryData(shareQueries.documentCounts(userId).queryKey, (current = NONE) => {
        if ((current.get(documentId) ?? 0) === count) return current;
        const next = new Map(current);
        if (count > 0) next.set(documentId, count);
        else next.delete(documentId);
        return next;
      });
    },
    [queryClient, userId],
  );

  return { counts, setCount };
}

export type DocumentSharesApi = ReturnType<typeof useDocumentShares>;
