import { Typography } from '@mui/material';
import { initialValues } from '@/shared/core/placeholders.ts';
import { ESTIMATE_TEXTS, monthlyRange, runsPerMonth } from '@/shared/core/usage/jobEstimate.ts';
import { workflowJobSteps } from '@/shared/core/usage/workflowEstimate.ts';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import type { WorkflowSchedule } from '@/shared/core/workflows/schedule.ts';
import { workflowFields } from '@/shared/core/workflows/variables.ts';
import { useJobEstimate, type JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import { webData } from '../run/runSide.ts';

/** One scheduled run as a job: the workflow with every field at its default (nobody fills the form). */
function scheduledRunJob(definition: WorkflowDefinition | null): JobToEstimate | null {
  if (!definition?.provider || !definition.model?.trim()) return null;
  return {
    provider: definition.provider,
    model: definition.model.trim(),
    steps: workflowJobSteps(definition, initialValues(workflowFields(definition))),
  };
}

/** A month of runs at `frequency` as one job (the Save confirmation's). */
export function scheduledMonthJob(definition: WorkflowDefinition | null, frequency: WorkflowSchedule['frequency']): JobToEstimate | null {
  const run = scheduledRunJob(definition);
  const runs = runsPerMonth(frequency);
  return run && { ...run, steps: run.steps.map((step) => ({ ...step, calls: step.calls * runs })), note: ESTIMATE_TEXTS.monthNote(runs) };
}

/** What a schedule costs: each run, and a month of runs at its frequency. */
export function ScheduleEstimate({
  definition,
  frequency,
}: {
  definition: WorkflowDefinition | null;
  frequency: WorkflowSchedule['frequency'];
}) {
  const estimated = useJobEstimate(webData, scheduledRunJob(definition));
  if (!estimated) return null;
  const { estimate, currency } = estimated;
  const runs = runsPerMonth(frequency);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="schedule-estimate">
      {ESTIMATE_TEXTS.perRun(ESTIMATE_TEXTS.summary(estimate, currency))}{' '}
      {ESTIMATE_TEXTS.perMonth(runs, monthlyRange(estimate, runs), currency)}
    </Typography>
  );
}
