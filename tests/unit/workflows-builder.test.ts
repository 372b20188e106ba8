import { describe, expect, it } from 'vitest';
import { parsePrompt } from '@/shared/core/placeholders.ts';
import {
  builderProblems,
  copyName,
  fieldsSummary,
  insertAtCursor,
  moveItem,
  problemsOfStep,
  saveProblem,
  stepNameErrors,
  variableOptions,
} from '@/shared/core/workflows/builder.ts';
import type { WorkflowDefinition, WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_LIMITS } from '@/shared/core/workflows/limits.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';
import { workflowProblems } from '@/shared/core/workflows/variables.ts';

/** The builder's pure parts: moving steps, inserting at the cursor, the variable menu, the run form line, save checks. */

const step = (name: string, prompt = 'x', more: Partial<WorkflowStep> = {}): WorkflowStep => ({
  id: name,
  name,
  kind: 'prompt',
  prompt,
  promptId: null,
  model: null,
  knowledge: null,
  forEach: null,
  ...more,
});
const workflow = (...steps: WorkflowStep[]): WorkflowDefinition => ({ version: 1, provider: null, model: null, steps });

describe('moveItem', () => {
  it('moves up and down, leaves the input alone, ignores moves out of range', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(items, 1, 1)).toEqual(items);
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 3, 4)).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('insertAtCursor', () => {
  it('inserts at the cursor or over the selection and puts the cursor after it', () => {
    expect(insertAtCursor('Hello world', 6, 6, '{{page}} ')).toEqual({ text: 'Hello {{page}} world', cursor: 15 });
    expect(insertAtCursor('Hello world', 6, 11, '{{item}}')).toEqual({ text: 'Hello {{item}}', cursor: 14 });
    expect(insertAtCursor('', 0, 0, 'x')).toEqual({ text: 'x', cursor: 1 });
    expect(insertAtCursor('ab', 9, 12, 'c')).toEqual({ text: 'abc', cursor: 3 });
    expect(insertAtCursor('ab', 2, 1, 'c')).toEqual({ text: 'abc', cursor: 3 });
  });
});

describe('variableOptions', () => {
  it('lists the page variables, only earlier outputs, and {{item}} only in a for-each step', () => {
    const definition = workflow(step('research'), step('outline'), step('each', '{{item}}', { kind: 'for_each' }));
    const inserts = (index: number) => variableOptions(definition, index).map((o) => o.insert);
    const page = ['{{selection}}', '{{page}}', '{{url}}', '{{title}}', '{{transcript}}'];
    expect(inserts(0)).toEqual(page);
    expect(inserts(1)).toEqual([...page, '{{steps.research.output}}']);
    expect(inserts(2)).toEqual([...page, '{{steps.research.output}}', '{{steps.outline.output}}', '{{item}}']);
    expect(variableOptions(definition, 1).at(-1)).toEqual({
      group: 'steps',
      label: 'Output of research',
      insert: '{{steps.research.output}}',
    });
  });
});

describe('fieldsSummary', () => {
  const fields = (text: string) => parsePrompt(text).fields;
  it('says what is asked when run and what comes from the page', () => {
    expect(fieldsSummary(fields('[topic] for [audience] on {{page}}'))).toBe('Asked when run: Topic, Audience; from the page: Page text');
    expect(fieldsSummary(fields('[topic]'))).toBe('Asked when run: Topic');
    expect(fieldsSummary(fields('{{url}} {{title}}'))).toBe('From the page: Page URL, Page title');
    expect(fieldsSummary(fields('nothing'))).toBeNull();
  });
});

describe('save checks', () => {
  it('step names: the rule and duplicates, by step index', () => {
    const errors = stepNameErrors(workflow(step('ok'), step('Bad Name'), step('twice'), step('twice')));
    expect([...errors]).toEqual([
      [1, WORKFLOW_TEXTS.badStepName],
      [2, WORKFLOW_TEXTS.duplicateStepName('twice')],
      [3, WORKFLOW_TEXTS.duplicateStepName('twice')],
    ]);
  });

  it('saving needs a name and a definition the schema takes; reference problems do not stop it', () => {
    const good = workflow(step('a', '{{steps.nope.output}}'));
    expect(workflowProblems(good)).not.toEqual([]);
    expect(saveProblem('My flow', good)).toBeNull();
    expect(saveProblem('  ', good)).toBe(WORKFLOW_TEXTS.nameRequired);
    expect(saveProblem('x'.repeat(WORKFLOW_LIMITS.nameLength + 1), good)).not.toBeNull();
    expect(saveProblem('My flow', workflow(step('a'), step('a')))).toBe(WORKFLOW_TEXTS.duplicateStepName('a'));
  });

  it('a step’s problems come without the step label', () => {
    const definition = workflow(step('a', ''), step('b', '{{steps.zz.output}}'));
    expect(problemsOfStep(workflowProblems(definition), definition, 1)).toEqual([WORKFLOW_TEXTS.unknownStep('{{steps.zz.output}}')]);
    expect(problemsOfStep(workflowProblems(definition), definition, 0)).toEqual([WORKFLOW_TEXTS.emptyPrompt]);
  });

  it('a copy’s name says so and stays within the length limit', () => {
    expect(copyName('Launch')).toBe('Launch (copy)');
    expect(copyName('x'.repeat(WORKFLOW_LIMITS.nameLength)).length).toBeLessThanOrEqual(WORKFLOW_LIMITS.nameLength);
  });
});

describe('builderProblems', () => {
  it('lists what stops saving first (name, step names), then what stops running, in step order', () => {
    const definition = workflow(step('a', '{{steps.b.output}}'), step('Bad'), step('c', ''));
    expect(builderProblems('', definition)).toEqual([
      { stepIndex: null, message: WORKFLOW_TEXTS.nameRequired, blocksSave: true },
      { stepIndex: 0, message: `Step 1 “a”: ${WORKFLOW_TEXTS.unknownStep('{{steps.b.output}}')}`, blocksSave: false },
      { stepIndex: 1, message: `Step 2 “Bad”: ${WORKFLOW_TEXTS.badStepName}`, blocksSave: true },
      { stepIndex: 2, message: `Step 3 “c”: ${WORKFLOW_TEXTS.emptyPrompt}`, blocksSave: false },
    ]);
  });

  it('a schema refusal that is not about a step name is listed for the whole workflow; none when all is well', () => {
    const long = workflow(step('a', 'x'.repeat(WORKFLOW_LIMITS.promptLength + 1)));
    expect(builderProblems('Flow', long)).toEqual([{ stepIndex: null, message: WORKFLOW_TEXTS.promptTooLong, blocksSave: true }]);
    expect(builderProblems('Flow', workflow(step('a', 'Hi'), step('b', '{{steps.a.output}}')))).toEqual([]);
  });
});
