import { useCallback } from 'react';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useRunHistory as useHistory, type RunHistoryFilter } from '@/shared/ui/run/useRunHistory.ts';
import { webData } from './runSide.ts';

/**
 * The dashboard's run history (shared/ui/run/useRunHistory.ts with the dashboard's client): all
 * runs, or one prompt's; a failed "Show older" is a toast, the runs shown stay.
 */
export function useRunHistory(filter: RunHistoryFilter) {
  const notify = useNotify();
  const history = useHistory(webData, filter);
  const { loadMore } = history;
  return {
    ...history,
    loadMore: useCallback(async () => {
      const failure = await loadMore();
      if (failure) notify({ title: RUN_TEXTS.historyError, description: failure, variant: 'destructive' });
    }, [loadMore, notify]),
  };
}

export type RunHistory = ReturnType<typeof useRunHistory>;
