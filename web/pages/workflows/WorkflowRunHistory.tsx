import { QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, IconButton, List, ListItem, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { workflowRunDetailPath } from '@/shared/core/routes.ts';
import { runPhase } from '@/shared/core/workflows/resume.ts';
import { RUN_VIEW_TEXTS, WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import type { RunSummary } from '@/shared/data/workflowRuns.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useDeleteWorkflowRunMutation, workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { relativeTime } from '@/shared/ui/time.ts';
import { StatusChip } from '@/shared/ui/workflows/StepCard.tsx';
import { webData } from '../run/runSide.ts';

type Source = { workflowId: string } | { templateId: string };

/** A workflow's runs, newest first: when, from where, how it ended (a failure's error), open or delete. */
export function WorkflowRunHistory({ source }: { source: Source }) {
  const query = useQuery(workflowQueries.runs(webData, source));
  const [confirming, setConfirming] = useState<RunSummary | null>(null);
  const remove = useDeleteWorkflowRunMutation(webData);

  return (
    <Box component="section" aria-labelledby="workflow-history-title">
      <Typography id="workflow-history-title" variant="h6" component="h2">
        {WORKFLOW_PAGE_TEXTS.historyTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {QUOTA_TEXTS.rule}
      </Typography>
      <QueryState
        query={query}
        loadingLabel={WORKFLOW_PAGE_TEXTS.historyLoading}
        errorText={WORKFLOW_PAGE_TEXTS.historyError}
        isEmpty={(runs) => runs.length === 0}
        empty={
          <Typography variant="body2" color="text.secondary">
            {WORKFLOW_PAGE_TEXTS.historyEmpty}
          </Typography>
        }
      >
        {(runs) => (
          <Paper variant="outlined">
            <List disablePadding aria-label={WORKFLOW_PAGE_TEXTS.historyTitle}>
              {runs.map((run, i) => {
                // A run left unfinished that nobody works on any more was cut off: interrupted.
                const phase = runPhase(run, Date.now());
                return (
                  <ListItem key={run.id} divider={i < runs.length - 1} data-testid="workflow-history-row">
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                          <span>{relativeTime(run.createdAt)}</span>
                          <Chip size="small" label={WORKFLOW_PAGE_TEXTS.trigger[run.trigger]} />
                          <StatusChip status={phase} />
                          <Typography variant="caption" color="text.secondary">
                            {run.model}
                          </Typography>
                        </Stack>
                      }
                      secondary={run.error ?? undefined}
                      slotProps={{ secondary: { color: 'error' } }}
                    />
                    <Stack direction="row" spacing={0.5} sx={{ ml: 1, flexShrink: 0 }}>
                      <Button size="small" component={RouterLink} to={workflowRunDetailPath(run.id)}>
                        {WORKFLOW_PAGE_TEXTS.open}
                      </Button>
                      <Tooltip title={WORKFLOW_PAGE_TEXTS.delete}>
                        <IconButton
                          size="small"
                          aria-label={`${WORKFLOW_PAGE_TEXTS.delete} ${RUN_VIEW_TEXTS.runStatus[phase].toLowerCase()} run ${relativeTime(run.createdAt)}`}
                          onClick={() => setConfirming(run)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title={WORKFLOW_PAGE_TEXTS.deleteTitle}
        confirmLabel={WORKFLOW_PAGE_TEXTS.delete}
        onConfirm={() => {
          if (confirming) remove.mutate(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      >
        {WORKFLOW_PAGE_TEXTS.confirmDelete}
      </ConfirmDialog>
    </Box>
  );
}
