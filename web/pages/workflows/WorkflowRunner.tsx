import { QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { useMemo, useState } from 'react';
import { Alert, AlertTitle, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { initialValues } from '@/shared/core/placeholders.ts';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_PAGE_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { missingFields, workflowFields, workflowProblems } from '@/shared/core/workflows/variables.ts';
import { forEachNote, workflowJobSteps } from '@/shared/core/usage/workflowEstimate.ts';
import { PromptFields } from '@/shared/ui/ai/PromptFields.tsx';
import { BudgetWarnings } from '@/shared/ui/usage/BudgetWarnings.tsx';
import { JobEstimateLine, useEstimateConfirm, type JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { useWorkflowRun } from '@/shared/ui/workflows/useWorkflowRun.ts';
import { WorkflowRunView } from '@/shared/ui/workflows/WorkflowRunView.tsx';
import { useRunOutputActions, webData } from '../run/runSide.ts';
import { RunTargetFields } from './RunTargetFields.tsx';
import { RUN_PICTURES } from './runPictures.tsx';
import { useRunTarget } from './useRunTarget.ts';

export interface WorkflowRunnerProps {
  source: { workflowId: string } | { templateId: string };
  name: string;
  definition: WorkflowDefinition;
  canSave: boolean;
}

/** The run form (fields asked once, provider and model), then the run as it goes. */
export function WorkflowRunner({ source, name, definition, canSave }: WorkflowRunnerProps) {
  const fields = useMemo(() => workflowFields(definition), [definition]);
  const problems = useMemo(() => workflowProblems(definition), [definition]);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(fields));
  const [tried, setTried] = useState(false);
  const target = useRunTarget({ provider: definition.provider, model: definition.model });
  const run = useWorkflowRun(webData, definition);
  const actions = useRunOutputActions();
  const missing = missingFields(definition, values);
  const { confirmJob, dialog } = useEstimateConfirm(webData);

  const job: JobToEstimate | null = target.choice.model.trim()
    ? {
        provider: target.choice.provider,
        model: target.choice.model.trim(),
        steps: workflowJobSteps(definition, values),
        note: forEachNote(definition),
      }
    : null;

  const start = async () => {
    setTried(true);
    if (missing.length || problems.length || !job) return;
    // Above the user's threshold the run says what it will cost first.
    if (!(await confirmJob(job))) return;
    void run.start({ action: 'start', ...source, fieldValues: values, trigger: 'dashboard', ...target.target() });
  };

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Stack
            spacing={2}
            component="form"
            noValidate
            aria-labelledby="workflow-form-title"
            onSubmit={(e) => {
              e.preventDefault();
              void start();
            }}
          >
            <Typography id="workflow-form-title" variant="h6" component="h2">
              {WORKFLOW_PAGE_TEXTS.formTitle}
            </Typography>
            {problems.length > 0 && (
              <Alert severity="error">
                <AlertTitle>{WORKFLOW_PAGE_TEXTS.cannotRun}</AlertTitle>
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {problems.map((p) => (
                    <li key={p.message}>{p.message}</li>
                  ))}
                </ul>
              </Alert>
            )}
            {fields.length > 0 && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {WORKFLOW_PAGE_TEXTS.asked}
                </Typography>
                <PromptFields
                  fields={fields}
                  values={values}
                  missing={new Set(tried ? missing.map((f) => f.id) : [])}
                  onChange={(id, value) => setValues((current) => ({ ...current, [id]: value }))}
                />
              </>
            )}
            <RunTargetFields run={target} idPrefix="workflow" />
            {run.refusal && (
              <Alert severity={run.refusal.kind === 'limit' ? 'warning' : 'error'} onClose={run.clearRefusal}>
                {run.refusal.message}
              </Alert>
            )}
            {problems.length === 0 && <JobEstimateLine client={webData} job={job} />}
            <BudgetWarnings client={webData} provider={target.choice.provider} />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button type="submit" variant="contained" startIcon={<PlayArrowIcon />} disabled={run.running || problems.length > 0}>
                {WORKFLOW_PAGE_TEXTS.run}
              </Button>
              <Typography variant="body2" color="text.secondary">
                {QUOTA_TEXTS.rule}
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {dialog}
      <WorkflowRunView
        name={name}
        state={run.state}
        running={run.running}
        onStop={run.stop}
        onContinue={(from) => void run.continueRun(target.target(), from)}
        onEdit={async (position, output) => (await run.editOutput(position, output))?.message ?? null}
        savingPosition={run.savingPosition}
        actions={actions}
        canSave={canSave}
        pictures={RUN_PICTURES}
      />
    </Stack>
  );
}
