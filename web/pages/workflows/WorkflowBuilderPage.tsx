import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Container } from '@mui/material';
import BackIcon from '@mui/icons-material/ArrowBack';
import { ROUTES } from '@/shared/core/routes.ts';
import { copyName } from '@/shared/core/workflows/builder.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { emptyDefinition, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { workflowTemplate } from '@/shared/core/workflows/templates.ts';
import { workflowQueries } from '@/shared/ui/queries/workflows.ts';
import { QueryState } from '@/shared/ui/QueryState.tsx';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useProfile } from '@/web/lib/sessionState.ts';
import { webData } from '../run/runSide.ts';
import { BuilderForm } from './BuilderForm.tsx';
import type { BuilderDraft } from './useBuilderDraft.ts';
import { randomId } from '@/shared/core/ids.ts';

/** A template's steps under fresh ids (the copy is the user's own from now on). */
const withFreshIds = (definition: WorkflowDefinition): WorkflowDefinition => ({
  ...definition,
  steps: definition.steps.map((s) => ({ ...s, id: randomId() })),
});

function NewWorkflow({ readOnly }: { readOnly: boolean }) {
  const [params] = useSearchParams();
  const templateId = params.get('template');
  const template = templateId ? workflowTemplate(templateId) : undefined;
  const initial = useMemo<BuilderDraft>(
    () =>
      template
        ? { name: copyName(template.name), description: template.description, definition: withFreshIds(template.definition) }
        : { name: '', description: '', definition: emptyDefinition(randomId()) },
    [template],
  );
  return (
    <>
      {templateId && !template && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {BUILDER_TEXTS.unknownTemplate}
        </Alert>
      )}
      <BuilderForm key={templateId ?? 'new'} workflowId={null} initial={initial} readOnly={readOnly} />
    </>
  );
}

function EditWorkflow({ workflowId, readOnly }: { workflowId: string; readOnly: boolean }) {
  const query = useQuery(workflowQueries.detail(webData, workflowId));
  return (
    <QueryState query={query} loadingLabel={BUILDER_TEXTS.loadingWorkflow} errorText={BUILDER_TEXTS.workflowError}>
      {(workflow) => (
        <>
          {workflow.problem && (
            <Alert severity="error" sx={{ mb: 3 }}>
              {workflow.problem}
            </Alert>
          )}
          <BuilderForm
            key={workflow.id}
            workflowId={workflow.id}
            initial={{
              name: workflow.name,
              description: workflow.description,
              definition: workflow.definition ?? emptyDefinition(randomId()),
            }}
            readOnly={readOnly}
          />
        </>
      )}
    </QueryState>
  );
}

/** /workflows/new (optionally from a template) and /workflows/:workflowId/edit. */
export function WorkflowBuilderPage() {
  const { workflowId } = useParams();
  const profile = useProfile();
  const readOnly = profile?.role === 'view_only';
  const title = readOnly ? BUILDER_TEXTS.viewTitle : workflowId ? BUILDER_TEXTS.editTitle : BUILDER_TEXTS.newTitle;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Button component={RouterLink} to={ROUTES.workflows} startIcon={<BackIcon />} sx={{ mb: 2 }}>
        {BUILDER_TEXTS.backToList}
      </Button>
      <PageHeader title={title} subtitle={BUILDER_TEXTS.builderSubtitle} />
      {readOnly && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {BUILDER_TEXTS.readOnlyNote}
        </Alert>
      )}
      {workflowId ? <EditWorkflow workflowId={workflowId} readOnly={readOnly} /> : <NewWorkflow readOnly={readOnly} />}
    </Container>
  );
}
