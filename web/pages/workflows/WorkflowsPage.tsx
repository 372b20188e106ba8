import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Container, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ROUTES } from '@/shared/core/routes.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { WORKFLOW_TEMPLATES } from '@/shared/core/workflows/templates.ts';
import type { SavedWorkflow } from '@/shared/data/workflows.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { TemplateCard, WorkflowCard } from './WorkflowCards.tsx';
import { useWorkflows } from './useWorkflows.ts';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
};

/** /workflows: the user's workflows and the built-in templates. view_only runs them but changes nothing. */
export function WorkflowsPage() {
  const profile = useProfile();
  const canEdit = profile !== null && profile.role !== 'view_only';
  const { query, duplicate, remove } = useWorkflows();
  const [deleting, setDeleting] = useState<SavedWorkflow | null>(null);

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader
        title={BUILDER_TEXTS.pageTitle}
        subtitle={BUILDER_TEXTS.pageSubtitle}
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={ROUTES.workflowNew}>
              {BUILDER_TEXTS.newWorkflow}
            </Button>
          )
        }
      />
      {profile?.role === 'view_only' && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {BUILDER_TEXTS.viewOnlyNote}
        </Alert>
      )}
      <Box component="section" aria-labelledby="your-workflows-heading" sx={{ mb: 5 }}>
        <Typography id="your-workflows-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          {BUILDER_TEXTS.yourWorkflows}
        </Typography>
        <QueryState
          query={query}
          loadingLabel={BUILDER_TEXTS.loadingList}
          errorText={BUILDER_TEXTS.listError}
          isEmpty={(list) => list.length === 0}
          empty={<Typography color="text.secondary">{canEdit ? BUILDER_TEXTS.emptyList : BUILDER_TEXTS.emptyListViewOnly}</Typography>}
        >
          {(list) => (
            <Box sx={GRID}>
              {list.map((workflow) => (
                <WorkflowCard
                  key={workflow.id}
                  workflow={workflow}
                  canEdit={canEdit}
                  onDuplicate={() => void duplicate(workflow)}
                  onDelete={() => setDeleting(workflow)}
                />
              ))}
            </Box>
          )}
        </QueryState>
      </Box>
      <Box component="section" aria-labelledby="workflow-templates-heading">
        <Typography id="workflow-templates-heading" variant="h5" component="h2" gutterBottom>
          {BUILDER_TEXTS.templates}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {BUILDER_TEXTS.templatesIntro}
        </Typography>
        <Box sx={GRID}>
          {WORKFLOW_TEMPLATES.map((template) => (
            <TemplateCard key={template.id} template={template} canEdit={canEdit} />
          ))}
        </Box>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={BUILDER_TEXTS.deleteTitle}
        confirmLabel={BUILDER_TEXTS.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
          setDeleting(null);
        }}
      >
        {deleting ? BUILDER_TEXTS.deleteBody(deleting.name) : ''}
      </ConfirmDialog>
    </Container>
  );
}
