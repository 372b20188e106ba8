import type { RunItem } from '@/shared/core/workflows/runEvents.ts';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { rest } from '../http.ts';
import { recordEvent } from '../monitoring.ts';

/**
 * A run and its steps in the database, written with the service role: the run-workflow and
 * run-scheduled-workflows functions hold the authority over runs (the owner only reads them,
 * deletes them and edits a finished step's output).
 */

type RunStatus = 'running' | 'done' | 'failed' | 'stopped';
type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'stopped';

export interface StoredStep {
  position: number;
  name: string;
  status: StepStatus;
  output: string;
  items: RunItem[];
  /** Set when the owner changed the output by hand. */
  edited_at: string | null;
}

export interface StoredRun {
  id: string;
  userId: string;
  workflowId: string | null;
  templateId: string | null;
  name: string;
  definition: WorkflowDefinition;
  provider: string;
  model: string;
  fieldValues: Record<string, string>;
  status: RunStatus;
  counted: boolean;
  steps: StoredStep[];
}

class StoreError extends Error {}

async function check<T>(answer: Promise<{ ok: boolean; status: number; body: unknown }>): Promise<T> {
  const { ok, body } = await answer;
  if (!ok) throw new StoreError((body as { message?: string } | null)?.message ?? 'The run could not be saved.');
  return body as T;
}

const patch = (path: string, values: Record<string, unknown>) =>
  check<unknown>(rest(path, { method: 'PATCH', body: JSON.stringify(values), headers: { prefer: 'return=minimal' } }, 'service'));

export async function insertRun(values: Record<string, unknown>, stepNames: { name: string; kind: string }[]): Promise<string> {
  const [row] = await check<{ id: string }[]>(
    rest(
      'workflow_runs?select=id',
      { method: 'POST', body: JSON.stringify(values), headers: { prefer: 'return=representation' } },
      'service',
    ),
  );
  const steps = stepNames.map((s, position) => ({ run_id: row!.id, user_id: values.user_id, position, name: s.name, kind: s.kind }));
  await check(
    rest('workflow_run_steps', { method: 'POST', body: JSON.stringify(steps), headers: { prefer: 'return=minimal' } }, 'service'),
  );
  return row!.id;
}

export const deleteRun = (runId: string) => check(rest(`workflow_runs?id=eq.${runId}`, { method: 'DELETE' }, 'service'));

/** A run with its steps, or null when it does not exist or is not the owner's. */
export async function loadRun(runId: string, owner: string): Promise<StoredRun | null> {
  const rows = await check<Record<string, unknown>[]>(
    rest(
      `workflow_runs?id=eq.${runId}&user_id=eq.${owner}&select=id,user_id,workflow_id,template_id,workflow_name,definition,provider,model,field_values,status,counted,workflow_run_steps(position,name,status,output,items,edited_at)`,
      { method: 'GET' },
      'service',
    ),
  );
  const row = rows[0];
  if (!row) return null;
  const steps = (row.workflow_run_steps as StoredStep[]).sort((a, b) => a.position - b.position);
  return {
    id: row.id as string,
    userId: row.user_id as string,
    workflowId: row.workflow_id as string | null,
    templateId: row.template_id as string | null,
    name: row.workflow_name as string,
    definition: row.definition as WorkflowDefinition,
    provider: row.provider as string,
    model: row.model as string,
    fieldValues: row.field_values as Record<string, string>,
    status: row.status as RunStatus,
    counted: row.counted as boolean,
    steps,
  };
}

export const updateRun = (runId: string, values: Record<string, unknown>) => patch(`workflow_runs?id=eq.${runId}`, values);

export const updateStep = (runId: string, position: number, values: Record<string, unknown>) =>
  patch(`workflow_run_steps?run_id=eq.${runId}&position=eq.${position}`, values);

/** Steps from a position on start again from nothing (a retry, or continuing after an edit). */
export const resetStepsFrom = (runId: string, position: number) =>
  patch(`workflow_run_steps?run_id=eq.${runId}&position=gte.${position}&status=neq.pending`, {
    status: 'pending',
    output: '',
    error: null,
    started_at: null,
    finished_at: null,
    edited_at: null,
  });

/** Takes the run's generation of the month; the database's refusal (PT429 at the limit) as thrown text. */
export async function takeGeneration(
  owner: string,
  runId: string,
): Promise<{ ok: true; quota: unknown } | { ok: false; limit: boolean; message: string }> {
  const answer = await rest('rpc/take_workflow_generation', { method: 'POST', body: JSON.stringify({ owner, run: runId }) }, 'service');
  if (answer.ok) return { ok: true, quota: answer.body };
  const body = (answer.body ?? {}) as { code?: string; message?: string };
  const limit = body.code === 'PT429';
  const message = body.message ?? 'The run could not be started.';
  if (limit) await recordEvent({ kind: 'quota_exhausted', source: 'workflows', message, userId: owner, detail: { runId } });
  return { ok: false, limit, message };
}

export const returnGeneration = (owner: string, runId: string) =>
  check(rest('rpc/return_workflow_generation', { method: 'POST', body: JSON.stringify({ owner, run: runId }) }, 'service'));
