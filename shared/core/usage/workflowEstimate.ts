import { TYPICAL_OUTPUT_TOKENS, ESTIMATED_CHARS_PER_TOKEN } from './cost.ts';
import type { JobStep } from './jobEstimate.ts';
import { imageBatchSteps } from '../images/imageModels.ts';
import type { WorkflowDefinition } from '../workflows/definition.ts';
import { WORKFLOW_TEXTS } from '../workflows/texts.ts';
import { resolveStepPrompt } from '../workflows/variables.ts';

/**
 * A workflow run as a job to estimate (pure): each step's prompt resolved from the run form, with
 * an earlier step's output taken at a typical answer's length; a for-each step makes one call per
 * item, and as its items are only known once its source step has answered, it is counted at
 * ASSUMED_FOR_EACH_ITEMS items. A step grounded in the knowledge base carries its passages. An
 * image step is one picture on its own image model (imageBatchSteps, at the standard quality runs
 * use), and later steps read its description with the note that a picture was made.
 */

/** Items a for-each step is counted at before its list exists (a typical list of leads, topics, posts). */
export const ASSUMED_FOR_EACH_ITEMS = 10;

/** A typical answer's length in characters (the middle of a reply's range). */
const TYPICAL_OUTPUT_CHARS = Math.round(
  ((TYPICAL_OUTPUT_TOKENS.reply.low + TYPICAL_OUTPUT_TOKENS.reply.high) / 2) * ESTIMATED_CHARS_PER_TOKEN,
);

/** Five passages of about 800 characters go with a grounded step (as runs retrieve them). */
const KNOWLEDGE_CHARS = 5 * 800;

export function workflowJobSteps(definition: WorkflowDefinition, fields: Readonly<Record<string, string>>): JobStep[] {
  const outputs: Record<string, string> = {};
  const typicalOutput = 'x'.repeat(TYPICAL_OUTPUT_CHARS);
  return definition.steps.flatMap((step): JobStep[] => {
    if (step.kind === 'image') {
      const prompt = resolveStepPrompt(step, { fields: { ...fields }, outputs });
      outputs[step.name] = WORKFLOW_TEXTS.imageOutput(prompt);
      const image = step.image;
      // A step whose picture settings cannot run is refused before the run; it adds nothing here.
      if (!image || (image.provider !== 'openai' && image.provider !== 'gemini')) return [];
      const batch = {
        provider: image.provider,
        model: image.model,
        promptChars: prompt.length,
        count: 1,
        shape: image.shape,
        quality: 'medium' as const,
      };
      return imageBatchSteps(batch).map((s) => ({ ...s, model: image.model, provider: image.provider }));
    }
    const forEach = step.kind === 'for_each' && step.forEach;
    const item = forEach ? 'x'.repeat(Math.ceil(TYPICAL_OUTPUT_CHARS / ASSUMED_FOR_EACH_ITEMS)) : undefined;
    const prompt = resolveStepPrompt(step, { fields: { ...fields }, outputs, item });
    outputs[step.name] = typicalOutput;
    return [
      {
        promptChars: prompt.length + (step.knowledge ? KNOWLEDGE_CHARS : 0),
        calls: forEach ? ASSUMED_FOR_EACH_ITEMS : 1,
        output: 'reply' as const,
        ...(step.model?.trim() ? { model: step.model.trim() } : {}),
      },
    ];
  });
}

/** What the estimate assumed, for a workflow with a for-each step (null without one). */
export const forEachNote = (definition: WorkflowDefinition): string | null =>
  definition.steps.some((s) => s.kind === 'for_each' && s.forEach)
    ? `For-each steps are counted at ${ASSUMED_FOR_EACH_ITEMS} items each; the real number comes from the list they read.`
    : null;
