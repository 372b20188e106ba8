import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import StopIcon from '@mui/icons-material/Stop';
import type { AiRun } from '../ai/useAiRun.ts';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { OutputActions } from './OutputActions.tsx';

/** The run's output as it streams: Stop while it runs, then copy / insert / save. */
export function RunOutput({ run, documentName }: { run: AiRun; documentName: string }) {
  if (run.status === 'idle') return null;
  const running = run.status === 'running';
  return (
    <Box component="section" aria-label="Output" aria-busy={running} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {running ? 'Writing…' : run.status === 'stopped' ? 'Stopped' : run.status === 'error' ? 'Failed' : 'Output'}
        </Typography>
        {running && (
          <Button size="small" color="error" variant="outlined" startIcon={<StopIcon fontSize="small" />} onClick={run.stop}>
            Stop
          </Button>
        )}
      </Stack>
      {running && <LinearProgress sx={{ mb: 1.5 }} aria-label="The AI is writing" />}
      {run.error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          <strong>{run.error.title}</strong>
          <br />
          {run.error.message}
        </Alert>
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
      {run.text && (
        <Box sx={{ mt: 1.5 }}>
          <OutputActions text={run.text} name={documentName} canSave={!running} />
        </Box>
      )}
    </Box>
  );
}
