import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { JOB_TEXTS, jobStatusText } from '../../core/jobs/progress.ts';
import { useOtherJobs } from './JobBoard.tsx';

/**
 * A slim strip with the long jobs the user's other tabs are running (Generate All of an offer…),
 * each with its progress and a way to the page where its results appear. Nothing when none runs.
 */
export function OtherJobsStrip({ onOpen, compact = false }: { onOpen: (path: string) => void; compact?: boolean }) {
  const jobs = useOtherJobs();
  if (jobs.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={JOB_TEXTS.elsewhereTitle}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      {jobs.map((job) => (
        <Box key={`${job.key}:${job.kind}`} sx={{ px: compact ? 1.5 : { xs: 2, md: 3 }, py: 0.75 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" role="status" sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="other-tab-job">
              {jobStatusText(job)}
              {job.title && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${job.title}`}
                </Typography>
              )}
            </Typography>
            <Button
              size="small"
              color="inherit"
              onClick={() => onOpen(job.path)}
              aria-label={`${JOB_TEXTS.open} ${JOB_TEXTS[job.kind]}`}
              sx={{ flexShrink: 0 }}
            >
              {JOB_TEXTS.open}
            </Button>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={(Math.min(job.done, job.total) / job.total) * 100}
            aria-label={`${JOB_TEXTS[job.kind]} progress in another tab`}
            sx={{ mt: 0.5 }}
          />
        </Box>
      ))}
    </Box>
  );
}
