import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { deleteAllPromptRuns, deletePromptRun, listPromptRuns, type PromptRun } from '@/shared/data/promptRuns.ts';
import { useNotify } from '../notices.tsx';
import { unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** The run history (prompt_runs), newest first, read a page at a time ("Show older" reads the next): all runs, or one prompt's. */
export const runQueries = {
  list: (client: DataClient, { promptId, freePromptId }: { promptId?: string; freePromptId?: string }) =>
    infiniteQueryOptions({
      queryKey: queryKeys.runs.list({ promptId, freePromptId }),
      queryFn: async ({ pageParam }) => unwrap(await listPromptRuns(await client(), { promptId, freePromptId, page: pageParam })),
      initialPageParam: 1,
      getNextPageParam: (_last, pages) => pages.length + 1,
    }),
};

/** A run history as read so far. */
type RunPages = InfiniteData<{ runs: PromptRun[]; total: number }, number>;

/** The run removed from a history read so far (its total one less when it was there). */
function without(history: RunPages, runId: string): RunPages {
  if (!history.pages.some((p) => p.runs.some((r) => r.id === runId))) return history;
  return {
    ...history,
    pages: history.pages.map((p) => ({ runs: p.runs.filter((r) => r.id !== runId), total: Math.max(0, p.total - 1) })),
  };
}

/** Deletes one run; it leaves every history read so far (all runs, and its prompt's) without a second read. */
export function useDeleteRunMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (run: PromptRun) => unwrap(await deletePromptRun(await client(), run.id)),
    onSuccess: (_done, run) => {
      queryClient.setQueriesData<RunPages>({ queryKey: queryKeys.runs.all }, (history) => history && without(history, run.id));
      notify({ title: RUN_TEXTS.runDeleted });
    },
    onError: (error) => notify({ title: RUN_TEXTS.deleteRunError, description: error.message, variant: 'destructive' }),
  });
}

/** Deletes every run of the user; every history read so far is then empty. */
export function useClearRunsMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async () => unwrap(await deleteAllPromptRuns(await client())),
    onSuccess: () => {
      queryClient.setQueriesData<RunPages>(
        { queryKey: queryKeys.runs.all },
        (history) => history && { pages: [{ runs: [], total: 0 }], pageParams: [1] },
      );
      notify({ title: RUN_TEXTS.historyCleared });
    },
    onError: (error) => notify({ title: RUN_TEXTS.deleteRunError, description: error.message, variant: 'destructive' }),
  });
}
