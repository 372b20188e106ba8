import { describe, expect, it } from 'vitest';
import type { WorkflowDefinition, WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';
import {
  availableAt,
  outputReference,
  resolveStepPrompt,
  stepInputs,
  workflowFields,
  workflowPageVariables,
  workflowProblems,
} from '@/shared/core/workflows/variables.ts';
import { promptStep as step } from '../fixtures/workflows.ts';

/** Step references: what each step may use, the problems found before a run, the run form, and one-pass resolution. */

const workflow = (...steps: WorkflowStep[]): WorkflowDefinition => ({ version: 1, provider: null, model: null, steps });
const messages = (definition: WorkflowDefinition) => workflowProblems(definition).map((p) => [p.stepIndex, p.message]);
const label = (i: number, name: string) => WORKFLOW_TEXTS.stepLabel(i, name);

describe('workflowProblems', () => {
  it('a workflow whose steps use earlier outputs only has no problems', () => {
    const ok = workflow(step('research', 'Research [topic]'), step('outline', 'Outline:\n{{steps.research.output}}'));
    expect(workflowProblems(ok)).toEqual([]);
    expect(availableAt(ok, 1)).toEqual({ steps: ['research'], item: false });
  });

  it('an unknown step, a later step and the step itself are errors on that step', () => {
    const definition = workflow(step('a', 'Use {{steps.b.output}}'), step('b', 'Use {{steps.nope.output}} and {{steps.b.output}}'));
    expect(messages(definition)).toEqual([
      [0, `${label(0, 'a')}: ${WORKFLOW_TEXTS.laterStep('{{steps.b.output}}')}`],
      [1, `${label(1, 'b')}: ${WORKFLOW_TEXTS.unknownStep('{{steps.nope.output}}')}`],
      [1, `${label(1, 'b')}: ${WORKFLOW_TEXTS.laterStep('{{steps.b.output}}')}`],
    ]);
  });

  it('{{item}} outside a for-each step, malformed references and an empty prompt', () => {
    const definition = workflow(
      step('a', 'Each {{item}}'),
      step('b', '{{steps.a}} {{steps}} {{ steps.a.text }} {{steps..output}}'),
      step('c', '  '),
    );
    expect(messages(definition)).toEqual([
      [0, `${label(0, 'a')}: ${WORKFLOW_TEXTS.itemOutsideForEach}`],
      [1, `${label(1, 'b')}: {{steps.a}} — ${WORKFLOW_TEXTS.badReferenceShape}`],
      [1, `${label(1, 'b')}: {{steps}} — ${WORKFLOW_TEXTS.badReferenceShape}`],
      [1, `${label(1, 'b')}: {{ steps.a.text }} — ${WORKFLOW_TEXTS.badReferenceShape}`],
      [1, `${label(1, 'b')}: {{steps..output}} — ${WORKFLOW_TEXTS.badReferenceShape}`],
      [2, `${label(2, 'c')}: ${WORKFLOW_TEXTS.emptyPrompt}`],
    ]);
  });

  it('a for-each step needs an earlier source and may use {{item}}', () => {
    const good = workflow(
      step('list', 'List ideas'),
      step('each', 'Describe {{item}}', { kind: 'for_each', forEach: { source: 'list', split: 'lines', concurrency: 2 } }),
    );
    expect(workflowProblems(good)).toEqual([]);
    expect(availableAt(good, 1)).toEqual({ steps: ['list'], item: true });
    const noSource = workflow(step('list', 'List'), step('each', '{{item}}', { kind: 'for_each' }));
    expect(messages(noSource)).toEqual([[1, `${label(1, 'each')}: ${WORKFLOW_TEXTS.forEachSourceMissing}`]]);
    const laterSource = workflow(
      step('each', '{{item}}', { kind: 'for_each', forEach: { source: 'list', split: 'lines', concurrency: 2 } }),
      step('list', 'List'),
    );
    expect(messages(laterSource)).toEqual([[0, `${label(0, 'each')}: ${WORKFLOW_TEXTS.forEachSourceUnknown('list')}`]]);
    expect(stepInputs(good.steps[1]!)).toEqual(['list']);
  });
});

describe('workflowFields', () => {
  it('merges every step’s fields once, in order of first use, page variables included', () => {
    const definition = workflow(
      step('a', 'About [topic] for [audience=marketers] from {{page}}'),
      step('b', 'Again [topic], now [tone: formal|*casual] and {{page}} {{url}} {{steps.a.output}}'),
    );
    const fields = workflowFields(definition);
    expect(fields.map((f) => [f.kind, f.label])).toEqual([
      ['text', 'Topic'],
      ['text', 'Audience'],
      ['page', 'Page text'],
      ['choice', 'Tone'],
      ['page', 'Page URL'],
    ]);
    expect(fields.find((f) => f.label === 'Audience')?.defaultValue).toBe('marketers');
    expect(workflowPageVariables(definition)).toEqual(['page', 'url']);
  });
});

describe('resolveStepPrompt', () => {
  it('fills fields and outputs in one pass: an output holding [x] or a reference is inserted verbatim', () => {
    const prompt = 'Topic [topic]. Before: {{steps.a.output}} / {{ steps.b.output }}. Item: {{item}}';
    const resolved = resolveStepPrompt(
      { prompt },
      { fields: { topic: 'Budgets' }, outputs: { a: 'uses [topic] and {{steps.b.output}}', b: '{{item}}' }, item: 'one' },
    );
    expect(resolved).toBe('Topic Budgets. Before: uses [topic] and {{steps.b.output}} / {{item}}. Item: one');
  });

  it('leaves a reference without a value as written', () => {
    expect(resolveStepPrompt({ prompt: `x ${outputReference('gone')} {{item}}` }, { fields: {}, outputs: {} })).toBe(
      'x {{steps.gone.output}} {{item}}',
    );
  });
});
