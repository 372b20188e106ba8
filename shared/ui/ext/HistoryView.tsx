import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { PromptRun } from '@/shared/data/promptRuns.ts';
import { RunHistoryList } from '../run/RunHistoryList.tsx';
import { useRunHistory } from '../run/useRunHistory.ts';
import { extData } from './extClient.ts';
import { PANEL_OUTPUT_ACTIONS } from './panelOutputActions.tsx';

/**
 * Run history (prompt_runs): the user's runs, newest first, each reopened in place with its output
 * and the prompt that was sent; run again with the same values, or delete. A failed "Show older"
 * shows its failure above the runs.
 */

export interface HistoryViewProps {
  onRunAgain: (run: PromptRun) => void;
}

export function HistoryView({ onRunAgain }: HistoryViewProps) {
  const history = useRunHistory(extData, {});

  return (
    <RunHistoryList
      layout="panel"
      query={history.query}
      runs={history.runs}
      total={history.total}
      onLoadMore={() => void history.loadMore()}
      onDelete={(run) => void history.remove(run)}
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
