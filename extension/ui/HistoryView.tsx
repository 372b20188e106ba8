import { useState } from 'react';
import { Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { CONVERSATION_TEXTS } from '@/shared/core/conversations/texts.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { PromptRun } from '@/shared/data/promptRuns.ts';
import { RunHistoryList } from '@/shared/ui/run/RunHistoryList.tsx';
import { useRunHistory } from '@/shared/ui/run/useRunHistory.ts';
import { extData } from './extClient.ts';
import { PanelConversations } from './PanelConversations.tsx';
import { PANEL_OUTPUT_ACTIONS } from './panelOutputActions.tsx';

/**
 * History in the side panel, runs or conversations. Runs (prompt_runs): newest first, each reopened
 * in place with its output and the prompt that was sent; run again with the same values, or delete
 * (a failed "Show older" shows its failure above the runs). Conversations: see PanelConversations.
 */

export interface HistoryViewProps {
  onRunAgain: (run: PromptRun) => void;
  /** Goes on with a stored conversation in Chat. */
  onOpenConversation: (conversationId: string) => void;
}

type Shown = 'runs' | 'conversations';

export function HistoryView({ onRunAgain, onOpenConversation }: HistoryViewProps) {
  const [shown, setShown] = useState<Shown>('runs');
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        value={shown}
        exclusive
        size="small"
        fullWidth
        onChange={(_e, next: Shown | null) => next && setShown(next)}
        aria-label="History to show"
      >
        <ToggleButton value="runs">{CONVERSATION_TEXTS.runsTitle}</ToggleButton>
        <ToggleButton value="conversations">{CONVERSATION_TEXTS.historyTitle}</ToggleButton>
      </ToggleButtonGroup>
      {shown === 'runs' ? <RunHistory onRunAgain={onRunAgain} /> : <PanelConversations onOpen={onOpenConversation} />}
    </Stack>
  );
}

function RunHistory({ onRunAgain }: Pick<HistoryViewProps, 'onRunAgain'>) {
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
