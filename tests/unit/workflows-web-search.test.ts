import { describe, expect, it } from 'vitest';
import { webSearchPathFrom, type WebSource } from '@/shared/core/webSearch.ts';
import { parseWorkflowDefinition, WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { applyRunEvent, idleRun, storedRun } from '@/shared/core/workflows/runState.ts';
import { WORKFLOW_TEXTS } from '@/shared/core/workflows/texts.ts';
import { promptStep } from '../fixtures/workflows.ts';

/** A prompt step's "Search the web": how the definition keeps it, and its sources on the run's screen state. */

const definition = (steps: WorkflowDefinition['steps']): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: 'openai',
  model: 'gpt-6.1-terra',
  steps,
});

const sources: WebSource[] = [
  { n: 1, title: 'Pricing pages that convert', site: 'example.com', url: 'https://example.com/pricing', snippet: 'Three tiers.' },
  { n: 2, title: 'Anchoring', site: 'news.example.org', url: 'https://news.example.org/anchoring', snippet: 'Show the dear plan first.' },
];

describe('a step that searches the web, in the definition', () => {
  it('reads with the switch on; steps saved before the switch existed read as not searching', () => {
    const def = definition([promptStep('research', 'What do [competitor]’s customers complain about?', { webSearch: true })]);
    expect(parseWorkflowDefinition(JSON.parse(JSON.stringify(def)))).toEqual({ ok: true, value: def });
    const old = definition([promptStep('research', 'Plain')]);
    const read = parseWorkflowDefinition(JSON.parse(JSON.stringify(old)));
    expect(read.ok && read.value.steps[0]!.webSearch).toBeUndefined();
  });

  it('is refused on a for-each or an image step, naming the step', () => {
    const each = definition([
      promptStep('list', 'List three rivals.'),
      promptStep('each', 'About {{item}}', {
        kind: 'for_each',
        forEach: { source: 'list', split: 'lines', concurrency: 2 },
        webSearch: true,
      }),
    ]);
    expect(parseWorkflowDefinition(each)).toEqual({ ok: false, error: WORKFLOW_TEXTS.webSearchPromptOnly('each') });
    const picture = definition([
      promptStep('cover', 'A poster', {
        kind: 'image',
        image: { provider: 'openai', model: 'gpt-image-1.5', shape: 'square' },
        webSearch: true,
      }),
    ]);
    expect(parseWorkflowDefinition(picture)).toEqual({ ok: false, error: WORKFLOW_TEXTS.webSearchPromptOnly('cover') });
    expect(parseWorkflowDefinition(definition([promptStep('cover', 'A poster', { webSearch: false, kind: 'prompt' })])).ok).toBe(true);
  });
});

describe('a step’s web sources on the run’s screen', () => {
  const def = definition([promptStep('research', 'Research', { webSearch: true }), promptStep('post', 'Write {{steps.research.output}}')]);

  it('shows the sources searched before the step asks, then the ones it ended with; a step run again starts without them', () => {
    let state = applyRunEvent(idleRun(def), { type: 'run', runId: 'r1', status: 'running', from: 0 });
    state = applyRunEvent(state, { type: 'step', position: 0, status: 'running', prompt: 'Research …', web: { path: 'brave', sources } });
    expect(state.steps[0]!.web).toEqual({ path: 'brave', sources });
    state = applyRunEvent(state, {
      type: 'step-end',
      position: 0,
      status: 'done',
      output: 'Lead with the dear plan [2].',
      error: null,
      passages: [],
      web: { path: 'brave', sources },
    });
    expect(state.steps[0]).toMatchObject({ status: 'done', web: { path: 'brave', sources } });
    expect(state.steps[1]!.web).toBeNull();
    state = applyRunEvent(state, { type: 'run', runId: 'r1', status: 'running', from: 0 });
    expect(state.steps[0]!.web).toBeNull();
  });

  it('a provider that searches while it answers has its sources at the step’s end only', () => {
    let state = applyRunEvent(idleRun(def), { type: 'step', position: 0, status: 'running', prompt: 'Research' });
    expect(state.steps[0]!.web).toBeNull();
    state = applyRunEvent(state, {
      type: 'step-end',
      position: 0,
      status: 'done',
      output: 'Answer [1]',
      error: null,
      passages: [],
      web: { path: 'gemini', sources: sources.slice(0, 1) },
    });
    expect(state.steps[0]!.web).toEqual({ path: 'gemini', sources: sources.slice(0, 1) });
  });

  it('a stored run keeps each step’s sources with the path that found them', () => {
    const step = {
      position: 0,
      name: 'research',
      kind: 'prompt' as const,
      status: 'done' as const,
      prompt: 'p',
      output: 'o [1]',
      error: null,
      items: [],
      passages: [],
      editedAt: null,
    };
    const run = storedRun({
      id: 'r2',
      status: 'done',
      error: null,
      steps: [
        { ...step, web: { path: 'tavily', sources } },
        { ...step, position: 1, name: 'post' },
      ],
    });
    expect(run.steps.map((s) => s.web)).toEqual([{ path: 'tavily', sources }, null]);
  });

  it('reads a stored search path only when it is one the app uses', () => {
    expect(['brave', 'tavily', 'searxng', 'gemini', 'anthropic'].map(webSearchPathFrom)).toEqual([
      'brave',
      'tavily',
      'searxng',
      'gemini',
      'anthropic',
    ]);
    expect([null, 'openai', 'toString', 3].map(webSearchPathFrom)).toEqual([null, null, null, null]);
  });
});
