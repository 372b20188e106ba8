import type { KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import type { WebSearchPath, WebSource } from '@/shared/core/webSearch.ts';
import { parseWorkflowDefinition, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { storedItems, type RunItem } from '@/shared/core/workflows/runEvents.ts';
import type { Json, TablesInsert, TablesUpdate } from '@/shared/data/database.types.ts';
import type { Db } from '../db.ts';
import { recordEvent } from '../monitoring.ts';

/**
 * A run and its steps in the database, written with the service role: the run-workflow and
 * run-scheduled-workflows functions hold the authority over runs (the owner only reads them,
 * deletes them and edits a finished step's output). A segment of work holds the run's lease, and
 * every write it makes names the lease (`leasedRun`): once another segment took the run over, its
 * writes change nothing (migration 20261202001100_workflow_run_leases.sql).
 */

type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'stopped';

export interface StoredStep {
  position: number;
  name: string;
  status: StepStatus;
  output: string;
  items: RunItem[];
  /** Set when the owner changed the output by hand. */
  editedAt: string | null;
}

export interface StoredRun {
  id: string;
  userId: string;
  workflowId: string | null;
  templateId: string | null;
  name: string;
  definition: WorkflowDefinition | null;
  /** Why the stored definition cannot be read (null when it can). */
  definitionError: string | null;
  provider: string;
  model: string;
  trigger: string;
  fieldValues: Record<string, string>;
  status: string;
  counted: boolean;
  leaseExpiresAt: string | null;
  attempts: number;
  createdAt: string;
  steps: StoredStep[];
}

/** The database refused or could not be reached: the run cannot be saved. */
class StoreError extends Error {}

/** The answer's data; the database's refusal as a thrown StoreError. */
function checked<T>(answer: { data: T | null; error: { message: string } | null }, fallback: string): NonNullable<T> {
  if (answer.error) throw new StoreError(answer.error.message || fallback);
  return answer.data as NonNullable<T>;
}

const SAVE_FAILED = 'The run could not be saved.';

/** Creates a run and its pending steps, the run held by `lease` from the start (nobody else takes it up meanwhile). */
export async function insertRun(
  db: Db,
  values: TablesInsert<'workflow_runs'> & { user_id: string },
  steps: readonly { name: string; kind: string }[],
  lease?: { id: string; seconds: number },
): Promise<string> {
  const row: TablesInsert<'workflow_runs'> = lease
    ? { ...values, lease_id: lease.id, lease_expires_at: new Date(Date.now() + lease.seconds * 1000).toISOString(), attempts: 1 }
    : values;
  const { data: inserted, error } = await db.from('workflow_runs').insert(row).select('id').single();
  if (error) throw new StoreError(error.message || SAVE_FAILED);
  const stepRows = steps.map((s, position) => ({ run_id: inserted.id, user_id: values.user_id, position, name: s.name, kind: s.kind }));
  checked(await db.from('workflow_run_steps').insert(stepRows), SAVE_FAILED);
  return inserted.id;
}

export async function deleteRun(db: Db, runId: string): Promise<void> {
  checked(await db.from('workflow_runs').delete().eq('id', runId), SAVE_FAILED);
}

/** Changes outside a segment: a run refused before it started, the document a scheduled run made. */
export async function updateRun(db: Db, runId: string, values: TablesUpdate<'workflow_runs'>): Promise<void> {
  checked(await db.from('workflow_runs').update(values).eq('id', runId), SAVE_FAILED);
}

const RUN_COLUMNS =
  'id, user_id, workflow_id, template_id, workflow_name, definition, provider, model, trigger, field_values, status, counted, lease_expires_at, attempts, created_at';

/** A run with its steps, or null when it does not exist or is not the owner's. */
export async function loadRun(db: Db, runId: string, owner: string): Promise<StoredRun | null> {
  const { data: row, error } = await db
    .from('workflow_runs')
    .select(`${RUN_COLUMNS}, workflow_run_steps(position, name, status, output, items, edited_at)`)
    .eq('id', runId)
    .eq('user_id', owner)
    .maybeSingle();
  if (error) throw new StoreError(error.message || 'The run could not be read.');
  if (!row) return null;
  const parsed = parseWorkflowDefinition(row.definition);
  return {
    id: row.id,
    userId: row.user_id,
    workflowId: row.workflow_id,
    templateId: row.template_id,
    name: row.workflow_name,
    definition: parsed.ok ? parsed.value : null,
    definitionError: parsed.ok ? null : parsed.error,
    provider: row.provider,
    model: row.model,
    trigger: row.trigger,
    fieldValues: (row.field_values ?? {}) as Record<string, string>,
    status: row.status,
    counted: row.counted,
    leaseExpiresAt: row.lease_expires_at,
    attempts: row.attempts,
    createdAt: row.created_at,
    steps: row.workflow_run_steps
      .map((s): StoredStep => ({
        position: s.position,
        name: s.name,
        // status is text to the generated types; a check constraint holds it to StepStatus.
        status: s.status as StepStatus,
        output: s.output,
        items: storedItems(s.items),
        editedAt: s.edited_at,
      }))
      .sort((a, b) => a.position - b.position),
  };
}

/** A scheduled run left unfinished whose lease expired (or was given up) by `now`, oldest first. */
export interface UnfinishedRun {
  id: string;
  userId: string;
  workflowId: string;
  provider: string;
  model: string;
  attempts: number;
  createdAt: string;
}

export async function interruptedScheduledRuns(db: Db, now: Date, limit: number, workflowId?: string): Promise<UnfinishedRun[]> {
  let query = db
    .from('workflow_runs')
    .select('id, user_id, workflow_id, provider, model, attempts, created_at')
    .eq('status', 'running')
    .eq('trigger', 'schedule')
    .not('workflow_id', 'is', null)
    .or(`lease_expires_at.is.null,lease_expires_at.lte.${now.toISOString()}`);
  if (workflowId) query = query.eq('workflow_id', workflowId);
  const rows = checked(await query.order('created_at').order('id').limit(limit), 'Unfinished runs could not be read.');
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    workflowId: r.workflow_id!,
    provider: r.provider,
    model: r.model,
    attempts: r.attempts,
    createdAt: r.created_at,
  }));
}

