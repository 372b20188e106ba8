import { useCallback, useEffect, useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReplayIcon from '@mui/icons-material/Replay';
import { PROVIDER_KEYS, PROVIDER_IDS, type ProviderId } from '../../core/providerKeys.ts';
import { deletePromptRun, listPromptRuns, RUN_HISTORY_PAGE_SIZE, type PromptRun } from '../../data/promptsRuns.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useNotify } from '../notices.tsx';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { extData } from './extClient.ts';
import { OutputActions } from './OutputActions.tsx';
import { relativeTime } from '../time.ts';

/**
 * Run history (prompt_runs): the user's runs, newest first, each reopened in place with its output
 * and the prompt that was sent; run again with the same values, or delete.
 */

export interface HistoryViewProps {
  onRunAgain: (run: PromptRun) => void;
}

const STATUS_LABEL: Record<PromptRun['status'], { label: string; color: 'success' | 'default' | 'error' }> = {
  done: { label: 'Done', color: 'success' },
  // (The warning colour is too light for small text on white.)
  stopped: { label: 'Stopped', color: 'default' },
  error: { label: 'Failed', color: 'error' },
};

const providerLabel = (provider: string) => (PROVIDER_IDS.includes(provider as ProviderId) ? PROVIDER_KEYS[provider as ProviderId].label : provider);

export function HistoryView({ onRunAgain }: HistoryViewProps) {
  const notify = useNotify();
  const [runs, setRuns] = useState<PromptRun[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PromptRun | null>(null);

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
    setDeleting(null);
    const result = await deletePromptRun(await extData(), run.id);
    if (result.error) {
      notify({ title: 'Error deleting run', description: result.error.message, variant: 'destructive' });
      return;
    }
    setRuns((current) => current.filter((r) => r.id !== run.id));
    setTotal((t) => t - 1);
    notify({ title: 'Run deleted' });
  };

  return (
    <Stack spacing={1.5}>
      {status === 'loading' && <LinearProgress aria-label="Loading run history" />}
      {status === 'error' && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void load(1)}>Retry</Button>}>
          <strong>Error fetching run history</strong>
          <br />
          {error}
        </Alert>
      )}
      {status === 'ready' && runs.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No runs yet. Run a prompt and it is kept here.
        </Typography>
      )}
      <Box>
        {runs.map((run) => (
          <Accordion key={run.id} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, flexDirection: 'column', gap: 0.25 } }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {run.promptName}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Chip size="small" variant="outlined" color={STATUS_LABEL[run.status].color} label={STATUS_LABEL[run.status].label} />
                <Typography variant="caption" color="text.secondary" noWrap>
                  {relativeTime(run.createdAt)} · {providerLabel(run.provider)}
                  {run.model ? ` · ${run.model}` : ''}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <RunDetails run={run} onRunAgain={() => onRunAgain(run)} onDelete={() => setDeleting(run)} />
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      {status === 'ready' && runs.length < total && runs.length >= RUN_HISTORY_PAGE_SIZE && (
        <Button onClick={() => setPage((p) => p + 1)}>Show older runs</Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this run?"
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        The output of “{deleting?.promptName}” is removed from your history. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}

function RunDetails({ run, onRunAgain, onDelete }: { run: PromptRun; onRunAgain: () => void; onDelete: () => void }) {
  return (
    <Stack spacing={1.5}>
      {run.status === 'error' && run.errorMessage && <Alert severity="error">{run.errorMessage}</Alert>}
      {run.output ? <LazyMarkdown text={run.output} /> : <Typography variant="body2" color="text.secondary">No output.</Typography>}
      <OutputActions text={run.output} name={run.promptName} canSave />
      <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', typography: 'caption' } }}>
        <summary>Prompt sent{run.pageUrl ? ` on ${run.pageUrl}` : ''}</summary>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1, overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
          {run.finalPrompt}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {run.promptId && (
          <Button size="small" startIcon={<ReplayIcon fontSize="small" />} onClick={onRunAgain}>
            Run again
          </Button>
        )}
        <Button size="small" color="error" startIcon={<DeleteOutlinedIcon fontSize="small" />} onClick={onDelete}>
          Delete
        </Button>
      </Stack>
    </Stack>
  );
}
