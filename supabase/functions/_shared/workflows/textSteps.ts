import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { streamText } from '@/shared/ai/chat.ts';
import { groundedTask, retrievalQuery, type KnowledgePassage } from '@/shared/core/knowledge/grounding.ts';
import { numberedFrom, searchesNatively, searchQuery, webGroundedTask, WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import type { WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { joinItemOutputs, mapBounded, splitItems } from '@/shared/core/workflows/forEach.ts';
import { keptItems } from '@/shared/core/workflows/resume.ts';
import type { RunItem, StepWeb } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { resolveStepPrompt } from '@/shared/core/workflows/variables.ts';
import { optionalEnv } from '../http.ts';
import { customServerFetch } from '../customServer.ts';
import { serverUsage } from '../usage.ts';
import { LeaseLost, save, type StepContext, type StepEnd } from './stepContext.ts';
import type { StepChanges, StoredStep } from './store.ts';

// The text steps of a run (runner.ts drives them): a prompt step, grounded in the knowledge base
// and the web when it asks for them and streamed from the provider, and a "for each" step. Each
// saves its text as it goes, so a segment cut off loses at most a few seconds of it.

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

export async function runPromptStep(ctx: StepContext, step: WorkflowStep, position: number): Promise<StepEnd> {
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
 * A "for each" step: the prompt once per item of an earlier step's output, a few at a time, each
 * item saved as it ends; items already done with the same input are kept, never asked again.
 */
export async function runForEachStep(ctx: StepContext, step: WorkflowStep, position: number, stored: StoredStep): Promise<StepEnd> {
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