/** Whether a workflow has a scheduled run not finished (worked on, or interrupted). */
export async function hasUnfinishedScheduledRun(db: Db, workflowId: string): Promise<boolean> {
  const rows = checked(
    await db.from('workflow_runs').select('id').eq('workflow_id', workflowId).eq('trigger', 'schedule').eq('status', 'running').limit(1),
    'Unfinished runs could not be read.',
  );
  return rows.length > 0;
}

/**
 * Takes the run for a segment, unless someone holds a live lease on it: true when taken. The run
 * goes back to running, with the provider and model this segment uses.
 */
export async function claimRun(
  db: Db,
  claim: { runId: string; owner: string; lease: string; seconds: number; provider: string; model: string },
): Promise<boolean> {
  return checked(
    await db.rpc('claim_workflow_run', {
      run: claim.runId,
      owner: claim.owner,
      lease: claim.lease,
      seconds: claim.seconds,
      provider: claim.provider,
      model: claim.model,
    }),
    'The run could not be taken up.',
  );
}

/** What a segment writes about a step; `started` / `finished` stamp the database's time. */
export interface StepChanges {
  status?: StepStatus;
  model?: string;
  prompt?: string;
  output?: string;
  error?: string | null;
  items?: RunItem[];
  passages?: KnowledgePassage[];
  /** An image step's kept picture (generated_images id). */
  imageId?: string | null;
  /** The web sources a step was sent with or its provider's search found, and the path used (null: none). */
  webSources?: WebSource[] | null;
  webSearchPath?: WebSearchPath | null;
  started?: true;
  finished?: true;
}

/** A segment's writes, each one only while it holds the run (false: the run was taken over). */
export interface LeasedRun {
  renew(): Promise<boolean>;
  restartFrom(position: number): Promise<boolean>;
  saveStep(position: number, changes: StepChanges): Promise<boolean>;
  saveItem(position: number, item: RunItem & { index: number }): Promise<boolean>;
  /** The segment's end: the run done, failed or stopped, or left unfinished ('interrupted'); the lease is given up. */
  release(outcome: 'done' | 'failed' | 'stopped' | 'interrupted', error: string | null): Promise<boolean>;
}

export function leasedRun(db: Db, runId: string, lease: string, seconds: number): LeasedRun {
  const held = { run: runId, lease };
  return {
    renew: async () => checked(await db.rpc('renew_workflow_run_lease', { ...held, seconds }), SAVE_FAILED),
    restartFrom: async (position) => checked(await db.rpc('restart_workflow_run_steps', { ...held, from_position: position }), SAVE_FAILED),
    saveStep: async (position, changes) =>
      checked(await db.rpc('save_workflow_run_step', { ...held, step: position, changes: changes as unknown as Json }), SAVE_FAILED),
    saveItem: async (position, item) =>
      checked(await db.rpc('save_workflow_run_item', { ...held, step: position, item: item as unknown as Json }), SAVE_FAILED),
    release: async (outcome, error) =>
      checked(await db.rpc('release_workflow_run', { ...held, outcome, failure: error ?? '' }), SAVE_FAILED),
  };
}

/** Takes the run's generation of the month (once: a run that holds one keeps it); the database's refusal at the limit. */
export async function takeGeneration(
  db: Db,
  owner: string,
  runId: string,
): Promise<{ ok: true } | { ok: false; limit: boolean; message: string }> {
  const { error } = await db.rpc('take_workflow_generation', { owner, run: runId });
  if (!error) return { ok: true };
  const limit = error.code === 'PT429';
  const message = error.message || 'The run could not be started.';
  if (limit) await recordEvent({ kind: 'quota_exhausted', source: 'workflows', message, userId: owner, detail: { runId } });
  return { ok: false, limit, message };
}

export async function returnGeneration(db: Db, owner: string, runId: string): Promise<void> {
  checked(await db.rpc('return_workflow_generation', { owner, run: runId }), SAVE_FAILED);
}
