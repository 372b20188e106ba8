import { describe, expect, it } from 'vitest';
import { ESTIMATE_TEXTS, estimateJob, monthlyRange, needsConfirmation, rangeText, runsPerMonth } from '@/shared/core/usage/jobEstimate.ts';
import type { UserPrice } from '@/shared/core/usage/prices.ts';
import { ASSUMED_FOR_EACH_ITEMS, forEachNote, workflowJobSteps } from '@/shared/core/usage/workflowEstimate.ts';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { promptStep } from '../fixtures/workflows.ts';

const usd = { overrides: [] as UserPrice[], usdRate: 1 };

describe('estimates before a job', () => {
  it('a job on a priced model: its calls and range, in the user’s currency at their rate', () => {
    // gpt-6.1-terra: $1 per 1M input, $5 per 1M output; 4,000 characters are 1,000 tokens.
    const steps = [{ promptChars: 4_000, calls: 10, output: { low: 1_000, high: 8_000 } }];
    const estimate = estimateJob('openai', 'gpt-6.1-terra', steps, usd);
    expect(estimate).toEqual({ provider: 'openai', model: 'gpt-6.1-terra', calls: 10, range: { low: 60_000, high: 410_000 } });
    expect(ESTIMATE_TEXTS.summary(estimate, 'USD')).toBe('about $0.06–$0.41 for 10 calls on gpt-6.1-terra');
    const inEuros = estimateJob('openai', 'gpt-6.1-terra', steps, { overrides: [], usdRate: 0.9 });
    expect(inEuros.range).toEqual({ low: 54_000, high: 369_000 });
    expect(ESTIMATE_TEXTS.summary(inEuros, 'EUR')).toBe('about €0.05–€0.37 for 10 calls on gpt-6.1-terra');
  });

  it('a model without a price: "price unknown" with the call count, and never asks by amount', () => {
    const estimate = estimateJob('chatgpt_custom', 'llama3', [{ promptChars: 40_000, calls: 24, output: 'long-document' }], usd);
    expect(estimate.range).toBeNull();
    expect(ESTIMATE_TEXTS.summary(estimate, 'USD')).toBe('price unknown for 24 calls on llama3');
    expect(needsConfirmation(estimate, 0)).toBe(false);
  });

  it('a user’s own price (0 for a local model) is used', () => {
    const own: UserPrice = { sourceKind: 'user', provider: 'chatgpt_custom', model: 'llama3', inputPerMillion: 0, outputPerMillion: 0 };
    const estimate = estimateJob('chatgpt_custom', 'llama3', [{ promptChars: 400, calls: 3, output: 'reply' }], {
      overrides: [own],
      usdRate: 1,
    });
    expect(ESTIMATE_TEXTS.summary(estimate, 'USD')).toBe('about $0.00 for 3 calls on llama3');
  });

  it('asks when the high end is above the threshold; null never asks', () => {
    const estimate = estimateJob('openai', 'gpt-6.1-terra', [{ promptChars: 4_000, calls: 10, output: { low: 1_000, high: 8_000 } }], usd);
    expect(needsConfirmation(estimate, 1_000_000)).toBe(false);
    expect(needsConfirmation(estimate, 410_000)).toBe(false);
    expect(needsConfirmation(estimate, 409_999)).toBe(true);
    expect(needsConfirmation(estimate, null)).toBe(false);
    expect(ESTIMATE_TEXTS.body(estimate, 'USD', 100_000)).toBe(
      'This job will cost about $0.06–$0.41 for 10 calls on gpt-6.1-terra, charged by your provider to your own key. You asked to confirm jobs that may cost more than $0.10.',
    );
  });

  it('steps on their own models are priced each at theirs; one unknown price leaves the whole unknown', () => {
    const steps = [
      { promptChars: 4_000, calls: 1, output: { low: 0, high: 0 } },
      { promptChars: 4_000, calls: 1, output: { low: 0, high: 0 }, model: 'gpt-6.2-sol' },
    ];
    // 1,000 input tokens at $1 and at $2 per 1M.
    expect(estimateJob('openai', 'gpt-6.1-terra', steps, usd)).toMatchObject({
      model: 'gpt-6.1-terra and gpt-6.2-sol',
      range: { low: 3_000, high: 3_000 },
    });
    expect(estimateJob('openai', 'gpt-6.1-terra', [...steps, { ...steps[0]!, model: 'mystery' }], usd).range).toBeNull();
    expect(rangeText({ low: 3_000, high: 3_000 }, 'USD')).toBe('$0.0030');
  });

  it('a schedule’s month: runs at its frequency', () => {
    expect([runsPerMonth('hourly'), runsPerMonth('daily'), runsPerMonth('weekly')]).toEqual([731, 30, 4]);
    const perRun = estimateJob('openai', 'gpt-6.1-terra', [{ promptChars: 4_000, calls: 2, output: { low: 1_000, high: 8_000 } }], usd);
    expect(monthlyRange(perRun, 30)).toEqual({ low: 360_000, high: 2_460_000 });
    expect(ESTIMATE_TEXTS.perMonth(30, monthlyRange(perRun, 30), 'USD')).toBe('About $0.36–$2.46 a month (30 runs).');
  });
});

describe('a workflow run as a job', () => {
  const definition = (steps: WorkflowDefinition['steps']): WorkflowDefinition => ({
    version: WORKFLOW_DEFINITION_VERSION,
    provider: 'openai',
    model: 'gpt-6.1-terra',
    steps,
  });

  it('one call per prompt step, the form filled in, an earlier output at a typical answer’s length', () => {
    const steps = workflowJobSteps(
      definition([promptStep('research', 'Research [topic] for creators.'), promptStep('draft', 'Draft from:\n{{steps.research.output}}')]),
      { topic: 'pricing pages' },
    );
    expect(steps.map((s) => s.calls)).toEqual([1, 1]);
    expect(steps[0]!.promptChars).toBe('Research pricing pages for creators.'.length);
    expect(steps[1]!.promptChars).toBe('Draft from:\n'.length + 3_300);
  });

  it('a for-each step counts its assumed items, and says so; a step’s own model is kept', () => {
    const def = definition([
      promptStep('list', 'List ten leads.'),
      promptStep('each', 'Write to {{item}}.', {
        kind: 'for_each',
        forEach: { source: 'list', split: 'lines', concurrency: 3 },
        model: 'gpt-6.2-sol',
      }),
    ]);
    const steps = workflowJobSteps(def, {});
    expect(steps[1]).toMatchObject({ calls: ASSUMED_FOR_EACH_ITEMS, model: 'gpt-6.2-sol' });
    expect(steps[1]!.promptChars).toBe('Write to .'.length + 330);
    expect(forEachNote(def)).toBe('For-each steps are counted at 10 items each; the real number comes from the list they read.');
    expect(forEachNote(definition([promptStep('a', 'A')]))).toBeNull();
  });
});
