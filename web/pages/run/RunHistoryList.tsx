import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInBrowserOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import type { PromptField } from '../../../shared/core/placeholders.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, type ProviderId } from '../../../shared/core/providerKeys.ts';
import { filledValueRows, outputDocumentName, reopenRunPath } from '../../../shared/core/runPrompt.ts';
import { RUN_TEXTS } from '../../../shared/core/runTexts.ts';
import type { PromptRun } from '../../../shared/data/promptsRuns.ts';
import { LazyMarkdown } from '../../../shared/ui/ai/LazyMarkdown.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { relativeTime } from '../../../shared/ui/time.ts';
import { OutputButtons } from './OutputButtons.tsx';
import type { RunHistory } from './useRunHistory.ts';

const STATUS: Record<PromptRun['status'], { label: string; color: 'success' | 'default' | 'error' }> = {
  done: { label: 'Done', color: 'success' },
  stopped: { label: 'Stopped', color: 'default' },
  error: { label: 'Failed', color: 'error' },
};

export const providerName = (provider: string): string => (PROVIDER_IDS.includes(provider as ProviderId) ? PROVIDER_KEYS[provider as ProviderId].label : provider);

const fullTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface RunHistoryListProps {
  history: RunHistory;
  /** The prompt's fields (on its run page): labels and order for the filled values. */
  fields?: readonly PromptField[];
  /** All runs: each run is titled by its prompt and links to its run page. */
  allPrompts?: boolean;
  /** On the prompt's own page: put a run's values back into the form. */
  onUseValues?: (run: PromptRun) => void;
  expandedId: string | null;
  onExpand: (id: string | null) => void;
}

/** Runs as an accordion, newest first: reopen one to read its output and values; copy, save, reuse or delete it. */
export function RunHistoryList({ history, fields, allPrompts = false, onUseValues, expandedId, onExpand }: RunHistoryListProps) {
  const [deleting, setDeleting] = useState<PromptRun | null>(null);
  const { runs, status } = history;

  if (status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading run history" />
      </Box>
    );
  }
  if (status === 'error') {
    return (
      <Alert severity="error" action={<Button color="inherit" onClick={() => void history.reload()}>Try again</Button>}>
        {RUN_TEXTS.historyError}: {history.error}
      </Alert>
    );
  }
  if (runs.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
        {RUN_TEXTS.historyEmpty}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Box role="list" aria-label="Runs">
        {runs.map((run) => (
          <Accordion
            key={run.id}
            role="listitem"
            disableGutters
            variant="outlined"
            expanded={expandedId === run.id}
            onChange={(_e, open) => onExpand(open ? run.id : null)}
            slotProps={{ transition: { unmountOnExit: true } }}
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              id={`run-${run.id}`}
              sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, flexDirection: 'column', gap: 0.5 } }}
            >
              <Typography variant="body1" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {allPrompts ? run.promptName : `Run ${relativeTime(run.createdAt)}`}
              </Typography>
              <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
                <Chip size="small" variant="outlined" color={STATUS[run.status].color} label={STATUS[run.status].label} />
                <Typography variant="body2" color="text.secondary" component="span" sx={{ overflowWrap: 'anywhere' }}>
                  <time dateTime={run.createdAt} title={fullTime(run.createdAt)}>
                    {allPrompts ? relativeTime(run.createdAt) : fullTime(run.createdAt)}
                  </time>
                  {' · '}
                  {providerName(run.provider)}
                  {run.model ? ` · ${run.model}` : ''}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <RunDetails run={run} fields={fields} allPrompts={allPrompts} onUseValues={onUseValues} onDelete={() => setDeleting(run)} />
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      {runs.length < history.total && (
        <Button onClick={() => void history.loadMore()} loading={history.loadingMore} sx={{ alignSelf: 'center' }}>
          Show older runs
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this run?"
        confirmLabel="Delete"
        onConfirm={() => {
          const run = deleting;
          setDeleting(null);
          if (run) void history.remove(run);
        }}
        onCancel={() => setDeleting(null)}
      >
        The output of “{deleting?.promptName}” and the values you filled in are removed from your history. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}

function RunDetails({
  run,
  fields,
  allPrompts,
  onUseValues,
  onDelete,
}: {
  run: PromptRun;
  fields?: readonly PromptField[];
  allPrompts: boolean;
  onUseValues?: (run: PromptRun) => void;
  onDelete: () => void;
}) {
  const values = filledValueRows(run.filledValues, fields);
  const reopen = allPrompts ? reopenRunPath(run) : null;
  return (
    <Stack spacing={2}>
      {run.status === 'error' && run.errorMessage && <Alert severity="error">{run.errorMessage}</Alert>}
      {values.length > 0 && (
        <Box component="dl" aria-label="Filled values" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 2, rowGap: 0.5 }}>
          {values.map((row) => (
            <Box key={row.id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflowY: 'auto' }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box data-testid="history-output" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
        {run.output ? <LazyMarkdown text={run.output} /> : <Typography variant="body2" color="text.secondary">No output.</Typography>}
      </Box>
      <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', typography: 'body2' } }}>
        <summary>Prompt sent</summary>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1, overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
          {run.finalPrompt}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <OutputButtons text={run.output} documentName={outputDocumentName(run.promptName, new Date(run.createdAt))} canSave />
        {onUseValues && (
          <Button size="small" startIcon={<RestoreIcon fontSize="small" />} onClick={() => onUseValues(run)}>
            Use these values
          </Button>
        )}
        {reopen && (
          <Button size="small" component={RouterLink} to={reopen} startIcon={<OpenInNewIcon fontSize="small" />}>
            Open in the runner
          </Button>
        )}
        <Button size="small" color="error" startIcon={<DeleteOutlinedIcon fontSize="small" />} onClick={onDelete} sx={{ ml: { sm: 'auto' } }}>
          Delete
        </Button>
      </Stack>
    </Stack>
  );
}
