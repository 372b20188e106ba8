import { describe, expect, it } from 'vitest';
import {
  duplicateStep,
  emptyDefinition,
  newStep,
  parseWorkflowDefinition,
  WORKFLOW_DEFINITION_VERSION,
  type WorkflowDefinition,
  type WorkflowStep,
} from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';

/** The saved shape of a workflow: version 1 parses, newer / missing versions and bad step names are refused; new and duplicated steps. */

const step = (name: string, prompt = 'Write about [topic]'): WorkflowStep => ({
  id: `id-${name}`,
  name,
  kind: 'prompt',
  prompt,
  promptId: null,
  model: null,
  knowledge: null,
  forEach: null,
});

const v1 = (steps: WorkflowStep[]): WorkflowDefinition => ({ version: 1, provider: 'openai', model: 'gpt-4o', steps });

describe('parseWorkflowDefinition', () => {
  it('reads a version 1 definition as it is, knowledge and for-each settings included', () => {
    const definition = v1([
      { ...step('ideas'), knowledge: { kind: 'folder', folderId: '6f1c1a8e-2f1b-4a47-9d6c-2b3a3c1d9e01' } },
      { ...step('each', 'Describe {{item}}'), kind: 'for_each', forEach: { source: 'ideas', split: 'json', concurrency: 4 } },
    ]);
    expect(parseWorkflowDefinition(definition)).toEqual({ ok: true, value: definition });
    expect(parseWorkflowDefinition(JSON.parse(JSON.stringify(definition)))).toEqual({ ok: true, value: definition });
  });

  it('refuses a newer version with a sentence saying so, and a missing or odd version as unreadable', () => {
    expect(parseWorkflowDefinition({ ...v1([step('a')]), version: WORKFLOW_DEFINITION_VERSION + 1 })).toEqual({
      ok: false,
      error: WORKFLOW_TEXTS.newerVersion,
    });
    const { version: _omitted, ...noVersion } = v1([step('a')]);
    for (const raw of [
      noVersion,
      { ...noVersion, version: '1' },
      { ...noVersion, version: 0 },
      { ...noVersion, version: 1.5 },
      null,
      [],
      'x',
    ])
      expect(parseWorkflowDefinition(raw)).toEqual({ ok: false, error: WORKFLOW_TEXTS.badDefinition });
  });

  it('refuses two steps with one name, and names outside the rule', () => {
    expect(parseWorkflowDefinition(v1([step('draft'), { ...step('draft'), id: 'other' }]))).toEqual({
      ok: false,
      error: WORKFLOW_TEXTS.duplicateStepName('draft'),
    });
    for (const name of ['Draft', '1draft', 'my-step', 'my step', '', 'a'.repeat(41)])
      expect(parseWorkflowDefinition(v1([step(name)]))).toEqual({ ok: false, error: WORKFLOW_TEXTS.badStepName });
    expect(parseWorkflowDefinition(v1([step('a'.repeat(40))])).ok).toBe(true);
  });

  it('refuses no steps and an unknown provider', () => {
    expect(parseWorkflowDefinition(v1([]))).toEqual({ ok: false, error: WORKFLOW_TEXTS.noSteps });
    expect(parseWorkflowDefinition({ ...v1([step('a')]), provider: 'nope' }).ok).toBe(false);
  });
});

describe('newStep and duplicateStep', () => {
  it('a new step takes the next free step_n name and is empty', () => {
    expect(newStep([], 'x')).toEqual({
      id: 'x',
      name: 'step_1',
      kind: 'prompt',
      prompt: '',
      promptId: null,
      model: null,
      knowledge: null,
      forEach: null,
    });
    expect(newStep([{ name: 'step_1' }, { name: 'step_3' }], 'y').name).toBe('step_4');
    expect(newStep([{ name: 'a' }, { name: 'step_3' }], 'y', 'for_each')).toMatchObject({ name: 'step_4', kind: 'for_each' });
    expect(newStep([{ name: 'step_2' }], 'z').name).toBe('step_3');
  });

  it('a duplicate keeps everything but its id and takes a free _copy name', () => {
    const original = { ...step('draft'), model: 'gpt-4o-mini', knowledge: { kind: 'all' as const } };
    const copy = duplicateStep(original, [original], 'new-id');
    expect(copy).toEqual({ ...original, id: 'new-id', name: 'draft_copy' });
    expect(duplicateStep(copy, [original, copy], 'n2').name).toBe('draft_copy_2');
    expect(duplicateStep(original, [original, copy, { name: 'draft_copy_2' }], 'n3').name).toBe('draft_copy_3');
    const long = step('a'.repeat(40));
    const longCopy = duplicateStep(long, [long], 'n4');
    expect(parseWorkflowDefinition(v1([long, longCopy])).ok).toBe(true);
  });

  it('the empty definition is version 1 with one step and parses apart from its empty prompt', () => {
    const definition = emptyDefinition('first');
    expect(definition).toMatchObject({
      version: WORKFLOW_DEFINITION_VERSION,
      provider: null,
      model: null,
      steps: [{ id: 'first', name: 'step_1' }],
    });
    expect(parseWorkflowDefinition(definition).ok).toBe(true);
  });
});
