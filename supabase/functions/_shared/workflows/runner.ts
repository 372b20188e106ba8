import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { streamText } from '@/shared/ai/chat.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { groundedTask, retrievalQuery, type KnowledgePassage, type KnowledgeScope } from '@/shared/core/knowledge/grounding.ts';
import { parseWorkflowDefinition, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { joinItemOutputs, mapBounded, splitItems } from '@/shared/core/workflows/forEach.ts';
import type { RunEvent, RunItem } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { missingFields, resolveStepPrompt, workflowProblems } from '@/shared/core/workflows/variables.ts';
import { optionalEnv } from '../http.ts';
import { customServerFetch } from '../customServer.ts';
import {
  deleteRun,
  insertRun,
  loadRun,
  resetStepsFrom,
  returnGeneration,
  takeGeneration,
  updateRun,
  updateStep,
  type StoredStep,
} from './store.ts';

/**
 * The workflow engine, shared by interactive runs (run-workflow) and scheduled ones
 * (run-scheduled-workflows): each step's prompt is resolved from the run form, the page variables
 * and the earlier outputs, grounded in the knowledge base when the step asks for it, streamed from
 * the provider, and saved as it ends — a stop or failure keeps what arrived, and a later call
 * continues from the first step not done.
 */

export interface RunTarget {
  provider: ProviderId;
  model: string;
  apiKey: string | null;
  customBaseUrl: string | null;
}

export type RunSource =
  | { workflowId: string; templateId?: undefined; name: string; definition: WorkflowDefinition }
  | { templateId: string; workflowId?: undefined; name: string; definition: WorkflowDefinition };

export type KnowledgeSearch = (query: string, scope: KnowledgeScope) => Promise<KnowledgePassage[] | string>;

export interface RunOutcome {
  status: 'done' | 'failed' | 'stopped';
  error: string | null;
  /** shared/ai's AiError kind of the failure ('auth': the provider refused the key). */
  errorKind: string | null;
  finalOutput: string;
}

export type StartResult = { ok: true; runId: string } | { ok: false; status: number; code: string; message: string };

/** Creates the run and its steps, and takes the month's generation (refused at the limit). */
export async function startRun(input: {
  owner: string;
  source: RunSource;
  trigger: 'dashboard' | 'panel' | 'schedule';
  fieldValues: Record<string, string>;
  target: RunTarget;
}): Promise<StartResult> {
  const parsed = parseWorkflowDefinition(input.source.definition);
  if (!parsed.ok) return { ok: false, status: 400, code: 'invalid', message: parsed.error };
  const problem = workflowProblems(parsed.definition)[0];
  if (problem) return { ok: false, status: 400, code: 'invalid', message: problem.message };
  const missing = missingFields(parsed.definition, input.fieldValues);
  if (missing.length)
    return { ok: false, status: 400, code: 'invalid', message: WORKFLOW_RUN_TEXTS.missingFields(missing.map((f) => f.label)) };
  const runId = await insertRun(
    {
      user_id: input.owner,
      workflow_id: input.source.workflowId ?? null,
      template_id: input.source.templateId ?? null,
      workflow_name: input.source.name.slice(0, 100),
      definition: parsed.definition,
      provider: input.target.provider,
      model: input.target.model,
      trigger: input.trigger,
      field_values: input.fieldValues,
    },
    parsed.definition.steps,
  );
  const taken = await takeGeneration(input.owner, runId);
  if (!taken.ok) {
    await deleteRun(runId);
    return taken.limit
      ? { ok: false, status: 429, code: 'generation_limit', message: WORKFLOW_RUN_TEXTS.limit }
      : { ok: false, status: 500, code: 'server', message: taken.message };
  }
  return { ok: true, runId };
}

/** How often a streaming step's text is saved, so a crash loses at most this much. */
const SAVE_EVERY_MS = 2000;

interface StepContext {
  runId: string;
  target: RunTarget;
  fieldValues: Record<string, string>;
  outputs: Record<string, string>;
  searchKnowledge: KnowledgeSearch;
  signal?: AbortSignal;
  emit: (event: RunEvent) => void;
}

type StepEnd = {
  status: 'done' | 'failed' | 'stopped';
  output: string;
  error: string | null;
  errorKind: string | null;
  passages: KnowledgePassage[];
};

/** What a step's row says once it starts (one write with its prompt). */
const startedStep = (ctx: StepContext, step: WorkflowStep) => ({
  status: 'running',
  started_at: new Date().toISOString(),
  model: step.model?.trim() || ctx.target.model,
});

async function generate(ctx: StepContext, step: WorkflowStep, prompt: string, onDelta: (delta: string, text: string) => void) {
  const baseUrls = aiBaseUrlsFrom(optionalEnv('AI_BASE_URLS'));
  const customBaseUrl = ctx.target.provider === 'chatgpt_custom' ? ctx.target.customBaseUrl : null;
  // Each call listens on its own signal, tied to the run's for the call's duration: a for-each
  // step's many calls would otherwise pile listeners onto the request's signal.
  const call = new AbortController();
  const stop = () => call.abort();
  if (ctx.signal?.aborted) call.abort();
  ctx.signal?.addEventListener('abort', stop, { once: true });
  try {
    return await streamText({
      target: { provider: ctx.target.provider, apiKey: ctx.target.apiKey, customBaseUrl },
      model: step.model?.trim() || ctx.target.model,
      prompt,
      signal: call.signal,
      settings: {
        baseUrls,
        fetch: customBaseUrl ? customServerFetch() : undefined,
      },
      onDelta,
    });
  } finally {
    ctx.signal?.removeEventListener('abort', stop);
  }
}

/** The step's prompt with its knowledge-base passages, or a sentence when the search failed. */
async function groundedPrompt(
  ctx: StepContext,
  step: WorkflowStep,
  resolved: string,
): Promise<{ prompt: string; passages: KnowledgePassage[] } | string> {
  if (!step.knowledge) return { prompt: resolved, passages: [] };
  const passages = await ctx.searchKnowledge(retrievalQuery(resolved), step.knowledge);
  if (typeof passages === 'string') return `${WORKFLOW_RUN_TEXTS.knowledgeFailed}: ${passages}`;
  return { prompt: groundedTask(resolved, passages), passages };
}

async function runPromptStep(ctx: StepContext, step: WorkflowStep, position: number): Promise<StepEnd> {
  const resolved = resolveStepPrompt(step, { fields: ctx.fieldValues, outputs: ctx.outputs });
  const grounded = await groundedPrompt(ctx, step, resolved);
  if (typeof grounded === 'string') return { status: 'failed', output: '', error: grounded, errorKind: 'knowledge', passages: [] };
  await updateStep(ctx.runId, position, { ...startedStep(ctx, step), prompt: grounded.prompt, passages: grounded.passages });
  ctx.emit({ type: 'step', position, status: 'running', prompt: grounded.prompt });
  let savedAt = Date.now();
  let saving: Promise<unknown> = Promise.resolve();
  try {
    const result = await generate(ctx, step, grounded.prompt, (delta, text) => {
      ctx.emit({ type: 'delta', position, text: delta });
      if (Date.now() - savedAt >= SAVE_EVERY_MS) {
        savedAt = Date.now();
        saving = updateStep(ctx.runId, position, { output: text }).catch(() => undefined);
      }
    });
    await saving;
    if (result.stopped) return { status: 'stopped', output: result.text, error: null, errorKind: null, passages: grounded.passages };
    if (!result.text.trim())
      return { status: 'failed', output: '', error: WORKFLOW_RUN_TEXTS.emptyAnswer, errorKind: 'empty', passages: grounded.passages };
    return { status: 'done', output: result.text, error: null, errorKind: null, passages: grounded.passages };
  } catch (thrown) {
    await saving;
    const error = toAiError(thrown, { provider: ctx.target.provider });
    return { status: 'failed', output: error.partial, error: error.message, errorKind: error.kind, passages: grounded.passages };
  }
}

async function runForEachStep(ctx: StepContext, step: WorkflowStep, position: number, stored: StoredStep): Promise<StepEnd> {
  const settings = step.forEach!;
  const split = splitItems(ctx.outputs[settings.source] ?? '', settings.split);
  if (!split.ok) return { status: 'failed', output: '', error: split.error, errorKind: 'items', passages: [] };
  const inputs = split.items;
  // A retry keeps the items already done with the same input and runs only the others.
  const items: (RunItem | null)[] = inputs.map((input, i) => {
    const old = stored.items[i];
    return old && old.input === input && old.status === 'done' ? old : null;
  });
  await updateStep(ctx.runId, position, { ...startedStep(ctx, step), prompt: step.prompt, items: items.filter(Boolean) });
  ctx.emit({ type: 'step', position, status: 'running', prompt: step.prompt, items: inputs });
  let errorKind: string | null = null;
  let passages: KnowledgePassage[] = [];
  await mapBounded(
    inputs.length,
    settings.concurrency,
    async (index) => {
      if (items[index]) {
        ctx.emit({ type: 'item', position, item: index, ...items[index]! });
        return;
      }
      const input = inputs[index]!;
      const resolved = resolveStepPrompt(step, { fields: ctx.fieldValues, outputs: ctx.outputs, item: input });
      const grounded = await groundedPrompt(ctx, step, resolved);
      let item: RunItem;
      if (typeof grounded === 'string') item = { input, output: '', status: 'failed', error: grounded };
      else {
        if (!passages.length) passages = grounded.passages;
        try {
          const result = await generate(ctx, step, grounded.prompt, (delta) =>
            ctx.emit({ type: 'delta', position, item: index, text: delta }),
          );
          item = result.stopped
            ? { input, output: result.text, status: 'stopped', error: null }
            : result.text.trim()
              ? { input, output: result.text, status: 'done', error: null }
              : { input, output: '', status: 'failed', error: WORKFLOW_RUN_TEXTS.emptyAnswer };
        } catch (thrown) {
          const error = toAiError(thrown, { provider: ctx.target.provider });
          errorKind ??= error.kind;
          item = { input, output: error.partial, status: 'failed', error: error.message };
        }
      }
      items[index] = item;
      ctx.emit({ type: 'item', position, item: index, ...item });
      await updateStep(ctx.runId, position, { items: items.filter(Boolean) }).catch(() => undefined);
    },
    ctx.signal,
  );
  const done = items.filter((i): i is RunItem => i?.status === 'done');
  const output = joinItemOutputs(items.map((i) => i?.output ?? ''));
  if (ctx.signal?.aborted || items.some((i) => i?.status === 'stopped'))
    return { status: 'stopped', output, error: null, errorKind: null, passages };
  if (done.length < inputs.length) {
    const failed = inputs.length - done.length;
    const first = items.find((i) => i && i.status === 'failed')?.error ?? WORKFLOW_RUN_TEXTS.emptyAnswer;
    return { status: 'failed', output, error: WORKFLOW_RUN_TEXTS.itemsFailed(failed, inputs.length, first), errorKind, passages };
  }
  return { status: 'done', output, error: null, errorKind: null, passages };
}

/**
 * Runs the steps from `fromPosition` (default: the first not done) to the end, saving each step as
 * it ends. A run that ends without any step done gives its generation back.
 */
export async function executeRun(input: {
  runId: string;
  owner: string;
  target: RunTarget;
  searchKnowledge: KnowledgeSearch;
  fromPosition?: number;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
}): Promise<RunOutcome> {
  const emit = (event: RunEvent) => input.onEvent?.(event);
  const run = await loadRun(input.runId, input.owner);
  if (!run) return { status: 'failed', error: WORKFLOW_RUN_TEXTS.runNotFound, errorKind: null, finalOutput: '' };
  const parsed = parseWorkflowDefinition(run.definition);
  if (!parsed.ok) return { status: 'failed', error: parsed.error, errorKind: null, finalOutput: '' };
  const steps = parsed.definition.steps;
  // A stopped step whose output the owner edited counts as done: its text is what they want next.
  const settled = (s: StoredStep) => s.status === 'done' || (s.status === 'stopped' && s.edited_at !== null);
  const firstOpen = run.steps.findIndex((s) => !settled(s));
  const from = Math.max(0, Math.min(input.fromPosition ?? (firstOpen < 0 ? steps.length : firstOpen), steps.length));
  if (from < steps.length) await resetStepsFrom(run.id, from);
  for (const s of run.steps.slice(0, from)) if (s.status === 'stopped') await updateStep(run.id, s.position, { status: 'done' });
  await updateRun(run.id, {
    status: 'running',
    error: null,
    finished_at: null,
    provider: input.target.provider,
    model: input.target.model,
  });
  emit({ type: 'run', runId: run.id, status: 'running', from });

  const outputs: Record<string, string> = {};
  run.steps.slice(0, from).forEach((s) => (outputs[s.name] = s.output));
  const ctx: StepContext = {
    runId: run.id,
    target: input.target,
    fieldValues: run.fieldValues,
    outputs,
    searchKnowledge: input.searchKnowledge,
    signal: input.signal,
    emit,
  };
  let outcome: RunOutcome = { status: 'done', error: null, errorKind: null, finalOutput: run.steps[steps.length - 1]?.output ?? '' };
  for (let position = from; position < steps.length; position += 1) {
    const step = steps[position]!;
    const stored = run.steps[position] ?? { position, name: step.name, status: 'pending', output: '', items: [], edited_at: null };
    if (input.signal?.aborted) {
      outcome = { status: 'stopped', error: null, errorKind: null, finalOutput: '' };
      break;
    }
    const end = step.kind === 'for_each' ? await runForEachStep(ctx, step, position, stored) : await runPromptStep(ctx, step, position);
    await updateStep(run.id, position, { status: end.status, output: end.output, error: end.error, finished_at: new Date().toISOString() });
    emit({ type: 'step-end', position, status: end.status, output: end.output, error: end.error, passages: end.passages });
    if (end.status !== 'done') {
      outcome = { status: end.status, error: end.error, errorKind: end.errorKind, finalOutput: '' };
      break;
    }
    outputs[step.name] = end.output;
    outcome = { status: 'done', error: null, errorKind: null, finalOutput: end.output };
  }
  await updateRun(run.id, { status: outcome.status, error: outcome.error, finished_at: new Date().toISOString() });
  const anyDone = Object.keys(outputs).length > 0;
  if (!anyDone && outcome.status !== 'done') await returnGeneration(input.owner, run.id).catch(() => undefined);
  emit({ type: 'end', status: outcome.status, error: outcome.error });
  return outcome;
}
