import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import StopIcon from '@mui/icons-material/Stop';
import { RUN_STATUS_LABELS, RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { AiRun } from '../ai/useAiRun.ts';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { OutputActions, type OutputActionsSetup } from './OutputActions.tsx';
import { UsageLine } from '../usage/UsageLine.tsx';

/**
 * The two layouts of a run's output:
 * - panel (side panel): a bordered box, shown once a run starts, its heading naming the run's state;
 * - page (dashboard): a card from the start with a hint, headed "Output" with the state as a chip,
 *   a failure's title as an alert title, and a note under a stopped run's text.
 */
export type RunOutputLayout = 'panel' | 'page';

const STATUS_CHIP_COLOR = { running: 'primary', done: 'success', stopped: 'default', error: 'error' } as const;

export interface RunOutputProps {
  run: AiRun;
  /** The document's name when the output is saved. */
  documentName: string;
  layout: RunOutputLayout;
  actions: OutputActionsSetup;
}

/**
 * The answer as it streams, rendered as sanitised markdown (AI output can never run script):
 * Stop while it runs; a failure's catalogue message above whatever had arrived; Copy, the side's
 * extra actions, and Save.
 */
export function RunOutput({ run, documentName, layout, actions }: RunOutputProps) {
  const page = layout === 'page';
  if (!page && run.status === 'idle') return null;
  const running = run.status === 'running';
  const gap = page ? 2 : 1.5;

  const header = page ? (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
      <Typography id="run-output-title" variant="h6" component="h2" sx={{ flex: 1 }}>
        {RUN_TEXTS.output}
      </Typography>
      {/* The state is announced; the text itself is not read out as it streams. */}
      <Box role="status" sx={{ display: 'inline-flex' }}>
        {run.status !== 'idle' && (
          <Chip size="small" variant="outlined" color={STATUS_CHIP_COLOR[run.status]} label={RUN_STATUS_LABELS[run.status]} />
        )}
      </Box>
      {running && <StopButton onStop={run.stop} />}
    </Stack>
  ) : (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
        {run.status === 'done' || run.status === 'idle' ? RUN_TEXTS.output : RUN_STATUS_LABELS[run.status]}
      </Typography>
      {running && <StopButton onStop={run.stop} />}
    </Stack>
  );

  const body = (
    <>
      {header}
      {running && <LinearProgress sx={{ mb: gap }} aria-label={RUN_TEXTS.writingProgress} />}
      {run.error &&
        (page ? (
          <Alert severity="error" sx={{ mb: gap }} data-testid="run-error">
            <AlertTitle>{run.error.title}</AlertTitle>
            {run.error.message}
          </Alert>
        ) : (
          <Alert severity="error" sx={{ mb: gap }}>
            <strong>{run.error.title}</strong>
            <br />
            {run.error.message}
          </Alert>
        ))}
      {page && run.status === 'idle' && (
        <Typography variant="body2" color="text.secondary">
          {RUN_TEXTS.idleHint}
        </Typography>
      )}
      {run.text ? (
        <Box data-testid="run-output">
          <LazyMarkdown text={run.text} />
        </Box>
      ) : (
        running && (
          <Typography variant="body2" color="text.secondary">
            {RUN_TEXTS.waiting}
          </Typography>
        )
      )}
      {!running && <UsageLine usage={run.usage} />}
      {page && run.status === 'stopped' && run.text && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {RUN_TEXTS.stoppedNote}
        </Typography>
      )}
      {run.text && (
        <Box sx={{ mt: gap }}>
          <OutputActions text={run.text} documentName={documentName} canSave={!running} setup={actions} />
        </Box>
      )}
    </>
  );

  return page ? (
    <Card component="section" aria-labelledby="run-output-title" aria-busy={running}>
      <CardContent>{body}</CardContent>
    </Card>
  ) : (
    <Box
      component="section"
      aria-label={RUN_TEXTS.output}
      aria-busy={running}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
    >
      {body}
    </Box>
  );
}

function StopButton({ onStop }: { onStop: () => void }) {
  return (
    <Button size="small" color="error" variant="outlined" startIcon={<StopIcon fontSize="small" />} onClick={onStop}>
      {RUN_TEXTS.stop}
    </Button>
  );
}
