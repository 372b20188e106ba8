import { isUuid } from '../core/ids.ts';
import type { KnowledgePassage } from '../core/knowledge/grounding.ts';
import type { ProviderId } from '../core/providerKeys.ts';
import { webSearchPathFrom, webSourcesFrom } from '../core/webSearch.ts';
import { parseWorkflowDefinition, type WorkflowDefinition } from '../core/workflows/definition.ts';
import { autoResume } from '../core/workflows/resume.ts';
import { storedItems, storedPassages, type RunEvent, type RunItem, type StepWeb } from '../core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '../core/workflows/runTexts.ts';
import type { Tables } from './database.types.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, notFound, ok, type DataResult } from './result.ts';
import { serverSentEvents } from './sse.ts';
import type { AppClient } from './supabase.ts';

/**
 * Workflow runs: started and continued through the run-workflow Edge Function (which runs the
 * steps with the user's key and saves each one as it ends) and read back from workflow_runs /
 * workflow_run_steps (owner reads and deletes; a finished step's output may be edited). A run cut
 * off (runPhase in core/workflows/resume.ts says interrupted) is resumed with `continue`.
 *   streamWorkflowRun · listWorkflowRuns · getWorkflowRun · editStepOutput · deleteWorkflowRun
 */

type RunStatus = 'running' | 'done' | 'failed' | 'stopped';
type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'stopped';
type RunTrigger = 'dashboard' | 'panel' | 'schedule';

interface RunTarget {
  provider: ProviderId;
  model: string;
  /** Without it the key synced to the account is used. */
  apiKey?: string | null;
  customBaseUrl?: string | null;
  /** Keys this browser holds for the picture providers (an image step may draw with another provider than the run's). */
  imageApiKeys?: Partial<Record<'openai' | 'gemini', string>>;
}

export type RunRequest =
  | (RunTarget & {
      action: 'start';
      workflowId?: string;
      templateId?: string;
      fieldValues: Record<string, string>;
      trigger: 'dashboard' | 'panel';
    })
  | (RunTarget & { action: 'continue'; runId: string; fromPosition?: number });

export interface RunEnd {
  runId: string | null;
  /** interrupted: the run was cut off (the connection broke) before it ended; resume it with `continue`. */
  status: 'done' | 'failed' | 'stopped' | 'interrupted';
  error: string | null;
}

const CONNECTION_BROKE = 'The connection to the server broke. What arrived is saved; continue the run from its history.';

type Segment = DataResult<RunEnd & { progressed: boolean; cut: boolean }>;

/** One request to run-workflow: its events passed on; whether it finished any step or item (not one kept from before). */
async function streamSegment(
  client: AppClient,
  request: RunRequest,
  signal: AbortSignal,
  onEvent: (event: RunEvent) => void,
  runIdSoFar: string | null,
): Promise<Segment> {
  let runId = runIdSoFar;
  let progressed = false;
  const streamed = new Set<string>();
  const stopped = (): Segment => ok({ runId, status: 'stopped', error: null, progressed, cut: false });
  const { data, error } = await client.functions.invoke<ReadableStream<Uint8Array> | Response>('run-workflow', { body: request, signal });
  if (error) {
    if (signal.aborted) return stopped();
    const detail = await functionRefusal(error);
    return fail(
      { message: detail?.error ?? 'Could not reach the server.', code: detail?.code ?? undefined },
      functionErrorKind(error, detail),
    );
  }
  const body = data instanceof Response ? data.body : data;
  if (!body) return fail({ message: 'The run answered nothing.' }, 'server');
  try {
    for await (const event of serverSentEvents<RunEvent>(body, signal)) {
      if (event.type === 'run') runId = event.runId;
      if (event.type === 'delta') streamed.add(`${event.position}:${event.item ?? ''}`);
      if (event.type === 'step-end' && event.status === 'done') progressed = true;
      // An item done without streaming here is one kept from an earlier segment.
      if (event.type === 'item' && event.status === 'done' && streamed.has(`${event.position}:${event.item}`)) progressed = true;
      onEvent(event);
      if (event.type === 'end') return ok({ runId, status: event.status, error: event.error, progressed, cut: false });
    }
  } catch {
    if (signal.aborted) return stopped();
  }
  if (signal.aborted) return stopped();
  // Cut off before its end: what finished is saved, and the run can be resumed.
  if (runId) return ok({ runId, status: 'interrupted', error: CONNECTION_BROKE, progressed, cut: true });
  return fail({ message: CONNECTION_BROKE }, 'network');
}

/**
 * Runs (or continues) a workflow, passing every event on as it arrives; the outcome once it ends.
 * A run whose request ran out of the server's time goes on by itself in a new request, from where
 * it stopped (as long as each request finishes something: resume.ts autoResume).
 */
export async function streamWorkflowRun(
  client: AppClient,
  request: RunRequest,
  signal: AbortSignal,
  onEvent: (event: RunEvent) => void,
): Promise<DataResult<RunEnd>> {
  let next = request;
  let runId: string | null = request.action === 'continue' ? request.runId : null;
  for (let segments = 1; ; segments += 1) {
    const segment = await streamSegment(client, next, signal, onEvent, runId);
    if (segment.error) return segment;
    const { progressed, cut, ...end } = segment.data;
    runId = end.runId;
    if (end.status !== 'interrupted' || cut || !runId || !autoResume(segments, progressed)) return ok(end);
    const { provider, model, apiKey, customBaseUrl, imageApiKeys } = request;
    next = { action: 'continue', runId, provider, model, apiKey, customBaseUrl, imageApiKeys };
  }
}

