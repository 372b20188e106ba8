import { useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Collapse, Paper, Stack, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import type { LiveStatus, LiveStep } from '../../core/workflows/runState.ts';
import { RUN_VIEW_TEXTS } from '../../core/workflows/runTexts.ts';
import { LazyMarkdown } from '../ai/LazyMarkdown.tsx';
import { accentText } from '../colorMode.tsx';
import { UsageLine, type UsageFigures } from '../usage/UsageLine.tsx';
import { WebSources } from '../webSearch/WebSources.tsx';
import { StepPicture, type StepPictureSetup } from './StepPicture.tsx';

const CHIP_COLOR: Record<LiveStatus | 'interrupted', 'default' | 'primary' | 'success' | 'error' | 'warning'> = {
  pending: 'default',
  running: 'primary',
  done: 'success',
  failed: 'error',
  stopped: 'warning',
  interrupted: 'warning',
};

/** A step's, an item's or (in a history) a run's state; a run may be interrupted (runPhase). */
export function StatusChip({ status }: { status: LiveStatus | 'interrupted' }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CHIP_COLOR[status]}
      // MUI's warning orange is too light for text on light surfaces (3:1): darkened there, lightened on dark ones.
      sx={CHIP_COLOR[status] === 'warning' ? (theme) => accentText(theme.palette.warning.main)(theme) : undefined}
      label={RUN_VIEW_TEXTS.status[status]}
      icon={status === 'running' ? <CircularProgress size={12} aria-hidden /> : undefined}
    />
  );
}

export interface StepCardProps {
  step: LiveStep;
  /** The run is going (no retry or edit meanwhile). */
  busy: boolean;
  isLast: boolean;
  /** The output was just edited: offer to run the next steps again from it. */
  offerContinue: boolean;
  onRetry: (position: number) => void;
  /** Saves the edited output; the error's text when it failed. */
  onEdit: (position: number, output: string) => Promise<string | null>;
  /** While `onEdit`'s save of this step's output runs. */
  saving: boolean;
  onContinueFrom: (position: number) => void;
  /** What the step's calls cost (every call it made, retries included), once recorded. */
  usage?: UsageFigures | null;
  /** How an image step's picture is shown; without it the step shows its text only. */
  pictures?: StepPictureSetup;
}

/** One step of a run: its state, its output as it streams (a for-each step's items one by one), and what can be done with it. */
export function StepCard({
  step,
  busy,
  isLast,
  offerContinue,
  onRetry,
  onEdit,
  saving,
  onContinueFrom,
  usage = null,
  pictures,
}: StepCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [showInput, setShowInput] = useState(false);
  const headingId = `workflow-step-${step.position}`;
  const editable = !busy && (step.status === 'done' || step.status === 'stopped');
  const doneItems = step.items.filter((i) => i.status === 'done').length;

  const save = async () => {
    if (draft === null) return;
    const error = await onEdit(step.position, draft);
    setProblem(error);
    if (!error) setDraft(null);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }} data-testid="workflow-step">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {RUN_VIEW_TEXTS.stepHeading(step.position, step.name)}
        </Typography>
        {step.edited && <Chip size="small" label={RUN_VIEW_TEXTS.edited} />}
        <Box role="status">
          <StatusChip status={step.status} />
        </Box>
      </Stack>
      {step.kind === 'for_each' && step.items.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {RUN_VIEW_TEXTS.forEachItems(doneItems, step.items.length)}
        </Typography>
      )}
      {step.prompt && (
        <Box sx={{ mb: 1 }}>
          <Button size="small" onClick={() => setShowInput((v) => !v)} aria-expanded={showInput}>
            {showInput ? RUN_VIEW_TEXTS.hideInput : RUN_VIEW_TEXTS.showInput}
          </Button>
          <Collapse in={showInput} unmountOnExit>
            <Box
              component="pre"
              sx={{
                m: 0,
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                fontSize: 13,
                maxHeight: 320,
                overflow: 'auto',
              }}
            >
              {step.prompt}
            </Box>
          </Collapse>
        </Box>
      )}
      {step.kind === 'image' && step.imageId && pictures && <StepPicture imageId={step.imageId} setup={pictures} />}
      {step.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {step.error}
        </Alert>
      )}
      {draft !== null ? (
        <Stack spacing={1}>
          <TextField
            label={RUN_VIEW_TEXTS.outputLabel(step.name)}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            multiline
            minRows={6}
            maxRows={20}
            fullWidth
            autoFocus
            error={Boolean(problem)}
            helperText={problem ?? undefined}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="small" onClick={() => void save()} loading={saving}>
              {RUN_VIEW_TEXTS.saveOutput}
            </Button>
            <Button size="small" onClick={() => setDraft(null)}>
              {RUN_VIEW_TEXTS.cancel}
            </Button>
          </Stack>
        </Stack>
      ) : step.kind === 'for_each' && step.items.length > 0 && step.status !== 'done' && !step.edited ? (
        <Stack spacing={1}>
          {step.items.map((item, i) => (
            <Box key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }} noWrap title={item.input}>
                  {RUN_VIEW_TEXTS.item(i)}: {item.input}
                </Typography>
                <StatusChip status={item.status} />
              </Stack>
              {item.error && (
                <Typography variant="body2" color="error">
                  {item.error}
                </Typography>
              )}
              {item.output && <LazyMarkdown text={item.output} />}
            </Box>
          ))}
        </Stack>
      ) : step.output ? (
        <LazyMarkdown text={step.output} />
      ) : null}
      {step.web && (step.status === 'done' || step.status === 'stopped' || step.web.sources.length > 0) && (
        <Box sx={{ mt: 1 }}>
          <WebSources web={{ provider: step.web.path, sources: step.web.sources }} answer={step.output} idPrefix={`${headingId}-web`} />
        </Box>
      )}
      <UsageLine usage={usage} />
      {draft === null && (
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {step.status === 'failed' && !busy && (
            <Button size="small" variant="contained" startIcon={<ReplayIcon />} onClick={() => onRetry(step.position)}>
              {RUN_VIEW_TEXTS.retry}
            </Button>
          )}
          {editable && (
            <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => setDraft(step.output)}>
              {RUN_VIEW_TEXTS.editOutput}
            </Button>
          )}
          {offerContinue && !isLast && !busy && (
            <Button size="small" variant="contained" onClick={() => onContinueFrom(step.position + 1)}>
              {RUN_VIEW_TEXTS.continueFrom(step.position + 1)}
            </Button>
          )}
        </Stack>
      )}
      {offerContinue && !busy && draft === null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
          {RUN_VIEW_TEXTS.outputSaved}
        </Typography>
      )}
    </Paper>
  );
}
