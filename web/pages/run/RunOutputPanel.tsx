import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import StopIcon from '@mui/icons-material/Stop';
import type { AiRun } from '../../../shared/ui/ai/useAiRun.ts';
import { LazyMarkdown } from '../../../shared/ui/ai/LazyMarkdown.tsx';
import { OutputButtons } from './OutputButtons.tsx';

const STATUS_CHIP: Partial<Record<AiRun['status'], { label: string; color: 'default' | 'success' | 'error' | 'primary' }>> = {
  running: { label: 'Writing…', color: 'primary' },
  done: { label: 'Done', color: 'success' },
  stopped: { label: 'Stopped', color: 'default' },
  error: { label: 'Failed', color: 'error' },
};

/**
 * The answer as it streams, rendered as sanitised markdown (AI output can never run script):
 * Stop while it runs; a failure's catalogue message above whatever had arrived; Copy and Save.
 */
export function RunOutputPanel({ run, documentName }: { run: AiRun; documentName: string }) {
  const running = run.status === 'running';
  const chip = STATUS_CHIP[run.status];
  return (
    <Card component="section" aria-labelledby="run-output-title" aria-busy={running}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
          <Typography id="run-output-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            Output
          </Typography>
          {/* The state is announced; the text itself is not read out as it streams. */}
          <Box role="status" sx={{ display: 'inline-flex' }}>
            {chip && <Chip size="small" variant="outlined" color={chip.color} label={chip.label} />}
          </Box>
          {running && (
            <Button size="small" color="error" variant="outlined" startIcon={<StopIcon fontSize="small" />} onClick={run.stop}>
              Stop
            </Button>
          )}
        </Stack>
        {running && <LinearProgress sx={{ mb: 2 }} aria-label="The AI is writing" />}
        {run.error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="run-error">
            <AlertTitle>{run.error.title}</AlertTitle>
            {run.error.message}
          </Alert>
        )}
        {run.status === 'idle' && (
          <Typography variant="body2" color="text.secondary">
            Fill in the prompt and run it: the answer appears here as it is written.
          </Typography>
        )}
        {run.text ? (
          <Box data-testid="run-output">
            <LazyMarkdown text={run.text} />
          </Box>
        ) : (
          running && (
            <Typography variant="body2" color="text.secondary">
              Waiting for the first words…
            </Typography>
          )
        )}
        {run.status === 'stopped' && run.text && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Stopped: the text above is what had arrived.
          </Typography>
        )}
        {run.text && (
          <Box sx={{ mt: 2 }}>
            <OutputButtons text={run.text} documentName={documentName} canSave={!running} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
