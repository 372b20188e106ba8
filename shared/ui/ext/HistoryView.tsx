import { useCallback, useEffect, useState } from 'react';
import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { deletePromptRun, listPromptRuns, type PromptRun } from '@/shared/data/promptRuns.ts';
import { useNotify } from '../notices.tsx';
import { RunHistoryList } from '../run/RunHistoryList.tsx';
import { extData } from './extClient.ts';
import { PANEL_OUTPUT_ACTIONS } from './panelOutputActions.tsx';

/**
 * Run history (prompt_runs): the user's runs, newest first, each reopened in place with its output
 * and the prompt that was sent; run again with the same values, or delete.
 */

export interface HistoryViewProps {
  onRunAgain: (run: PromptRun) => void;
}

export function HistoryView({ onRunAgain }: HistoryViewProps) {
  const notify = useNotify();
  const [runs, setRuns] = useState<PromptRun[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (pageNumber: number) => {
    setStatus('loading');
    const result = await listPromptRuns(await extData(), { page: pageNumber });
    if (result.error) {
      setError(result.error.message);
      setStatus('error');
      return;
    }
    setRuns((current) => (pageNumber === 1 ? result.data.runs : [...current, ...result.data.runs]));
    setTotal(result.data.total);
    setStatus('ready');
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const remove = async (run: PromptRun) => {
    const result = await deletePromptRun(await extData(), run.id);
    if (result.error) {
      notify({ title: RUN_TEXTS.deleteRunError, description: result.error.message, variant: 'destructive' });
      return;
    }
    setRuns((current) => current.filter((r) => r.id !== run.id));
    setTotal((t) => t - 1);
    notify({ title: RUN_TEXTS.runDeleted });
  };

  return (
    <RunHistoryList
      layout="panel"
      runs={runs}
      total={total}
      status={status}
      error={error}
      onRetry={() => void load(1)}
      onLoadMore={() => setPage((p) => p + 1)}
      onDelete={(run) => void remove(run)}
      actions={PANEL_OUTPUT_ACTIONS}
      runActions={(run) =>
        run.promptId && (
          <Button size="small" startIcon={<ReplayIcon fontSize="small" />} onClick={() => onRunAgain(run)}>
            {RUN_TEXTS.runAgain}
          </Button>
        )
      }
    />
  );
}
