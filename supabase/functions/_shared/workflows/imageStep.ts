import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { generatePictures } from '@/shared/ai/imageGeneration.ts';
import { imageStepProblem, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';
import { resolveStepPrompt } from '@/shared/core/workflows/variables.ts';
import { optionalEnv } from '../http.ts';
import { serverUsage } from '../usage.ts';
import { keepRunPicture } from './pictures.ts';
import { save, type StepContext, type StepEnd } from './stepContext.ts';

/**
 * An image step: one picture drawn from the step's resolved prompt with its own image model and
 * the owner's key for that provider, kept in the owner's gallery (its id saved with the step), one
 * usage row (images); later steps get its description with a note.
 */
export async function runImageStep(ctx: StepContext, step: WorkflowStep, position: number): Promise<StepEnd> {
  const image = step.image;
  const refused = imageStepProblem(image);
  if (refused || !image || (image.provider !== 'openai' && image.provider !== 'gemini'))
    return { status: 'failed', output: '', error: refused ?? WORKFLOW_TEXTS.imageSettingsMissing, errorKind: 'picture', passages: [] };
  const provider = image.provider;
  const prompt = resolveStepPrompt(step, { fields: ctx.fieldValues, outputs: ctx.outputs });
  await save(ctx, ctx.held.saveStep(position, { status: 'running', started: true, model: image.model, prompt }));
  ctx.emit({ type: 'step', position, status: 'running', prompt });
  const call = new AbortController();
  const stop = () => call.abort();
  if (ctx.signal.aborted) call.abort();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    const apiKey = await ctx.target.pictureKey(provider);
    const [picture] = await generatePictures({
      target: { provider, apiKey },
      model: image.model,
      prompt,
      shape: image.shape,
      count: 1,
      signal: call.signal,
      settings: { baseUrls: aiBaseUrlsFrom(optionalEnv('AI_BASE_URLS')) },
      usage: serverUsage(ctx.owner, 'images', { kind: 'workflow_run', id: ctx.runId }, { stepIndex: position, pending: ctx.usageWrites }),
    });
    const kept = await keepRunPicture(ctx.db, ctx.owner, { ...picture!, prompt, provider, model: image.model });
    if (!kept.ok)
      return { status: 'failed', output: '', error: WORKFLOW_TEXTS.imageSaveFailed(kept.message), errorKind: 'storage', passages: [] };
    return { status: 'done', output: WORKFLOW_TEXTS.imageOutput(prompt), error: null, errorKind: null, passages: [], imageId: kept.id };
  } catch (thrown) {
    const error = toAiError(thrown, { provider });
    if (error.kind === 'aborted') return { status: 'stopped', output: '', error: null, errorKind: null, passages: [] };
    return { status: 'failed', output: '', error: error.message, errorKind: error.kind, passages: [] };
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}
