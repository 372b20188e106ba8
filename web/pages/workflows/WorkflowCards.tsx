import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PlayIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import type { WorkflowTemplate } from '@/shared/core/workflows/templates.ts';
import { workflowEditPath, workflowRunPath, workflowTemplateRunPath, ROUTES } from '@/shared/core/routes.ts';
import type { SavedWorkflow } from '@/shared/data/workflows.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function CardShell({ title, description, chips, actions }: { title: string; description: string; chips: ReactNode; actions: ReactNode }) {
  return (
    <Card component="article" aria-label={title} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h3" gutterBottom sx={{ fontWeight: 700, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
            {description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {chips}
        </Stack>
      </CardContent>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {actions}
      </CardActions>
    </Card>
  );
}

/** The pause reason is a sentence: the chip grows to show all of it instead of cutting it off. */
const WRAPPING = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } };

function ScheduleChip({ workflow }: { workflow: SavedWorkflow }) {
  if (!workflow.schedule) return null;
  if (workflow.schedulePausedReason)
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<PauseIcon color="warning" />}
        label={BUILDER_TEXTS.paused(workflow.schedulePausedReason)}
        sx={WRAPPING}
      />
    );
  if (!workflow.nextRunAt) return null;
  return (
    <Chip size="small" color="primary" variant="outlined" icon={<ScheduleIcon />} label={BUILDER_TEXTS.nextRun(when(workflow.nextRunAt))} />
  );
}

/** One of the user's workflows: what it is, its schedule, and Run / Edit / Duplicate / Delete (the last three not for view_only). */
export function WorkflowCard({
  workflow,
  canEdit,
  onDuplicate,
  onDelete,
}: {
  workflow: SavedWorkflow;
  canEdit: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const steps = workflow.definition?.steps.length;
  return (
    <CardShell
      title={workflow.name}
      description={workflow.description}
      chips={
        <>
          <Chip size="small" label={steps === undefined ? BUILDER_TEXTS.unreadable : BUILDER_TEXTS.stepCount(steps)} />
          <ScheduleChip workflow={workflow} />
        </>
      }
      actions={
        <>
          <Button variant="contained" size="small" startIcon={<PlayIcon />} component={RouterLink} to={workflowRunPath(workflow.id)}>
            {BUILDER_TEXTS.run}
          </Button>
          {canEdit && (
            <>
              <Button size="small" component={RouterLink} to={workflowEditPath(workflow.id)}>
                {BUILDER_TEXTS.edit}
              </Button>
              <Box sx={{ ml: 'auto', display: 'flex' }}>
                <Tooltip title={BUILDER_TEXTS.duplicate}>
                  <span>
                    <IconButton size="small" aria-label={BUILDER_TEXTS.duplicate} onClick={onDuplicate} disabled={!workflow.definition}>
                      <CopyIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={BUILDER_TEXTS.delete}>
                  <IconButton size="small" color="error" aria-label={BUILDER_TEXTS.delete} onClick={onDelete}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </>
          )}
        </>
      }
    />
  );
}

/** A built-in template: Run it as it is, or duplicate it into the builder. */
export function TemplateCard({ template, canEdit }: { template: WorkflowTemplate; canEdit: boolean }) {
  return (
    <CardShell
      title={template.name}
      description={template.description}
      chips={<Chip size="small" label={BUILDER_TEXTS.stepCount(template.definition.steps.length)} />}
      actions={
        <>
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayIcon />}
            component={RouterLink}
            to={workflowTemplateRunPath(template.id)}
          >
            {BUILDER_TEXTS.run}
          </Button>
          {canEdit && (
            <Button size="small" component={RouterLink} to={`${ROUTES.workflowNew}?template=${encodeURIComponent(template.id)}`}>
              {BUILDER_TEXTS.duplicateToEdit}
            </Button>
          )}
        </>
      }
    />
  );
}
