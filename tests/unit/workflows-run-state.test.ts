import { describe, expect, it } from 'vitest';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import {
  applyRunEvent,
  finalOutput,
  idleRun,
  runDocument,
  runProgress,
  storedRun,
  type LiveRun,
} from '@/shared/core/workflows/runState.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { missingFields } from '@/shared/core/workflows/variables.ts';

const definition: WorkflowDefinition = {
  version: WORKFLOW_DEFINITION_VERSION,
  provider: null,
  model: null,
  steps: [
    {
      id: 'a',
      name: 'list',
      kind: 'prompt',
      prompt: 'List [count=3] ideas about [topic] for {{title}}',
      promptId: null,
      model: null,
      knowledge: null,
      forEach: null,
    },
    {
      id: 'b',
      name: 'each',
      kind: 'for_each',
      prompt: 'Describe {{item}}',
      promptId: null,
      model: null,
      knowledge: null,
      forEach: { source: 'list', split: 'lines', concurrency: 2 },
    },
  ],
};

const play = (events: RunEvent[], from: LiveRun = idleRun(definition)) => events.reduce(applyRunEvent, from);

describe('a workflow run as the screen shows it', () => {
  it('starts with every step waiting and moves on with each event, text growing as it streams', () => {
    let state = idleRun(definition);
    expect(state.steps.map((s) => s.status)).toEqual(['pending', 'pending']);
    expect(runProgress(state)).toEqual({ current: 0, total: 2, done: 0 });
    state = play([
      { type: 'run', runId: 'r1', status: 'running', from: 0 },
      { type: 'step', position: 0, status: 'running', prompt: 'List 3 ideas' },
      { type: 'delta', position: 0, text: 'one\n' },
      { type: 'delta', position: 0, text: 'two' },
    ]);
    expect(state).toMatchObject({ runId: 'r1', status: 'running' });
    expect(state.steps[0]).toMatchObject({ status: 'running', prompt: 'List 3 ideas', output: 'one\ntwo' });
    expect(runProgress(state)).toEqual({ current: 1, total: 2, done: 0 });

    state = play(
      [
        { type: 'step-end', position: 0, status: 'done', output: 'one\ntwo', error: null, passages: [] },
        { type: 'step', position: 1, status: 'running', prompt: 'Describe {{item}}', items: ['one', 'two'] },
        { type: 'delta', position: 1, item: 1, text: 'Second' },
        { type: 'item', position: 1, item: 0, status: 'failed', output: '', error: 'Rate limit' },
      ],
      state,
    );
    expect(state.steps[1]!.items).toEqual([
      { input: 'one', output: '', status: 'failed', error: 'Rate limit' },
      { input: 'two', output: 'Second', status: 'running', error: null },
    ]);
    expect(runProgress(state)).toEqual({ current: 2, total: 2, done: 1 });
    expect(finalOutput(state)).toBe('');

    state = play(
      [
        { type: 'step-end', position: 1, status: 'done', output: '## 1\n\nFirst\n\n## 2\n\nSecond', error: null, passages: [] },
        { type: 'end', status: 'done', error: null },
      ],
      state,
    );
    expect(finalOutput(state)).toBe('## 1\n\nFirst\n\n## 2\n\nSecond');
    expect(runProgress(state)).toEqual({ current: 2, total: 2, done: 2 });
  });

  it('continuing from a step clears that step and the ones after it, and keeps the ones before', () => {
    const stored = storedRun({
      id: 'r2',
      status: 'failed',
      error: 'boom',
      steps: [
        {
          position: 0,
          name: 'list',
          kind: 'prompt',
          status: 'done',
          prompt: 'p',
          output: 'kept',
          error: null,
          items: [],
          passages: [],
          editedAt: '2026-11-26T00:00:00Z',
        },
        {
          position: 1,
          name: 'each',
          kind: 'for_each',
          status: 'failed',
          prompt: 'q',
          output: 'half',
          error: 'boom',
          items: [],
          passages: [],
          editedAt: null,
        },
      ],
    });
    expect(stored.steps[0]!.edited).toBe(true);
    expect(runProgress(stored)).toEqual({ current: 2, total: 2, done: 1 });
    const again = applyRunEvent(stored, { type: 'run', runId: 'r2', status: 'running', from: 1 });
    expect(again.steps.map((s) => [s.status, s.output])).toEqual([
      ['done', 'kept'],
      ['pending', ''],
    ]);
    expect(again.error).toBeNull();
  });

  it('becomes a document of the final output, or of every step under its name', () => {
    const done = play([
      { type: 'run', runId: 'r3', status: 'running', from: 0 },
      { type: 'step-end', position: 0, status: 'done', output: 'Ideas', error: null, passages: [] },
      { type: 'step-end', position: 1, status: 'done', output: 'Descriptions', error: null, passages: [] },
      { type: 'end', status: 'done', error: null },
    ]);
    const at = new Date('2026-11-26T10:00:00Z');
    expect(runDocument('Bulk', done, 'final', at)).toEqual({
      title: 'Bulk',
      subtitle: 'Workflow run, 2026-11-26',
      sections: [{ markdown: 'Descriptions' }],
    });
    expect(runDocument('Bulk', done, 'all', at).sections).toEqual([
      { heading: 'Step 1: list', markdown: 'Ideas' },
      { heading: 'Step 2: each', markdown: 'Descriptions' },
    ]);
  });

  it('names the fields still empty: defaults count as filled, page variables are required', () => {
    expect(missingFields(definition, {}).map((f) => f.label)).toEqual(['Topic', 'Page title']);
    expect(missingFields(definition, { topic: 'bread', '{{title}}': '  ' }).map((f) => f.label)).toEqual(['Page title']);
    expect(missingFields(definition, { topic: 'bread', '{{title}}': 'Home' })).toEqual([]);
  });
});
