import { useState } from 'react';
import { Alert, Box, IconButton, List, ListItemButton, ListItemText, ListSubheader, Stack, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@/shared/core/routes.ts';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { PANEL_WORKFLOW_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { WORKFLOW_TEMPLATES } from '@/shared/core/workflows/templates.ts';
import { workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { extData } from './extClient.ts';
import { PanelWorkflowRunner } from './PanelWorkflowRunner.tsx';

/** A workflow chosen in the panel: a built-in template or one of the user's own. */
export interface ChosenWorkflow {
  source: { workflowId: string } | { templateId: string };
  name: string;
  description: string;
  definition: WorkflowDefinition;
}

/**
 * The side panel's Workflows tab: the templates and the user's own workflows; one opens its run form
 * with the page variables read from the tab beside the panel, and runs there step by step.
 */
export function WorkflowsView({ onOpenDashboard }: { onOpenDashboard: (path: string) => void }) {
  const [chosen, setChosen] = useState<ChosenWorkflow | null>(null);
  const query = useQuery(workflowQueries.list(extData));

  if (chosen)
    return (
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Tooltip title={PANEL_WORKFLOW_TEXTS.back}>
            <IconButton size="small" aria-label={PANEL_WORKFLOW_TEXTS.back} onClick={() => setChosen(null)}>
              <ArrowBackIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap title={chosen.name}>
            {chosen.name}
          </Typography>
        </Stack>
        <PanelWorkflowRunner workflow={chosen} />
      </Stack>
    );

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {PANEL_WORKFLOW_TEXTS.intro}{' '}
        <Box
          component="button"
          type="button"
          onClick={() => onOpenDashboard(ROUTES.workflows)}
          sx={{
            border: 0,
            p: 0,
            background: 'none',
            color: 'primary.main',
            cursor: 'pointer',
            font: 'inherit',
            textDecoration: 'underline',
          }}
        >
          {PANEL_WORKFLOW_TEXTS.build}
        </Box>
      </Typography>
      <QueryState query={query} loadingLabel={PANEL_WORKFLOW_TEXTS.loading} errorText={PANEL_WORKFLOW_TEXTS.loadError}>
        {(workflows) => (
          <List dense disablePadding aria-label={PANEL_WORKFLOW_TEXTS.listLabel}>
            <ListSubheader disableSticky>{PANEL_WORKFLOW_TEXTS.mine}</ListSubheader>
            {workflows.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {PANEL_WORKFLOW_TEXTS.noneYet}
              </Typography>
            )}
            {workflows.map((w) =>
              w.definition ? (
                <ListItemButton
                  key={w.id}
                  onClick={() =>
                    setChosen({ source: { workflowId: w.id }, name: w.name, description: w.description, definition: w.definition! })
                  }
                >
                  <ListItemText primary={w.name} secondary={w.description || undefined} />
                </ListItemButton>
              ) : (
                <Alert key={w.id} severity="warning" sx={{ mx: 1 }}>
                  {w.name}: {w.problem}
                </Alert>
              ),
            )}
            <ListSubheader disableSticky>{PANEL_WORKFLOW_TEXTS.templates}</ListSubheader>
            {WORKFLOW_TEMPLATES.map((t) => (
              <ListItemButton
                key={t.id}
                onClick={() =>
                  setChosen({ source: { templateId: t.id }, name: t.name, description: t.description, definition: t.definition })
                }
              >
                <ListItemText primary={t.name} secondary={t.description} />
              </ListItemButton>
            ))}
          </List>
        )}
      </QueryState>
    </Stack>
  );
}
