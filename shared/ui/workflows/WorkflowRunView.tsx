import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import { finalOutput, runProgress, type LiveRun } from '../../core/workflows/runState.ts';
import { RUN_VIEW_TEXTS } from '../../core/workflows/runTexts.ts';
import { OutputActions, type OutputActionsSetup } from '../run/OutputActions.tsx';
import { RunExportMenu } from './RunExportMenu.tsx';
import { StepCard } from './StepCard.tsx';
import type { StepPictureSetup } from './StepPicture.tsx';
import type { UsageFigures } from '../usage/UsageLine.tsx';

export interface WorkflowRunViewProps {
  /** Each step's recorded usage, by position (the run page reads it from the ledger). */
  stepUsage?: ReadonlyMap<number, UsageFigures>;
  name: string;
  state: LiveRun;
  running: boolean;
  onStop: () => void;
  /** Runs again from a step (a retry, or after an edited output); undefined: from the first step not done. */
  onContinue: (fromPosition?: number) => void;
  onEdit: (position: number, output: string) => Promise<string | null>;
  /** The step whose edited output `onEdit` is saving, or null. */
  savingPosition: number | null;
  actions: OutputActionsSetup;
  /** view_only accounts cannot save documents. */
  canSave: boolean;
  /** How image steps' pictures are shown (read with the signed-in client, with a way to the gallery). */
  pictures?: StepPictureSetup;
}

/**
 * A workflow run as it goes: "Step n of m" with a progress bar and Stop, every step's state and
 * output (streaming), a failed, stopped or interrupted run's way on (retry, continue, resume), and the final output's
 * actions (copy, save as a document, export the final output or every step).
 */
export function WorkflowRunView({
  name,
  state,
  running,
  onStop,
  onContinue,
  onEdit,
  savingPosition,
  actions,
  canSave,
  stepUsage,
  pictures,
}: WorkflowRunViewProps) {
  const progress = runProgress(state);
  // The step whose output was just edited, until the run goes on.
  const [edited, setEdited] = useState<number | null>(null);
  const go = (from?: number) => {
    setEdited(null);
    onContinue(from);
  };
  const edit = async (position: number, output: string) => {
    const error = await onEdit(position, output);
    if (!error) setEdited(position);
    return error;
  };
  const final = finalOutput(state);
  const documentName = `${name} — ${new Date().toISOString().slice(0, 10)}`;
  return (
    <Stack spacing={2} data-testid="workflow-run">
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="p" sx={{ flex: 1 }} role="status" data-testid="workflow-progress">
            {state.status === 'idle'
              ? RUN_VIEW_TEXTS.noOutputYet
              : `${RUN_VIEW_TEXTS.progress(Math.max(progress.current, 1), progress.total)} · ${RUN_VIEW_TEXTS.runStatus[state.status]}`}
          </Typography>
          {running && (
            <Button color="error" variant="outlined" size="small" startIcon={<StopIcon />} onClick={onStop}>
              {RUN_VIEW_TEXTS.stop}
            </Button>
          )}
        </Stack>
        {state.status !== 'idle' && (
          <LinearProgress
            variant={running ? 'buffer' : 'determinate'}
            value={(progress.done / Math.max(progress.total, 1)) * 100}
            valueBuffer={running ? ((progress.done + 1) / Math.max(progress.total, 1)) * 100 : undefined}
            aria-label={RUN_VIEW_TEXTS.progressLabel}
          />
        )}
      </Box>
      {!running && state.status === 'failed' && (
        <Alert severity="error">
          <AlertTitle>{RUN_VIEW_TEXTS.failedTitle}</AlertTitle>
          {state.error && <Box sx={{ mb: 0.5 }}>{state.error}</Box>}
          {RUN_VIEW_TEXTS.failedHint}
        </Alert>
      )}
      {!running && state.status === 'stopped' && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" startIcon={<PlayArrowIcon />} onClick={() => go()}>
              {RUN_VIEW_TEXTS.continue}
            </Button>
          }
        >
          <AlertTitle>{RUN_VIEW_TEXTS.stoppedTitle}</AlertTitle>
          {RUN_VIEW_TEXTS.stoppedHint}
        </Alert>
      )}
      {!running && state.status === 'interrupted' && (
        <Alert
          severity="warning"
          data-testid="workflow-interrupted"
          action={
            <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={() => go()}>
              {RUN_VIEW_TEXTS.resume}
            </Button>
          }
        >
          <AlertTitle>{RUN_VIEW_TEXTS.interruptedTitle}</AlertTitle>
          {state.error && <Box sx={{ mb: 0.5 }}>{state.error}</Box>}
          {RUN_VIEW_TEXTS.interruptedHint}
        </Alert>
      )}
      {state.steps.map((step) => (
        <StepCard
          key={step.position}
          step={step}
          busy={running}
          isLast={step.position === state.steps.length - 1}
          offerContinue={edited === step.position}
          onRetry={go}
          onEdit={edit}
          saving={savingPosition === step.position}
          onContinueFrom={go}
          usage={stepUsage?.get(step.position) ?? null}
          pictures={pictures}
        />
      ))}
      {state.status === 'done' && !running && (
        <Box component="section" aria-labelledby="workflow-final-title">
          <Typography id="workflow-final-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {RUN_VIEW_TEXTS.finalOutput}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <OutputActions text={final} documentName={documentName} canSave={canSave} setup={actions} />
            <RunExportMenu name={name} state={state} actions={actions} canSave={canSave} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
