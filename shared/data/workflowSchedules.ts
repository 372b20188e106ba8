import { nextRunAfter, parseSchedule, scheduleBlocker, type WorkflowSchedule } from '../core/workflows/schedule.ts';
import type { Json } from './database.types.ts';
import { fail, invalid, notFound, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';
import { getWorkflow, type SavedWorkflow } from './workflows.ts';
import { WORKFLOW_TEXTS } from '../core/workflows/texts.ts';

/**
 * A saved workflow's schedule (columns of workflows, written by its owner):
 *   saveSchedule · clearSchedule
 * Saving checks the workflow as stored (not the caller's copy of it) can run unattended, sets the
 * next due time and clears a pause, so saving again is how a paused schedule resumes. The
 * scheduler (run-scheduled-workflows) checks again when it runs, for a workflow edited since.
 */

export async function saveSchedule(
  client: AppClient,
  workflow: Pick<SavedWorkflow, 'id'>,
  schedule: WorkflowSchedule,
  now: Date = new Date(),
): Promise<DataResult<SavedWorkflow>> {
  const parsed = parseSchedule(schedule);
  if (!parsed.ok) return invalid(parsed.error);
  const stored = await getWorkflow(client, workflow.id);
  if (stored.error) return stored;
  const blocker = scheduleBlocker(stored.data.definition);
  if (blocker) return invalid(blocker);
  return writeSchedule(client, workflow.id, {
    schedule: parsed.value,
    next_run_at: nextRunAfter(parsed.value, now).toISOString(),
    schedule_paused_reason: null,
  });
}

export async function clearSchedule(client: AppClient, workflow: Pick<SavedWorkflow, 'id'>): Promise<DataResult<SavedWorkflow>> {
  return writeSchedule(client, workflow.id, { schedule: null, next_run_at: null, schedule_paused_reason: null });
}

async function writeSchedule(
  client: AppClient,
  id: string,
  values: { schedule: Json | null; next_run_at: string | null; schedule_paused_reason: null },
): Promise<DataResult<SavedWorkflow>> {
  const { data, error } = await client.from('workflows').update(values).eq('id', id).select('id');
  if (error) return fail(error);
  if (!data.length) return notFound(WORKFLOW_TEXTS.notFound);
  return getWorkflow(client, id);
}
