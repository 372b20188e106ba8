import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Button, Chip, Container, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { ROUTES, workflowEditPath } from '@/shared/core/routes.ts';
import { WORKFLOW_RUN_TEXTS, WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { workflowTemplate } from '@/shared/core/workflows/templates.ts';
import { workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { webData } from '../run/runSide.ts';
import { ScheduleCard } from './ScheduleCard.tsx';
import { WorkflowRunHistory } from './WorkflowRunHistory.tsx';
import { WorkflowRunner } from './WorkflowRunner.tsx';

const back = (
  <Button component={RouterLink} to={ROUTES.workflows} startIcon={<ArrowBackIcon />}>
    {WORKFLOW_PAGE_TEXTS.back}
  </Button>
);

/** /workflows/templates/:templateId — run a built-in template (duplicate it to change it). */
export function WorkflowTemplateRunPage() {
  const { templateId = '' } = useParams();
  const viewOnly = useProfile()?.role === 'view_only';
  const template = workflowTemplate(templateId);
  if (!template)
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <PageHeader title={WORKFLOW_RUN_TEXTS.templateNotFound} actions={back} />
      </Container>
    );
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageHeader
        title={template.name}
        subtitle={template.description}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip label={WORKFLOW_PAGE_TEXTS.template} size="small" />
            {!viewOnly && (
              <Button
                component={RouterLink}
                to={`${ROUTES.workflowNew}?template=${encodeURIComponent(template.id)}`}
                startIcon={<EditIcon />}
              >
                {WORKFLOW_PAGE_TEXTS.duplicate}
              </Button>
            )}
            {back}
          </Stack>
        }
      />
      <Stack spacing={4}>
        <WorkflowRunner source={{ templateId: template.id }} name={template.name} definition={template.definition} canSave={!viewOnly} />
        <WorkflowRunHistory source={{ templateId: template.id }} />
      </Stack>
    </Container>
  );
}

/** /workflows/:workflowId — run a saved workflow, with its run history. */
export function WorkflowRunPage() {
  const { workflowId = '' } = useParams();
  const viewOnly = useProfile()?.role === 'view_only';
  const query = useQuery(workflowQueries.detail(webData, workflowId));
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      {query.isError && <PageHeader title={WORKFLOW_PAGE_TEXTS.unavailable} actions={back} />}
      <QueryState query={query} loadingLabel={WORKFLOW_PAGE_TEXTS.loading} errorText={WORKFLOW_PAGE_TEXTS.loadError}>
        {(workflow) => (
          <>
            <PageHeader
              title={workflow.name}
              subtitle={workflow.description || undefined}
              actions={
                <Stack direction="row" spacing={1}>
                  {!viewOnly && (
                    <Button component={RouterLink} to={workflowEditPath(workflow.id)} startIcon={<EditIcon />}>
                      {WORKFLOW_PAGE_TEXTS.edit}
                    </Button>
                  )}
                  {back}
                </Stack>
              }
            />
            <Stack spacing={4}>
              {workflow.definition ? (
                <WorkflowRunner
                  key={workflow.updatedAt}
                  source={{ workflowId: workflow.id }}
                  name={workflow.name}
                  definition={workflow.definition}
                  canSave={!viewOnly}
                />
              ) : (
                <Alert severity="error">
                  {WORKFLOW_PAGE_TEXTS.unreadable} {workflow.problem}
                </Alert>
              )}
              <ScheduleCard workflow={workflow} canEdit={!viewOnly} />
              <WorkflowRunHistory source={{ workflowId: workflow.id }} />
            </Stack>
          </>
        )}
      </QueryState>
    </Container>
  );
}
