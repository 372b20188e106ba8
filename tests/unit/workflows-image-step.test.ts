import { describe, expect, it } from 'vitest';
import { IMAGE_TEXTS, imageBatchSteps } from '@/shared/core/images/imageModels.ts';
import { estimateJob } from '@/shared/core/usage/jobEstimate.ts';
import type { UserPrice } from '@/shared/core/usage/prices.ts';
import { workflowJobSteps } from '@/shared/core/usage/workflowEstimate.ts';
import { builderProblems } from '@/shared/core/workflows/builder.ts';
import {
  DEFAULT_IMAGE_SETTINGS,
  newStep,
  parseWorkflowDefinition,
  WORKFLOW_DEFINITION_VERSION,
  type WorkflowDefinition,
  type WorkflowStep,
} from '@/shared/core/workflows/definition.ts';
import { applyRunEvent, idleRun, storedRun } from '@/shared/core/workflows/runState.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';
import { promptStep } from '../fixtures/workflows.ts';

/** The image step: its saved settings and their refusals, its estimate, and its picture on the run's screen state. */

const imageStep = (name: string, prompt: string, image: WorkflowStep['image'] = DEFAULT_IMAGE_SETTINGS): WorkflowStep => ({
  ...promptStep(name, prompt),
  kind: 'image',
  image,
});

const definition = (steps: WorkflowStep[], provider: WorkflowDefinition['provider'] = 'openai'): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider,
  model: provider === 'anthropic' ? 'claude-sonnet-5-5' : 'gpt-6.1-terra',
  steps,
});

describe('an image step in the definition', () => {
  it('reads with its provider, model and shape; steps saved before image steps existed still read', () => {
    const def = definition([
      promptStep('idea', 'An idea for [topic].'),
      imageStep('cover', 'Poster: {{steps.idea.output}}', { provider: 'gemini', model: 'gemini-2.5-flash-image', shape: 'wide' }),
    ]);
    expect(parseWorkflowDefinition(JSON.parse(JSON.stringify(def)))).toEqual({ ok: true, value: def });
    const older = definition([promptStep('idea', 'An idea.')]);
    expect(parseWorkflowDefinition(older)).toEqual({ ok: true, value: older });
  });

  it('refuses a provider without image models with the pictures’ own sentence, an unknown model, and no settings', () => {
    const on = (image: WorkflowStep['image']) => parseWorkflowDefinition(definition([imageStep('cover', 'A teapot.', image)]));
    expect(on({ provider: 'anthropic', model: 'gpt-image-1.5', shape: 'square' })).toEqual({
      ok: false,
      error: IMAGE_TEXTS.unsupported('anthropic'),
    });
    expect(on({ provider: 'chatgpt_custom', model: 'gpt-image-1.5', shape: 'square' })).toEqual({
      ok: false,
      error: IMAGE_TEXTS.unsupported('chatgpt_custom'),
    });
    expect(on({ provider: 'openai', model: 'gemini-2.5-flash-image', shape: 'square' })).toEqual({
      ok: false,
      error: IMAGE_TEXTS.unknownModel('gemini-2.5-flash-image', 'openai'),
    });
    expect(on(null)).toEqual({ ok: false, error: WORKFLOW_TEXTS.imageSettingsMissing });
    const { image: _left, ...withoutSettings } = imageStep('cover', 'A teapot.');
    expect(parseWorkflowDefinition(definition([withoutSettings]))).toEqual({ ok: false, error: WORKFLOW_TEXTS.imageSettingsMissing });
  });

  it('the builder blocks saving on the refused provider', () => {
    const def = definition([imageStep('cover', 'A teapot.', { provider: 'cohere', model: 'gpt-image-1.5', shape: 'square' })]);
    expect(builderProblems('Covers', def)).toEqual([{ stepIndex: null, message: IMAGE_TEXTS.unsupported('cohere'), blocksSave: true }]);
  });

  it('a new image step starts on the first OpenAI image model, square', () => {
    expect(newStep([], 'x', 'image')).toMatchObject({
      kind: 'image',
      image: { provider: 'openai', model: 'gpt-image-1.5', shape: 'square' },
    });
    expect(newStep([], 'x', 'prompt').image).toBeUndefined();
  });
});

describe('the estimate of a workflow with an image step', () => {
  const usd = { overrides: [] as UserPrice[], usdRate: 1 };

  it('counts the picture with imageBatchSteps on its own provider and model; later steps read the description and note', () => {
    const def = definition(
      [
        imageStep('cover', 'A poster about [topic].', { provider: 'openai', model: 'gpt-image-1.5', shape: 'landscape' }),
        promptStep('caption', 'Caption:\n{{steps.cover.output}}'),
      ],
      'anthropic',
    );
    const steps = workflowJobSteps(def, { topic: 'tea' });
    const description = 'A poster about tea.';
    const batch = imageBatchSteps({
      provider: 'openai',
      model: 'gpt-image-1.5',
      promptChars: description.length,
      count: 1,
      shape: 'landscape',
      quality: 'medium',
    });
    expect(steps[0]).toEqual({ ...batch[0], model: 'gpt-image-1.5', provider: 'openai' });
    expect(steps[1]!.promptChars).toBe('Caption:\n'.length + WORKFLOW_TEXTS.imageOutput(description).length);

    // The picture is priced as OpenAI's (1,568 tokens at $32 per 1M), next to the Anthropic step.
    const whole = estimateJob('anthropic', 'claude-sonnet-5-5', steps, usd);
    const captionOnly = estimateJob('anthropic', 'claude-sonnet-5-5', [steps[1]!], usd);
    const pictureOnly = estimateJob('openai', 'gpt-image-1.5', [batch[0]!], usd);
    expect(whole.calls).toBe(2);
    expect(whole.model).toBe('gpt-image-1.5 and claude-sonnet-5-5');
    expect(whole.range).toEqual({
      low: captionOnly.range!.low + pictureOnly.range!.low,
      high: captionOnly.range!.high + pictureOnly.range!.high,
    });
    expect(pictureOnly.range!.low).toBeGreaterThanOrEqual(Math.floor((1568 * 32_000_000) / 1_000_000));
  });
});

describe('an image step on the run’s screen', () => {
  it('shows the picture once the step ends, forgets it when the step runs again, and reads it back from a stored run', () => {
    const def = definition([imageStep('cover', 'A teapot.')]);
    let state = applyRunEvent(idleRun(def), { type: 'run', runId: 'r1', status: 'running', from: 0 });
    state = applyRunEvent(state, { type: 'step', position: 0, status: 'running', prompt: 'A teapot.' });
    state = applyRunEvent(state, {
      type: 'step-end',
      position: 0,
      status: 'done',
      output: WORKFLOW_TEXTS.imageOutput('A teapot.'),
      error: null,
      passages: [],
      imageId: 'img-1',
    });
    expect(state.steps[0]).toMatchObject({ kind: 'image', status: 'done', imageId: 'img-1' });
    expect(applyRunEvent(state, { type: 'run', runId: 'r1', status: 'running', from: 0 }).steps[0]!.imageId).toBeNull();

    const stored = storedRun({
      id: 'r1',
      status: 'done',
      error: null,
      steps: [
        {
          position: 0,
          name: 'cover',
          kind: 'image',
          status: 'done',
          prompt: 'A teapot.',
          output: 'x',
          error: null,
          items: [],
          passages: [],
          editedAt: null,
          imageId: 'img-1',
        },
      ],
    });
    expect(stored.steps[0]!.imageId).toBe('img-1');
  });
});
