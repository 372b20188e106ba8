import { useMemo, useState } from 'react';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { initialValues } from '@/shared/core/placeholders.ts';
import { forEachNote, workflowJobSteps } from '@/shared/core/usage/workflowEstimate.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { PANEL_WORKFLOW_TEXTS, RUN_VIEW_TEXTS, WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { sendMessage } from '@/extension/lib/messaging.ts';
import { missingFields, workflowFields, workflowPageVariables, workflowProblems } from '@/shared/core/workflows/variables.ts';
import { pageVariableNotes, pageVariableValues } from '@/extension/lib/runPrompt.ts';
import { ModelPicker, type AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { PromptFields } from '@/shared/ui/ai/PromptFields.tsx';
import { BudgetWarnings } from '@/shared/ui/usage/BudgetWarnings.tsx';
import { JobEstimateLine, useEstimateConfirm, type JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import type { StepPictureSetup } from '@/shared/ui/workflows/StepPicture.tsx';
import { imageKeysOf, useWorkflowRun } from '@/shared/ui/workflows/useWorkflowRun.ts';
import { WorkflowRunView } from '@/shared/ui/workflows/WorkflowRunView.tsx';
import { extData } from './extClient.ts';
import { useNeedPage } from './pageContext.tsx';
import { PageCard } from './PageCard.tsx';
import { PANEL_OUTPUT_ACTIONS } from './panelOutputActions.tsx';
import { useKeyStatus } from './useKeyStatus.ts';
import { usePanelChoice } from './usePanelChoice.ts';
import type { ChosenWorkflow } from './WorkflowsView.tsx';

/** Image steps' pictures in the panel: read with the panel's client; the gallery opens on the dashboard. */
const pictures: StepPictureSetup = {
  client: extData,
  galleryLink: (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={() => void sendMessage('dashboard:open', { path: ROUTES.imageGallery })}
    >
      {RUN_VIEW_TEXTS.pictureInGallery}
    </Link>
  ),
};

/** A workflow's run form in the panel (page variables from the tab beside it), then its run. */
export function PanelWorkflowRunner({ workflow }: { workflow: ChosenWorkflow }) {
  const { definition } = workflow;
  const fields = useMemo(() => workflowFields(definition), [definition]);
  const problems = useMemo(() => workflowProblems(definition), [definition]);
  const needsPage = workflowPageVariables(definition).length > 0;
  const page = useNeedPage(needsPage);
  const context = page.read?.ok ? page.read.context : null;
  const fromPage = useMemo(() => pageVariableValues(context), [context]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const values = useMemo(() => ({ ...initialValues(fields), ...fromPage, ...edits }), [fields, fromPage, edits]);
  const [tried, setTried] = useState(false);
  const local = useKeyStatus();
  const [choice, choose] = usePanelChoice({ provider: definition.provider, model: definition.model });
  const available: AvailableKeys = { keys: local.keys, customBaseUrl: local.baseUrl };
  const run = useWorkflowRun(extData, definition);
  const missing = missingFields(definition, values);
  const { confirmJob, dialog } = useEstimateConfirm(extData);

  const target = () => ({
    provider: choice.provider,
    model: choice.model,
    apiKey: available.keys[choice.provider] ?? null,
    customBaseUrl: choice.provider === 'chatgpt_custom' ? available.customBaseUrl : null,
    imageApiKeys: imageKeysOf(available.keys),
  });
  const job: JobToEstimate | null = choice.model.trim()
    ? { provider: choice.provider, model: choice.model.trim(), steps: workflowJobSteps(definition, values), note: forEachNote(definition) }
    : null;
  const start = async () => {
    setTried(true);
    if (missing.length || problems.length || !job || run.running) return;
    // Above the user's threshold the run says what it will cost first.
    if (!(await confirmJob(job))) return;
    void run.start({ action: 'start', ...workflow.source, fieldValues: values, trigger: 'panel', ...target() });
  };

  return (
    <Stack spacing={2}>
      {needsPage && <PageCard page={page} />}
      {workflow.description && (
        <Typography variant="body2" color="text.secondary">
          {workflow.description}
        </Typography>
      )}
      {problems.length > 0 && <Alert severity="error">{problems[0]!.message}</Alert>}
      <PromptFields
        fields={fields}
        values={values}
        fromPage={fromPage}
        pageNotes={pageVariableNotes(context)}
        pageUnread={page.read?.ok === false && page.read.reason === 'noAccess'}
        missing={new Set(tried ? missing.map((f) => f.id) : [])}
        onChange={(id, value) => setEdits((current) => ({ ...current, [id]: value }))}
      />
      <ModelPicker value={choice} available={available} onChange={choose} idPrefix="panel-workflow" />
      {tried && missing.length > 0 && <Alert severity="warning">{PANEL_WORKFLOW_TEXTS.fillIn(missing.map((f) => f.label))}</Alert>}
      {run.refusal && (
        <Alert severity={run.refusal.kind === 'limit' ? 'warning' : 'error'} onClose={run.clearRefusal}>
          {run.refusal.message}
        </Alert>
      )}
      {problems.length === 0 && <JobEstimateLine client={extData} job={job} />}
      <BudgetWarnings client={extData} provider={choice.provider} />
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<PlayArrowIcon />}
        onClick={() => void start()}
        disabled={run.running || problems.length > 0 || !choice.model}
      >
        {WORKFLOW_PAGE_TEXTS.run}
      </Button>
      {dialog}
      <WorkflowRunView
        name={workflow.name}
        state={run.state}
        running={run.running}
        onStop={run.stop}
        onContinue={(from) => void run.continueRun(target(), from)}
        onEdit={async (position, output) => (await run.editOutput(position, output))?.message ?? null}
        savingPosition={run.savingPosition}
        actions={PANEL_OUTPUT_ACTIONS}
        canSave
        pictures={pictures}
      />
    </Stack>
  );
}
