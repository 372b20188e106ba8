import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { deleteAllPromptRuns, deletePromptRun, type PromptRun } from '@/shared/data/promptRuns.ts';
import { useNotify } from '../notices.tsx';
import { runQueries } from '../queries/runs.ts';
import { errorMessage, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

export type RunHistoryFilter = { promptId?: string; freePromptId?: string };

type RunPages = InfiniteData<{ runs: PromptRun[]; total: number }, number>;

/** The run removed from a history read so far (its total one less when it was there). */
function without(history: RunPages, runId: string): RunPages {
  if (!history.pages.some((p) => p.runs.some((r) => r.id === runId))) return history;
  return {
    ...history,
    pages: history.pages.map((p) => ({ runs: p.runs.filter((r) => r.id !== runId), total: Math.max(0, p.total - 1) })),
  };
}

/**
 * The user's run history (prompt_runs), newest first, in pages of 20 ("Show older" reads the next):
 * all runs, or one prompt's, read with the side's data client (the dashboard's or the panel's).
 * Runs recorded here are put on top and deleted ones taken out without a second read.
 */
export function useRunHistory(client: DataClient, filter: RunHistoryFilter) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { promptId, freePromptId } = filter;
  const query = useInfiniteQuery(runQueries.list(client, { promptId, freePromptId }));

  const { data, fetchNextPage } = query;
  // Runs recorded since the first page shift the pages: one already shown is not shown twice.
  const runs = useMemo(() => {
    const shown = new Map<string, PromptRun>();
    for (const page of data?.pages ?? []) for (const run of page.runs) if (!shown.has(run.id)) shown.set(run.id, run);
    return [...shown.values()];
  }, [data]);
  const total = data?.pages[data.pages.length - 1]?.total ?? 0;

  /** Reads the next page; answers the failure's message, or null. */
  const loadMore = useCallback(async (): Promise<string | null> => {
    const result = await fetchNextPage();
    return result.isFetchNextPageError ? errorMessage(result.error) : null;
  }, [fetchNextPage]);

  const remove = useCallback(
    async (run: PromptRun) => {
      const result = await deletePromptRun(await client(), run.id);
      if (result.error) {
        notify({ title: RUN_TEXTS.deleteRunError, description: result.error.message, variant: 'destructive' });
        return;
      }
      // Out of every history read so far (all runs, and its prompt's).
      queryClient.setQueriesData<RunPages>({ queryKey: queryKeys.runs.all }, (history) => history && without(history, run.id));
      notify({ title: RUN_TEXTS.runDeleted });
    },
    [client, notify, queryClient],
  );

  const clear = useCallback(async () => {
    const result = await deleteAllPromptRuns(await client());
    if (result.error) {
      notify({ title: RUN_TEXTS.deleteRunError, description: result.error.message, variant: 'destructive' });
      return;
    }
    // Every history read so far is now empty.
    queryClient.setQueriesData<RunPages>(
      { queryKey: queryKeys.runs.all },
      (history) => history && { pages: [{ runs: [], total: 0 }], pageParams: [1] },
    );
    notify({ title: RUN_TEXTS.historyCleared });
  }, [client, notify, queryClient]);

  const prepend = useCallback(
    (run: PromptRun) => {
      queryClient.setQueryData<RunPages>(
        queryKeys.runs.list({ promptId, freePromptId }),
        (history) =>
          history && {
            ...history,
            pages: history.pages.map((p, i) => ({
              runs: i === 0 ? [run, ...p.runs.filter((r) => r.id !== run.id)] : p.runs.filter((r) => r.id !== run.id),
              total: p.total + 1,
            })),
          },
      );
    },
    [promptId, freePromptId, queryClient],
  );

  return { query, runs, total, loadMore, remove, clear, prepend };
}