export interface RunSummary {
  id: string;
  workflowId: string | null;
  templateId: string | null;
  name: string;
  provider: string;
  model: string;
  trigger: RunTrigger;
  status: RunStatus;
  error: string | null;
  documentId: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** Until when the segment working on a running run is taken to be alive (runPhase: past it, the run was cut off). */
  leaseExpiresAt: string | null;
}

interface RunStep {
  position: number;
  name: string;
  kind: 'prompt' | 'for_each' | 'image';
  status: StepStatus;
  model: string | null;
  prompt: string;
  output: string;
  error: string | null;
  items: RunItem[];
  passages: KnowledgePassage[];
  editedAt: string | null;
  /** An image step's picture (generated_images), null once deleted from the gallery. */
  imageId: string | null;
  /** The web sources a step searched for and the path used; null when it did not search. */
  web: StepWeb | null;
}

export interface WorkflowRun extends RunSummary {
  definition: WorkflowDefinition | null;
  fieldValues: Record<string, string>;
  steps: RunStep[];
}

const SUMMARY =
  'id, workflow_id, template_id, workflow_name, provider, model, trigger, status, error, document_id, created_at, finished_at, lease_expires_at';
const STEP =
  'position, name, kind, status, model, prompt, output, error, items, passages, edited_at, image_id, web_sources, web_search_path';

const toSummary = (
  row: Pick<
    Tables<'workflow_runs'>,
    | 'id'
    | 'workflow_id'
    | 'template_id'
    | 'workflow_name'
    | 'provider'
    | 'model'
    | 'trigger'
    | 'status'
    | 'error'
    | 'document_id'
    | 'created_at'
    | 'finished_at'
    | 'lease_expires_at'
  >,
): RunSummary => ({
  id: row.id,
  workflowId: row.workflow_id,
  templateId: row.template_id,
  name: row.workflow_name,
  provider: row.provider,
  model: row.model,
  // trigger and status are text to the generated types; check constraints hold them to these.
  trigger: row.trigger as RunTrigger,
  status: row.status as RunStatus,
  error: row.error,
  documentId: row.document_id,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  leaseExpiresAt: row.lease_expires_at,
});

const toStep = (
  row: Pick<
    Tables<'workflow_run_steps'>,
    | 'position'
    | 'name'
    | 'kind'
    | 'status'
    | 'model'
    | 'prompt'
    | 'output'
    | 'error'
    | 'items'
    | 'passages'
    | 'edited_at'
    | 'image_id'
    | 'web_sources'
    | 'web_search_path'
  >,
): RunStep => ({
  position: row.position,
  name: row.name,
  kind: row.kind as RunStep['kind'],
  status: row.status as StepStatus,
  model: row.model,
  prompt: row.prompt,
  output: row.output,
  error: row.error,
  items: storedItems(row.items),
  passages: storedPassages(row.passages),
  editedAt: row.edited_at,
  imageId: row.image_id,
  web: stepWebOf(row.web_sources, row.web_search_path),
});

/** A step's stored sources with their path, or null when it did not search (or either is unreadable). */
function stepWebOf(sources: unknown, path: unknown): StepWeb | null {
  const read = webSourcesFrom(sources);
  const searchedWith = webSearchPathFrom(path);
  return read && searchedWith ? { path: searchedWith, sources: read } : null;
}

const RUN_HISTORY_SIZE = 50;

/** A workflow's (or a template's) runs, newest first. */
export async function listWorkflowRuns(
  client: AppClient,
  source: { workflowId: string } | { templateId: string },
): Promise<DataResult<RunSummary[]>> {
  let query = client.from('workflow_runs').select(SUMMARY);
  query = 'workflowId' in source ? query.eq('workflow_id', source.workflowId) : query.eq('template_id', source.templateId);
  const { data, error } = await query.order('created_at', { ascending: false }).order('id').limit(RUN_HISTORY_SIZE);
  return error ? fail(error) : ok(data.map(toSummary));
}

export async function getWorkflowRun(client: AppClient, runId: string): Promise<DataResult<WorkflowRun>> {
  if (!isUuid(runId)) return notFound(WORKFLOW_RUN_TEXTS.runNotFound);
  const { data, error } = await client
    .from('workflow_runs')
    .select(`${SUMMARY}, definition, field_values, workflow_run_steps(${STEP})`)
    .eq('id', runId)
    .maybeSingle();
  if (error) return fail(error);
  if (!data) return notFound(WORKFLOW_RUN_TEXTS.runNotFound);
  const parsed = parseWorkflowDefinition(data.definition);
  return ok({
    ...toSummary(data),
    definition: parsed.ok ? parsed.value : null,
    fieldValues: data.field_values as Record<string, string>,
    steps: data.workflow_run_steps.map(toStep).sort((a, b) => a.position - b.position),
  });
}

/** The owner's change to a finished (or stopped) step's output; the next steps use it when the run continues. */
export async function editStepOutput(client: AppClient, runId: string, position: number, output: string): Promise<DataResult<void>> {
  const { data, error } = await client
    .from('workflow_run_steps')
    .update({ output, edited_at: new Date().toISOString() })
    .eq('run_id', runId)
    .eq('position', position)
    .select('position');
  if (error) return fail(error);
  return data.length ? ok() : notFound(WORKFLOW_RUN_TEXTS.runNotFound);
}

export async function deleteWorkflowRun(client: AppClient, runId: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('workflow_runs').delete().eq('id', runId).select('id');
  if (error) return fail(error);
  return data.length ? ok() : notFound(WORKFLOW_RUN_TEXTS.runNotFound);
}
