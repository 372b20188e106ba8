import { infiniteQueryOptions } from '@tanstack/react-query';
import { listPromptRuns } from '@/shared/data/promptRuns.ts';
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
