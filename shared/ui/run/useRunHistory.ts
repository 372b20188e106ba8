import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { PromptRun } from '@/shared/data/promptRuns.ts';
import { runQueries, useClearRunsMutation, useDeleteRunMutation } from '../queries/runs.ts';
import { errorMessage, type DataClient } from '../query.ts';

export type RunHistoryFilter = { promptId?: string; freePromptId?: string };

/**
 * The user's run history (prompt_runs), newest first, in pages of 20 ("Show older" reads the next):
 * all runs, or one prompt's, read with the side's data client (the dashboard's or the panel's).
 * Runs recorded here are put on top and deleted ones taken out without a second read.
 */
export function useRunHistory(client: DataClient, filter: RunHistoryFilter) {
  const queryClient = useQueryClient();
  const { promptId, freePromptId } = filter;
  const query = useInfiniteQuery(runQueries.list(client, { promptId, freePromptId }));
  const { mutateAsync: deleteRun } = useDeleteRunMutation(client);
  const { mutateAsync: clearRuns } = useClearRunsMutation(client);

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
      await deleteRun(run).catch(() => undefined);
    },
    [deleteRun],
  );

  const clear = useCallback(async () => {
    await clearRuns().catch(() => undefined);
  }, [clearRuns]);

  /** A run recorded since the history was read, put on top of it (no second read). */
  const prepend = useCallback(
    (run: PromptRun) => {
      queryClient.setQueryData(
        runQueries.list(client, { promptId, freePromptId }).queryKey,
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
    [client, promptId, freePromptId, queryClient],
  );

  return { query, runs, total, loadMore, remove, clear, prepend };
}
