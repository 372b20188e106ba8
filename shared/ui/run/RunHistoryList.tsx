import { useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { PromptField } from '@/shared/core/placeholders.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { RUN_HISTORY_PAGE_SIZE, type PromptRun } from '@/shared/data/promptRuns.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { errorMessage } from '../query.ts';
import { QueryState, type QueryLike } from '../QueryState.tsx';
import type { OutputActionsSetup } from './OutputActions.tsx';
import { PageSummary, PanelSummary, RunDetails } from './RunHistoryItem.tsx';

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
