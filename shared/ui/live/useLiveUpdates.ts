import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { followOwnChanges, LIVE_TABLES, type LiveTable } from '../../data/live.ts';
import type { AppClient } from '../../data/supabase.ts';
import { queryKeys } from '../queryKeys.ts';

/** What each followed table's change makes stale. Run pages of workflows, not the builder's saved definition. */
const STALE_ON_CHANGE: Record<LiveTable, readonly QueryKey[]> = {
  saved_prompts: [queryKeys.prompts.all],
  prompt_folders: [queryKeys.prompts.all],
  prompt_runs: [queryKeys.runs.all],
  offers: [queryKeys.offers.list()],
  workflow_runs: [queryKeys.workflows.allRuns(), queryKeys.workflows.allRunDetails()],
  workflow_run_steps: [queryKeys.workflows.allRunDetails()],
};

/**
 * A burst of changes (a folder moved with fifty prompts, a streaming step saved every two
 * seconds) asks again once, shortly after the burst starts.
 */
const COALESCE_MS = 150;

/**
 * Keeps what this app shows of the user's library, runs, offers and workflow runs in step with
 * changes made elsewhere (the side panel, another tab, a scheduled run): each change marks the
 * queries it touches stale, and those on screen are read again. After an interruption everything
 * followed is read again, since changes may have been missed meanwhile.
 */
export function useLiveUpdates(client: (() => Promise<AppClient>) | null, userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client || !userId) return;
    let stopped = false;
    let stop: (() => void) | null = null;
    const pending = new Set<LiveTable>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const keys = new Set([...pending].flatMap((table) => STALE_ON_CHANGE[table]));
      pending.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const stale = (tables: readonly LiveTable[]) => {
      for (const table of tables) pending.add(table);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    let interrupted = false;
    void client().then((resolved) => {
      if (stopped) return;
      stop = followOwnChanges(resolved, userId, LIVE_TABLES, {
        onChange: (table) => stale([table]),
        onStatus: (status) => {
          if (status === 'interrupted') interrupted = true;
          else if (status === 'live' && interrupted) {
            interrupted = false;
            stale(LIVE_TABLES);
          }
        },
      });
    });
    return () => {
      stopped = true;
      stop?.();
      if (timer) clearTimeout(timer);
    };
  }, [client, userId, queryClient]);
}
