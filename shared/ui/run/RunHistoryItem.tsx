import { AccordionSummary, Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { providerName } from '@/shared/core/providerKeys.ts';
import { filledValueRows, outputDocumentName } from '@/shared/core/runPrompt.ts';
import { RUN_STATUS_LABELS, RUN_TEXTS } from '@/shared/core/runTexts.ts';
import type { PromptRun } from '@/shared/data/promptRuns.ts';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { relativeTime } from '../time.ts';
import { WebSources } from '../webSearch/WebSources.tsx';
import { OutputActions } from './OutputActions.tsx';
import type { RunHistoryListProps } from './RunHistoryList.tsx';

/** One run of the run history: its summary line (panel or page layout) and what opens under it. */

const STATUS_COLOR = { done: 'success', stopped: 'default', error: 'error' } as const;

const fullTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusChip({ run }: { run: PromptRun }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[run.status]} label={RUN_STATUS_LABELS[run.status]} />;
}

export function PanelSummary({ run }: { run: PromptRun }) {
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

export function PageSummary({ run, allPrompts }: { run: PromptRun; allPrompts: boolean }) {
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

export function RunDetails({
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
  const webSources = run.webSources?.length ? (
    <WebSources web={{ provider: null, sources: run.webSources }} answer={run.output} idPrefix={`run-${run.id}-web-sources`} />
  ) : null;
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
        {webSources}
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
      {webSources}
      {promptSent}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {outputActions}
        {runActions?.(run)}
        {deleteButton}
      </Stack>
    </Stack>
  );
}
