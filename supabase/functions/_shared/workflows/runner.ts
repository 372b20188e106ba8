import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { streamText } from '@/shared/ai/chat.ts';
import { groundedTask, retrievalQuery, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { numberedFrom, searchesNatively, searchQuery, webGroundedTask, WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import type { WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { joinItemOutputs, mapBounded, splitItems } from '@/shared/core/workflows/forEach.ts';
import { keptItems, LEASE, resumePosition } from '@/shared/core/workflows/resume.ts';
import type { RunEvent, RunItem, StepWeb } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { resolveStepPrompt } from '@/shared/core/workflows/variables.ts';
import type { Db } from '../db.ts';
import { optionalEnv } from '../http.ts';
import { customServerFetch } from '../customServer.ts';
import { serverUsage } from '../usage.ts';
import { runImageStep } from './imageStep.ts';
import { LeaseLost, save, type KnowledgeSearch, type StepContext, type StepEnd, type WebSearch } from './stepContext.ts';
import { leasedRun, loadRun, returnGeneration, type StepChanges, type StoredStep } from './store.ts';
import { type Deadline, type Held, type RunTarget } from './segments.ts';

/**
 * The workflow engine, shared by interactive runs (run-workflow) and scheduled ones
 * (run-scheduled-workflows): each step's prompt is resolved from the run form, the page variables
 * and the earlier outputs, grounded in the knowledge base when the step asks for it, streamed from
 * the provider, and saved as it ends (each for-each item too). An image step draws one picture from
 * its prompt with its own image model, keeps it in the owner's gallery and passes its description on.
 *
 * A run is worked on in segments (shared/core/workflows/resume.ts): a segment holds the run's lease
 * and renews it while it works; it stops starting steps once the function's time is nearly spent and
 * leaves the run unfinished for the next segment. A segment cut off (the function restarted, the
 * platform's time limit) stops renewing: once its lease expired the run is interrupted, and the next
 * segment goes on from the first step not done, never asking the provider again for a saved step or
 * item and never taking a second generation.
 */

export type { KnowledgeSearch, WebSearch } from './stepContext.ts';

export interface RunOutcome {
  /** interrupted: the segment ended with the run unfinished (out of time, or taken over); it goes on in another segment. */
  status: 'done' | 'failed' | 'stopped' | 'interrupted';
  error: string | null;
  /** shared/ai's AiError kind of the failure ('auth': the provider refused the key). */
  errorKind: string | null;
  finalOutput: string;
}

/** How often a streaming step's text is saved, so a crash loses at most this much. */
const SAVE_EVERY_MS = 2000;

/** What a step's row says once it starts (one write with its prompt). */
const startedStep = (ctx: StepContext, step: WorkflowStep): StepChanges => ({
  status: 'running',
  started: true,
  model: step.model?.trim() || ctx.target.model,
});

async function generate(
  ctx: StepContext,
  step: WorkflowStep,
  position: number,
  prompt: string,
  onDelta: (delta: string, text: string) => void,
  webSearch?: { first: number },
) {
  const baseUrls = aiBaseUrlsFrom(optionalEnv('AI_BASE_URLS'));
  const customBaseUrl = ctx.target.provider === 'chatgpt_custom' ? ctx.target.customBaseUrl : null;
  // Each call listens on its own signal, tied to the segment's for the call's duration: a for-each
  // step's many calls would otherwise pile listeners onto the segment's signal.
  const call = new AbortController();
  const stop = () => call.abort();
  if (ctx.signal.aborted) call.abort();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    return await streamText({
      target: { provider: ctx.target.provider, apiKey: ctx.target.apiKey, customBaseUrl },
      model: step.model?.trim() || ctx.target.model,
      prompt,
      ...(webSearch ? { webSearch } : {}),
      signal: call.signal,
      settings: {
        baseUrls,
        fetch: customBaseUrl ? customServerFetch() : undefined,
      },
      onDelta,
      usage: serverUsage(
        ctx.owner,
        'workflow_step',
        { kind: 'workflow_run', id: ctx.runId },
        { stepIndex: position, pending: ctx.usageWrites },
      ),
    });
  } finally {
    ctx.signal.removeEventListener('abort', stop);
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

/**
 * The web's sources for a step that searches with the owner's search service, numbered after its
 * knowledge passages, and the prompt with them; the failure's sentence when the search failed.
 * A provider with its own search tool searches while it answers instead (`native`).
 */
async function webGroundedPrompt(
  ctx: StepContext,
  step: WorkflowStep,
  position: number,
  resolved: string,
  grounded: { prompt: string; passages: KnowledgePassage[] },
): Promise<{ prompt: string; web: StepWeb | null; native: boolean } | string> {
  if (!step.webSearch) return { prompt: grounded.prompt, web: null, native: false };
  if (searchesNatively(ctx.target.provider)) return { prompt: grounded.prompt, web: null, native: true };
  const query = searchQuery(resolved);
  if (!query) return WEB_SEARCH_TEXTS.emptyQuery;
  const found = await ctx.searchWeb(query, position);
  if (typeof found === 'string') return found;
  const sources = numberedFrom(found.sources, grounded.passages.length + 1);
  const prompt = webGroundedTask(grounded.prompt, sources, new Date().toISOString().slice(0, 10));
  return { prompt, web: { path: found.path, sources }, native: false };
}

async function runPromptStep(ctx: StepContext, step: WorkflowStep, position: number): Promise<StepEnd> {
  const resolved = resolveStepPrompt(step, { fields: ctx.fieldValues, outputs: ctx.outputs });
  const grounded = await groundedPrompt(ctx, step, resolved);
  if (typeof grounded === 'string') return { status: 'failed', output: '', error: grounded, errorKind: 'knowledge', passages: [] };
  const searched = await webGroundedPrompt(ctx, step, position, resolved, grounded);
  // No search key, a refused key, a service down: the step fails with its sentence before any request.
  if (typeof searched === 'string')
    return { status: 'failed', output: '', error: searched, errorKind: 'search', passages: grounded.passages };
  const { passages } = grounded;
  await save(
    ctx,
    ctx.held.saveStep(position, {
      ...startedStep(ctx, step),
      prompt: searched.prompt,
      passages,
      ...(searched.web ? { webSources: searched.web.sources, webSearchPath: searched.web.path } : {}),
    }),
  );
  ctx.emit({ type: 'step', position, status: 'running', prompt: searched.prompt, web: searched.web });
  let savedAt = Date.now();
  let saving: Promise<unknown> = Promise.resolve();
  let lost = false;
  let web = searched.web;
  const ended = (end: Omit<StepEnd, 'passages' | 'web'>): StepEnd => ({ ...end, passages, web });
  try {
    const result = await generate(
      ctx,
      step,
      position,
      searched.prompt,
      (delta, text) => {
        ctx.emit({ type: 'delta', position, text: delta });
        if (Date.now() - savedAt >= SAVE_EVERY_MS) {
          savedAt = Date.now();
          saving = ctx.held.saveStep(position, { output: text }).then(
            (kept) => (lost ||= !kept),
            () => undefined,
          );
        }
      },
      searched.native ? { first: passages.length + 1 } : undefined,
    );
    await saving;
    if (lost) throw new LeaseLost();
    if (searched.native && searchesNatively(ctx.target.provider)) web = { path: ctx.target.provider, sources: result.web?.sources ?? [] };
    if (result.stopped) return ended({ status: 'stopped', output: result.text, error: null, errorKind: null });
    if (!result.text.trim()) return ended({ status: 'failed', output: '', error: WORKFLOW_RUN_TEXTS.emptyAnswer, errorKind: 'empty' });
    return ended({ status: 'done', output: result.text, error: null, errorKind: null });
  } catch (thrown) {
    await saving;
    if (thrown instanceof LeaseLost || lost) throw new LeaseLost();
    const error = toAiError(thrown, { provider: ctx.target.provider });
    return ended({ status: 'failed', output: error.partial, error: error.message, errorKind: error.kind });
  }
}

/**
 * One picture from the step's prompt with its image model and the owner's key for that provider,
 * kept in the gallery before the step ends (saved with it, so a finished step is never drawn
 * again). One usage row (feature images) whatever the outcome. Later steps get the description
 * with a note that a picture was made: they cannot see the picture itself.
 */
async function runForEachStep(ctx: StepContext, step: WorkflowStep, position: number, stored: StoredStep): Promise<StepEnd> {
  const settings = step.forEach!;
  const split = splitItems(ctx.outputs[settings.source] ?? '', settings.split);
  if (!split.ok) return { status: 'failed', output: '', error: split.error, errorKind: 'items', passages: [] };
  const inputs = split.value;
  // The items already done with the same input are kept; only the others are asked for.
  const items = keptItems(inputs, stored.items);
  const kept = items.flatMap((item, index) => (item ? [{ ...item, index }] : []));
  await save(ctx, ctx.held.saveStep(position, { ...startedStep(ctx, step), prompt: step.prompt, items: kept }));
  ctx.emit({ type: 'step', position, status: 'running', prompt: step.prompt, items: inputs });
  let errorKind: string | null = null;
  let passages: KnowledgePassage[] = [];
  let lost = false;
  await mapBounded(
    inputs.length,
    settings.concurrency,
    async (index) => {
      const done = items[index];
      if (done) {
        ctx.emit({ type: 'item', position, item: index, status: done.status, output: done.output, error: done.error });
        return;
      }
      if (lost || ctx.noNewWork.aborted) return;
      const input = inputs[index]!;
      const resolved = resolveStepPrompt(step, { fields: ctx.fieldValues, outputs: ctx.outputs, item: input });
      const grounded = await groundedPrompt(ctx, step, resolved);
      let item: RunItem;
      if (typeof grounded === 'string') item = { input, output: '', status: 'failed', error: grounded };
      else {
        if (!passages.length) passages = grounded.passages;
        try {
          const result = await generate(ctx, step, position, grounded.prompt, (delta) =>
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
      // Saved as it ends, before it is shown done: a segment cut off later never asks for it again.
      const saved = await ctx.held.saveItem(position, { ...item, index }).catch(() => true);
      lost ||= !saved;
      ctx.emit({ type: 'item', position, item: index, ...item });
    },
    ctx.noNewWork,
  );
  if (lost) throw new LeaseLost();
  const done = items.filter((i): i is RunItem => i?.status === 'done');
  const output = joinItemOutputs(items.map((i) => i?.output ?? ''));
  // Items left (the segment stopped starting them) or cut: the step goes on in the next segment.
  if (ctx.noNewWork.aborted && (items.some((i) => !i) || items.some((i) => i?.status === 'stopped')))
    return { status: 'stopped', output, error: null, errorKind: null, passages };
  if (items.some((i) => i?.status === 'stopped')) return { status: 'stopped', output, error: null, errorKind: null, passages };
  if (done.length < inputs.length) {
    const failed = inputs.length - done.length;
    const first = items.find((i) => i && i.status === 'failed')?.error ?? WORKFLOW_RUN_TEXTS.emptyAnswer;
    return { status: 'failed', output, error: WORKFLOW_RUN_TEXTS.itemsFailed(failed, inputs.length, first), errorKind, passages };
  }
  return { status: 'done', output, error: null, errorKind: null, passages };
}

/** Why a segment stopped before the run ended. */
type Cut = 'caller' | 'deadline' | 'lease';

/**
 * One segment of a run held with `held` (from startRun or resumeRun): runs the steps from
 * `fromPosition` (default: the first not done) until the run ends, the caller leaves (`signal`:
 * the run is stopped), or the segment's time is up (`deadline`: the run is left unfinished for the
 * next segment). A run that ends without any step done gives its generation back.
 */
export async function executeRun(input: {
  db: Db;
  held: Held;
  owner: string;
  target: RunTarget;
  searchKnowledge: KnowledgeSearch;
  searchWeb: WebSearch;
  fromPosition?: number;
  signal?: AbortSignal;
  deadline?: Deadline;
  onEvent?: (event: RunEvent) => void;
}): Promise<RunOutcome> {
  const emit = (event: RunEvent) => input.onEvent?.(event);
  const { db } = input;
  const { runId, lease, seconds } = input.held;
  const held = leasedRun(db, runId, lease, seconds);

  // `work` stops what is going; `noNewWork` also stops starting anything (at the soft deadline).
  const work = new AbortController();
  const noNewWork = new AbortController();
  let cut: Cut | null = null;
  const stop = (why: Cut) => {
    cut ??= why;
    work.abort();
    noNewWork.abort();
  };
  const onCallerGone = () => stop('caller');
  if (input.signal?.aborted) stop('caller');
  input.signal?.addEventListener('abort', onCallerGone, { once: true });
  const timers: ReturnType<typeof setTimeout>[] = [];
  if (input.deadline) {
    timers.push(setTimeout(() => noNewWork.abort(), Math.max(0, input.deadline.softAt - Date.now())));
    timers.push(setTimeout(() => stop('deadline'), Math.max(0, input.deadline.hardAt - Date.now())));
  }
  // The heartbeat: a segment that cannot renew its lease before it expires stops (someone else may take the run).
  let renewedAt = Date.now();
  const heartbeat = setInterval(
    () => {
      held.renew().then(
        (kept) => (kept ? (renewedAt = Date.now()) : stop('lease')),
        () => {
          if (Date.now() - renewedAt >= seconds * 1000) stop('lease');
        },
      );
    },
    Math.max(200, seconds * 1000 * LEASE.renewEvery),
  );

  const usageWrites: Promise<unknown>[] = [];
  const end = async (outcome: RunOutcome, anyDone: boolean): Promise<RunOutcome> => {
    // The calls' usage rows are written before the run says it ended (the page then reads them).
    await Promise.allSettled(usageWrites);
    if (cut === 'lease') {
      // Another segment has the run: it is theirs to save and end.
      const taken: RunOutcome = { status: 'interrupted', error: WORKFLOW_RUN_TEXTS.running, errorKind: null, finalOutput: '' };
      emit({ type: 'end', status: taken.status, error: taken.error });
      return taken;
    }
    await held.release(outcome.status, outcome.error);
    if (!anyDone && (outcome.status === 'stopped' || outcome.status === 'failed'))
      await returnGeneration(db, input.owner, runId).catch(() => undefined);
    emit({ type: 'end', status: outcome.status, error: outcome.error });
    return outcome;
  };

  try {
    const run = await loadRun(db, runId, input.owner);
    if (!run) return { status: 'failed', error: WORKFLOW_RUN_TEXTS.runNotFound, errorKind: null, finalOutput: '' };
    if (!run.definition) return end({ status: 'failed', error: run.definitionError, errorKind: null, finalOutput: '' }, false);
    const steps = run.definition.steps;
    const from = resumePosition(run.steps, steps.length, input.fromPosition);
    if (!(await held.restartFrom(from))) stop('lease');
    emit({ type: 'run', runId: run.id, status: 'running', from });

    const outputs: Record<string, string> = {};
    run.steps.slice(0, from).forEach((s) => (outputs[s.name] = s.output));
    const ctx: StepContext = {
      db,
      held,
      owner: input.owner,
      runId,
      usageWrites,
      target: input.target,
      fieldValues: run.fieldValues,
      outputs,
      searchKnowledge: input.searchKnowledge,
      searchWeb: input.searchWeb,
      signal: work.signal,
      noNewWork: noNewWork.signal,
      emit,
    };
    let outcome: RunOutcome = { status: 'done', error: null, errorKind: null, finalOutput: run.steps[steps.length - 1]?.output ?? '' };
    for (let position = from; position < steps.length; position += 1) {
      const step = steps[position]!;
      const stored = run.steps[position] ?? { position, name: step.name, status: 'pending', output: '', items: [], editedAt: null };
      if (cut || noNewWork.signal.aborted) {
        outcome = { status: cut === 'caller' ? 'stopped' : 'interrupted', error: null, errorKind: null, finalOutput: '' };
        break;
      }
      const ended =
        step.kind === 'for_each'
          ? await runForEachStep(ctx, step, position, stored)
          : step.kind === 'image'
            ? await runImageStep(ctx, step, position)
            : await runPromptStep(ctx, step, position);
      const picture = ended.imageId ? { imageId: ended.imageId } : {};
      const web = ended.web ? { webSources: ended.web.sources, webSearchPath: ended.web.path } : {};
      await save(
        ctx,
        held.saveStep(position, { status: ended.status, output: ended.output, error: ended.error, finished: true, ...picture, ...web }),
      );
      emit({
        type: 'step-end',
        position,
        status: ended.status,
        output: ended.output,
        error: ended.error,
        passages: ended.passages,
        ...picture,
        web: ended.web ?? null,
      });
      if (ended.status !== 'done') {
        // A step cut by the segment's end (not by the caller) goes on in the next segment.
        const status = ended.status === 'stopped' && cut !== 'caller' ? 'interrupted' : ended.status;
        outcome = { status, error: ended.error, errorKind: ended.errorKind, finalOutput: '' };
        break;
      }
      outputs[step.name] = ended.output;
      outcome = { status: 'done', error: null, errorKind: null, finalOutput: ended.output };
    }
    return await end(outcome, Object.keys(outputs).length > 0);
  } catch (thrown) {
    if (!(thrown instanceof LeaseLost)) throw thrown;
    stop('lease');
    return end({ status: 'interrupted', error: null, errorKind: null, finalOutput: '' }, true);
  } finally {
    clearInterval(heartbeat);
    timers.forEach(clearTimeout);
    input.signal?.removeEventListener('abort', onCallerGone);
  }
}
