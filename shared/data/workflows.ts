import { isUuid } from '../core/ids.ts';
import { parseWorkflowDefinition, type WorkflowDefinition } from '../core/workflows/definition.ts';
import { parseSchedule, type WorkflowSchedule } from '../core/workflows/schedule.ts';
import { WORKFLOW_TEXTS } from '../core/workflows/texts.ts';
import type { Tables } from './database.types.ts';
import { fail, invalid, notFound, ok, type DataResult } from './result.ts';
import type { AppClient } from './supabase.ts';

/**
 * Saved workflows (table workflows, owner only; view_only reads and runs but cannot write):
 *   listWorkflows · getWorkflow · createWorkflow · updateWorkflow · deleteWorkflow
 * A stored definition is read through parseWorkflowDefinition (older versions are upgraded); one
 * that cannot be read is reported on its workflow (`problem`) instead of failing the whole list.
 */

export interface SavedWorkflow {
  id: string;
  name: string;
  description: string;
  definition: WorkflowDefinition | null;
  /** Why the definition could not be read, when it could not. */
  problem: string | null;
  schedule: WorkflowSchedule | null;
  nextRunAt: string | null;
  schedulePausedReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowDraft {
  name: string;
  description: string;
  definition: WorkflowDefinition;
}

type WorkflowRow = Tables<'workflows'>;
const COLUMNS = 'id, name, description, definition, schedule, next_run_at, schedule_paused_reason, created_at, updated_at';

const toWorkflow = (row: Omit<WorkflowRow, 'user_id'>): SavedWorkflow => {
  const parsed = parseWorkflowDefinition(row.definition);
  const schedule = row.schedule === null ? null : parseSchedule(row.schedule);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    definition: parsed.ok ? parsed.value : null,
    problem: parsed.ok ? null : parsed.error,
    schedule: schedule?.ok ? schedule.value : null,
    nextRunAt: row.next_run_at,
    schedulePausedReason: row.schedule_paused_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
};

function checkDraft(draft: WorkflowDraft): string | null {
  if (!draft.name.trim()) return WORKFLOW_TEXTS.nameRequired;
  const parsed = parseWorkflowDefinition(draft.definition);
  return parsed.ok ? null : parsed.error;
}

export async function listWorkflows(client: AppClient): Promise<DataResult<SavedWorkflow[]>> {
  const { data, error } = await client.from('workflows').select(COLUMNS).order('updated_at', { ascending: false }).order('id');
  return error ? fail(error) : ok(data.map(toWorkflow));
}

export async function getWorkflow(client: AppClient, id: string): Promise<DataResult<SavedWorkflow>> {
  if (!isUuid(id)) return notFound(WORKFLOW_TEXTS.notFound);
  const { data, error } = await client.from('workflows').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return data ? ok(toWorkflow(data)) : notFound(WORKFLOW_TEXTS.notFound);
}

export async function createWorkflow(client: AppClient, draft: WorkflowDraft): Promise<DataResult<SavedWorkflow>> {
  const problem = checkDraft(draft);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('workflows')
    .insert({ name: draft.name.trim(), description: draft.description.trim(), definition: draft.definition })
    .select(COLUMNS)
    .single();
  return error ? fail(error) : ok(toWorkflow(data));
}

export async function updateWorkflow(client: AppClient, id: string, draft: WorkflowDraft): Promise<DataResult<SavedWorkflow>> {
  const problem = checkDraft(draft);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('workflows')
    .update({ name: draft.name.trim(), description: draft.description.trim(), definition: draft.definition })
    .eq('id', id)
    .select(COLUMNS)
    .maybeSingle();
  if (error) return fail(error);
  return data ? ok(toWorkflow(data)) : notFound(WORKFLOW_TEXTS.notFound);
}

export async function deleteWorkflow(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('workflows').delete().eq('id', id).select('id');
  if (error) return fail(error);
  return data.length ? ok() : notFound(WORKFLOW_TEXTS.notFound);
}
