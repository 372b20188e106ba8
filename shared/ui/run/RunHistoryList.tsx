import { useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { PromptField } from '@/shared/core/placeholders.ts';
import { providerName } from '@/shared/core/providerKeys.ts';
import { filledValueRows, outputDocumentName } from '@/shared/core/runPrompt.ts';
import { RUN_STATUS_LABELS, RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { RUN_HISTORY_PAGE_SIZE, type PromptRun } from '@/shared/data/promptRuns.ts';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { errorMessage } from '../query.ts';
import { QueryState, type QueryLike } from '../QueryState.tsx';
import { relativeTime } from '../time.ts';
import { OutputActions, type OutputActionsSetup } from './OutputActions.tsx';

/**
 * The two layouts of the run history:
 * - panel (side panel): compact rows titled by the prompt; loading, a failure and the list shown
 *   together; each run's output with its actions, the prompt sent (and on which page); its output
 *   saved under the prompt's name; older runs offered once a full page is shown.
 * - page (dashboard): a list of runs ("Runs"), opened one at a time by the page; loading, a failure
 *   or the list; each run's filled values, its output, the prompt sent; its output saved under the
 *   prompt's name and the day.
 */
type RunHistoryLayout = 'panel' | 'page';

const STATUS_COLOR = { done: 'success', stopped: 'default', error: 'error' } as const;

const fullTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the list reads of the history's query (a useInfiniteQuery result fits). */
interface RunHistoryQuery extends QueryLike<unknown> {
  isFetchingNextPage: boolean;
}

export interface RunHistoryListProps {
  layout: RunHistoryLayout;
  /** The history's query: its loading, failure and "Try again" (the runs themselves come below). */
  query: RunHistoryQuery;
  runs: readonly PromptRun[];
  total: number;
  onLoadMore: () => void;
  onDelete: (run: PromptRun) => void;
  /** Copy, the side's extra actions and Save, for each run's output. */
  actions: OutputActionsSetup;
  /** More buttons for a run, before Delete (run again, use its values, open it in its runner). */
  runActions?: (run: PromptRun) => ReactNode;
  /** page: the prompt's fields (on its run page), labels and order for the filled values. */
  fields?: readonly PromptField[];
  /** page: all runs, each titled by its prompt (otherwise by its time). */
  allPrompts?: boolean;
  /** page: the run opened (one at a time). */
  expandedId?: string | null;
  onExpand?: (id: string | null) => void;
}

/** Runs as an accordion, newest first: reopen one to read its output; copy, save, reuse or delete it. */
export function RunHistoryList(props: RunHistoryListProps) {
  if (props.layout === 'page') {
    return (
      <QueryState
        query={props.query}
        loadingLabel={RUN_TEXTS.historyLoading}
        loadingSx={{ display: 'grid', placeItems: 'center', py: 4 }}
        errorText={(message) => `${RUN_TEXTS.historyError}: ${message}`}
        retryColor="inherit"
        isEmpty={() => props.runs.length === 0}
        empty={
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ py: 3, textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}
          >
            {RUN_TEXTS.historyEmpty}
          </Typography>
        }
      >
        {/* A failed "Show older" keeps the runs shown (the page's toast reports it). */}
        {() => <RunList {...props} loading={false} error={null} />}
      </QueryState>
    );
  }
  // The panel shows its loading (the first reading or an older page), a failure and the runs together.
  const { query } = props;
  const loading = query.isFetching;
  return <RunList {...props} loading={loading} error={!loading && query.status === 'error' ? errorMessage(query.error) : null} />;
}

/** The runs, with (in the panel) the loading bar or the failure above them; `error` is null unless the last reading failed. */
function RunList(props: RunHistoryListProps & { loading: boolean; error: string | null }) {
  const { layout, query, runs, total, loading, error, onLoadMore, onDelete, allPrompts = false, expandedId, onExpand } = props;
  const page = layout === 'page';
  const [deleting, setDeleting] = useState<PromptRun | null>(null);
  const ready = !loading && error === null;

  const more = ready && runs.length < total && (page || runs.length >= RUN_HISTORY_PAGE_SIZE);
  return (
    <Stack spacing={1.5}>
      {!page && loading && <LinearProgress aria-label={RUN_TEXTS.historyLoading} />}
      {!page && error !== null && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {RUN_TEXTS.retry}
            </Button>
          }
        >
          <strong>{RUN_TEXTS.historyError}</strong>
          <br />
          {error}
        </Alert>
      )}
      {!page && ready && runs.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {RUN_TEXTS.historyEmpty}
        </Typography>
      )}
      <Box {...(page ? { role: 'list', 'aria-label': RUN_TEXTS.runs } : {})}>
        {runs.map((run) => (
          <Accordion
            key={run.id}
            disableGutters
            variant="outlined"
            {...(page
              ? {
                  role: 'listitem',
                  expanded: expandedId === run.id,
                  onChange: (_e: unknown, open: boolean) => onExpand?.(open ? run.id : null),
                  slotProps: { transition: { unmountOnExit: true } },
                }
              : {})}
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            {page ? <PageSummary run={run} allPrompts={allPrompts} /> : <PanelSummary run={run} />}
            <AccordionDetails>
              <RunDetails {...props} run={run} onDelete={() => setDeleting(run)} />
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
      {more && (
        <Button onClick={onLoadMore} {...(page ? { loading: query.isFetchingNextPage, sx: { alignSelf: 'center' } } : {})}>
          {RUN_TEXTS.showOlder}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={RUN_TEXTS.deleteRunTitle}
        confirmLabel={RUN_TEXTS.delete}
        onConfirm={() => {
          const run = deleting;
          setDeleting(null);
          if (run) onDelete(run);
        }}
        onCancel={() => setDeleting(null)}
      >
        {(page ? RUN_TEXTS.deleteRunWithValuesText : RUN_TEXTS.deleteRunText)(deleting?.promptName ?? '')}
      </ConfirmDialog>
    </Stack>
  );
}

function StatusChip({ run }: { run: PromptRun }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[run.status]} label={RUN_STATUS_LABELS[run.status]} />;
}

function PanelSummary({ run }: { run: PromptRun }) {
  return (
    <AccordionSummary
      expandIcon={<ExpandMoreIcon />}
      sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, flexDirection: 'column', gap: 0.25 } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {run.promptName}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <StatusChip run={run} />
        <Typography variant="caption" color="text.secondary" noWrap>
          {relativeTime(run.createdAt)} · {providerName(run.provider)}
          {run.model ? ` · ${run.model}` : ''}
        </Typography>
      </Stack>
    </AccordionSummary>
  );
}

function PageSummary({ run, allPrompts }: { run: PromptRun; allPrompts: boolean }) {
  return (
    <AccordionSummary
      expandIcon={<ExpandMoreIcon />}
      id={`run-${run.id}`}
      sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, flexDirection: 'column', gap: 0.5 } }}
    >
      <Typography variant="body1" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {allPrompts ? run.promptName : RUN_TEXTS.runAt(relativeTime(run.createdAt))}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
        <StatusChip run={run} />
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
  );
}

