import { useCallback, useEffect, useRef, useState } from 'react';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { deleteAllPromptRuns, deletePromptRun, listPromptRuns, type PromptRun } from '@/shared/data/promptRuns.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';

export type RunHistoryFilter = { promptId?: string; freePromptId?: string };

export type RunHistoryStatus = 'loading' | 'ready' | 'error';

/**
 * The user's run history (prompt_runs), newest first, in pages of 20: all runs, or one prompt's.
 * Runs recorded on this page are put on top without a reload.
 */
export function useRunHistory(filter: RunHistoryFilter) {
  const notify = useNotify();
  const [runs, setRuns] = useState<PromptRun[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<RunHistoryStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const pages = useRef(1);
  const { promptId, freePromptId } = filter;

  const load = useCallback(async () => {
    setStatus('loading');
    pages.current = 1;
    const result = await listPromptRuns(supabase, { promptId, freePromptId });
    if (result.error) {
      setError(result.error.message);
      setStatus('error');
      return;
    }
    setRuns(result.data.runs);
    setTotal(result.data.total);
    setStatus('ready');
  }, [promptId, freePromptId]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    const result = await listPromptRuns(supabase, { promptId, freePromptId, page: pages.current + 1 });
    setLoadingMore(false);
    if (result.error) {
      notify({ title: RUN_TEXTS.historyError, description: result.error.message, variant: 'destructive' });
      return;
    }
    pages.current += 1;
    // Runs recorded since the first page shift the pages: skip any already shown.
    setRuns((current) => [...current, ...result.data.runs.filter((r) => !current.some((c) => c.id === r.id))]);
    setTotal(result.data.total);
  }, [promptId, freePromptId, notify]);

  const remove = useCallback(
    async (run: PromptRun) => {
      const result = await deletePromptRun(supabase, run.id);
      if (result.error) {
        notify({ title: RUN_TEXTS.deleteRunError, description: result.error.message, variant: 'destructive' });
        return;
      }
      setRuns((current) => current.filter((r) => r.id !== run.id));
      setTotal((t) => Math.max(0, t - 1));
      notify({ title: RUN_TEXTS.runDeleted });
    },
    [notify],
  );

  const clear = useCallback(async () => {
    const result = await deleteAllPromptRuns(supabase);
    if (result.error) {
      notify({ title: RUN_TEXTS.deleteRunError, description: result.error.message, variant: 'destructive' });
      return;
    }
    setRuns([]);
    setTotal(0);
    notify({ title: RUN_TEXTS.historyCleared });
  }, [notify]);

  const prepend = useCallback((run: PromptRun) => {
    setRuns((current) => [run, ...current.filter((r) => r.id !== run.id)]);
    setTotal((t) => t + 1);
  }, []);

  return { runs, total, status, error, loadingMore, reload: load, loadMore, remove, clear, prepend };
}

export type RunHistory = ReturnType<typeof useRunHistory>;