function RunDetails({
  layout,
  run,
  fields,
  actions,
  runActions,
  onDelete,
}: RunHistoryListProps & { run: PromptRun; onDelete: () => void }) {
  const page = layout === 'page';
  const values = page ? filledValueRows(run.filledValues, fields) : [];
  const output = run.output ? (
    <LazyMarkdown text={run.output} />
  ) : (
    <Typography variant="body2" color="text.secondary">
      {RUN_TEXTS.noOutput}
    </Typography>
  );
  const outputActions = (
    <OutputActions
      text={run.output}
      documentName={page ? outputDocumentName(run.promptName, new Date(run.createdAt)) : run.promptName}
      canSave
      setup={actions}
    />
  );
  const promptSent = (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', typography: page ? 'body2' : 'caption' } }}>
      <summary>{!page && run.pageUrl ? RUN_TEXTS.promptSentOn(run.pageUrl) : RUN_TEXTS.promptSent}</summary>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1, overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
        {run.finalPrompt}
      </Typography>
    </Box>
  );
  const deleteButton = (
    <Button
      size="small"
      color="error"
      startIcon={<DeleteOutlinedIcon fontSize="small" />}
      onClick={onDelete}
      sx={page ? { ml: { sm: 'auto' } } : undefined}
    >
      {RUN_TEXTS.delete}
    </Button>
  );
  const failure = run.status === 'error' && run.errorMessage && <Alert severity="error">{run.errorMessage}</Alert>;

  if (!page) {
    return (
      <Stack spacing={1.5}>
        {failure}
        {output}
        {outputActions}
        {promptSent}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {runActions?.(run)}
          {deleteButton}
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {failure}
      {values.length > 0 && (
        <Box
          component="dl"
          aria-label={RUN_TEXTS.filledValues}
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 2, rowGap: 0.5 }}
        >
          {values.map((row) => (
            <Box key={row.id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflowY: 'auto' }}
              >
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box data-testid="history-output" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
        {output}
      </Box>
      {promptSent}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {outputActions}
        {runActions?.(run)}
        {deleteButton}
      </Stack>
    </Stack>
  );
}
