import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import * as kb from '@/shared/data/knowledge.ts';
import {
  deleteWorkflowRun,
  editStepOutput,
  getWorkflowRun,
  listWorkflowRuns,
  streamWorkflowRun,
  type RunRequest,
} from '@/shared/data/workflowRuns.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { promptStep as step } from '../fixtures/workflows.ts';

/**
 * Workflow runs through the run-workflow Edge Function against the fake provider: steps chained
 * through their outputs, a provider failing mid-run and the retry, for-each items in parallel, a
 * stop keeping what arrived, an edited output used by the next step, the month's generation, and
 * who may see and touch a run.
 */

let stack: TestStack;
let ai: FakeOpenAI;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  stack = await startTestStack({ config: { functionSecrets: { AI_BASE_URLS: JSON.stringify({ openai: `${ai.url}/v1` }) } } });
  [me, other, viewer] = [
    await person(stack, 'flows'),
    await person(stack, 'flows-other'),
    await person(stack, 'flows-viewer', 'view_only'),
  ];
});
afterAll(async () => {
  await stack?.close();
  await ai?.close();
});

const definition = (...steps: WorkflowStep[]): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: 'openai',
  model: 'gpt-4o-mini',
  steps,
});

const threeSteps = definition(
  step('research', 'Research [topic] for creators.'),
  step('outline', 'Outline from:\n{{steps.research.output}}'),
  step('draft', 'Draft from:\n{{steps.outline.output}}'),
);

const target = { provider: 'openai' as const, model: 'gpt-4o-mini', apiKey: FAKE_OPENAI_GOOD_KEY };

async function run(who: Person, request: RunRequest, signal = new AbortController().signal) {
  const events: RunEvent[] = [];
  const result = await streamWorkflowRun(who.client, request, signal, (e) => events.push(e));
  return { result, events };
}

const chatPrompts = (since: number) =>
  ai.requests
    .slice(since)
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => String((r.body as { messages: { content: string }[] }).messages.at(-1)!.content));

const used = async (who: Person) =>
  (
    await stack.db.query<{ n: number }>(
      'select coalesce((select generation_count from public.user_generation_counts where user_id = $1), 0) as n',
      [who.userId],
    )
  ).rows[0]!.n;

describe(`workflow runs (${testDbKind})`, () => {
  it('runs every step in order, each given the earlier output, saves each step and counts one generation', async () => {
    const workflow = must(await createWorkflow(me.client, { name: 'Blog', description: '', definition: threeSteps }));
    const before = await used(me);
    const since = ai.requests.length;
    const { result, events } = await run(me, {
      action: 'start',
      workflowId: workflow.id,
      fieldValues: { topic: 'Pricing pages' },
      trigger: 'dashboard',
      ...target,
    });
    const end = must(result);
    expect(end.status).toBe('done');
    const prompts = chatPrompts(since);
    expect(prompts).toHaveLength(3);
    expect(prompts[0]).toBe('Research Pricing pages for creators.');
    expect(prompts[1]).toContain('Outline from:\n## Draft: Research Pricing pages for creators.');
    expect(prompts[2]).toContain('Draft from:\n## Draft: Outline from:');
    expect(events.filter((e) => e.type === 'step-end').map((e) => e.type === 'step-end' && e.status)).toEqual(['done', 'done', 'done']);
    expect(events.some((e) => e.type === 'delta')).toBe(true);

    const stored = must(await getWorkflowRun(me.client, end.runId!));
    expect(stored.status).toBe('done');
    expect(stored.trigger).toBe('dashboard');
    expect(stored.fieldValues).toEqual({ topic: 'Pricing pages' });
    expect(stored.steps.map((s) => [s.name, s.status])).toEqual([
      ['research', 'done'],
      ['outline', 'done'],
      ['draft', 'done'],
    ]);
    expect(stored.steps[1]!.prompt).toBe(prompts[1]);
    expect(stored.steps[2]!.output).toContain('## Draft: Draft from:');
    expect(await used(me)).toBe(before + 1);
    expect(must(await listWorkflowRuns(me.client, { workflowId: workflow.id })).map((r) => r.id)).toEqual([end.runId]);
  });

  it('stops at a step the provider fails, keeps the steps before it, and a retry finishes the run without counting again', async () => {
    const before = await used(me);
    // The second step's provider answers 500 three times (the first call and both retries).
    ai.script([{}, { status: 500 }, { status: 500 }, { status: 500 }]);
    const first = await run(me, {
      action: 'start',
      templateId: 'blog-post',
      fieldValues: { topic: 'Launch week' },
      trigger: 'dashboard',
      ...target,
    });
    const failed = must(first.result);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('The AI service returned an error');
    let stored = must(await getWorkflowRun(me.client, failed.runId!));
    expect(stored.templateId).toBe('blog-post');
    expect(stored.steps.map((s) => s.status)).toEqual(['done', 'failed', 'pending', 'pending']);
    expect(stored.steps[1]!.error).toBe(failed.error);
    expect(await used(me)).toBe(before + 1);

    const researchOutput = stored.steps[0]!.output;
    const since = ai.requests.length;
    const retried = must((await run(me, { action: 'continue', runId: failed.runId!, ...target })).result);
    expect(retried.status).toBe('done');
    // The retry started at the failed step: the research step was not asked again.
    expect(chatPrompts(since)).toHaveLength(3);
    stored = must(await getWorkflowRun(me.client, failed.runId!));
    expect(stored.steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(stored.steps[0]!.output).toBe(researchOutput);
    expect(await used(me)).toBe(before + 1);
  });

  it('uses an output the owner edited when the next steps run again', async () => {
    const { result } = await run(me, {
      action: 'start',
      templateId: 'youtube-thread',
      trigger: 'panel',
      ...target,
      fieldValues: {
        '{{title}}': 'How to price',
        '{{url}}': 'https://www.youtube.com/watch?v=abc',
        '{{transcript}}': 'Pricing is a signal.',
      },
    });
    const runId = must(result).runId!;
    must(await editStepOutput(me.client, runId, 0, 'My own summary: price on value.'));
    const since = ai.requests.length;
    must((await run(me, { action: 'continue', runId, fromPosition: 1, ...target })).result);
    expect(chatPrompts(since)[0]).toContain('Summary:\nMy own summary: price on value.');
    const stored = must(await getWorkflowRun(me.client, runId));
    expect(stored.steps[0]!.editedAt).not.toBeNull();
    expect(stored.trigger).toBe('panel');
  });

  it('goes through each item of an earlier output at once up to its concurrency, and a retry runs only the failed items', async () => {
    const bulk = definition(
      step('products', 'List 6 course ideas for bakers, one per line'),
      step('descriptions', 'Describe: {{item}}', { kind: 'for_each', forEach: { source: 'products', split: 'lines', concurrency: 3 } }),
    );
    const workflow = must(await createWorkflow(me.client, { name: 'Bulk', description: '', definition: bulk }));
    ai.script([{}, {}, { status: 400, message: 'bad item' }]);
    const { result, events } = await run(me, {
      action: 'start',
      workflowId: workflow.id,
      fieldValues: {},
      trigger: 'dashboard',
      ...target,
    });
    const end = must(result);
    expect(end.status).toBe('failed');
    expect(end.error).toContain('1 of 6 items failed.');
    const started = events.find((e) => e.type === 'step' && e.position === 1);
    expect(started?.type === 'step' && started.items).toEqual(Array.from({ length: 6 }, (_, i) => `course ideas for bakers #${i + 1}`));

    const since = ai.requests.length;
    must((await run(me, { action: 'continue', runId: end.runId!, ...target })).result);
    expect(chatPrompts(since)).toHaveLength(1);
    const stored = must(await getWorkflowRun(me.client, end.runId!));
    expect(stored.steps[1]!.status).toBe('done');
    expect(stored.steps[1]!.items.map((i) => i.status)).toEqual(Array(6).fill('done'));
    expect(stored.steps[1]!.output).toMatch(/^## 1\n\n## Draft: Describe: course ideas for bakers #1/);
  });

  it('keeps what arrived when stopped, and gives the generation back when no step was done', async () => {
    const before = await used(me);
    ai.script([{ chunkDelayMs: 40 }]);
    const stop = new AbortController();
    let runId = '';
    const outcome = await streamWorkflowRun(
      me.client,
      { action: 'start', templateId: 'blog-post', fieldValues: { topic: 'Stop me' }, trigger: 'dashboard', ...target },
      stop.signal,
      (e) => {
        if (e.type === 'run') runId = e.runId;
        if (e.type === 'delta') stop.abort();
      },
    );
    expect(must(outcome).status).toBe('stopped');
    await expect.poll(async () => (await getWorkflowRun(me.client, runId)).data?.status, { timeout: 20_000 }).toBe('stopped');
    const stored = must(await getWorkflowRun(me.client, runId));
    expect(stored.steps.map((s) => s.status)).toEqual(['stopped', 'pending', 'pending', 'pending']);
    expect(stored.steps[0]!.output.length).toBeGreaterThan(0);
    await expect.poll(() => used(me), { timeout: 10_000 }).toBe(before);
  });

  it('refuses a run at the month’s limit before anything runs, and one with a field left empty', async () => {
    const month = "date_trunc('month', now() at time zone 'utc')::date";
    await stack.db.query(
      `insert into public.user_generation_counts (user_id, generation_count, current_month) values ($1, 50, ${month})
       on conflict (user_id) do update set generation_count = 50, current_month = ${month}`,
      [other.userId],
    );
    const since = ai.requests.length;
    const limited = await run(other, {
      action: 'start',
      templateId: 'blog-post',
      fieldValues: { topic: 'x' },
      trigger: 'dashboard',
      ...target,
    });
    expect(limited.result.error).toMatchObject({ message: WORKFLOW_RUN_TEXTS.limit, code: 'generation_limit', kind: 'limit' });
    const missing = await run(me, { action: 'start', templateId: 'blog-post', fieldValues: {}, trigger: 'dashboard', ...target });
    expect(missing.result.error).toMatchObject({ message: WORKFLOW_RUN_TEXTS.missingFields(['Topic']), kind: 'invalid' });
    expect(chatPrompts(since)).toEqual([]);
    const left = await stack.db.query('select 1 from public.workflow_runs where user_id = $1', [other.userId]);
    expect(left.rows).toEqual([]);
    await stack.db.query('delete from public.user_generation_counts where user_id = $1', [other.userId]);
  });

  it('keeps runs to their owner: nobody else reads, continues, edits or deletes them; view_only runs but does not save workflows', async () => {
    const mine = must(
      (await run(me, { action: 'start', templateId: 'blog-post', fieldValues: { topic: 'Mine' }, trigger: 'dashboard', ...target })).result,
    );
    expect((await getWorkflowRun(other.client, mine.runId!)).error?.kind).toBe('not_found');
    const theirs = await run(other, { action: 'continue', runId: mine.runId!, fromPosition: 0, ...target });
    expect(theirs.result.error).toMatchObject({ message: WORKFLOW_RUN_TEXTS.runNotFound, kind: 'not_found' });
    expect((await editStepOutput(other.client, mine.runId!, 0, 'hijacked')).error?.kind).toBe('not_found');
    expect((await deleteWorkflowRun(other.client, mine.runId!)).error?.kind).toBe('not_found');
    // The owner may change an output, not a step's status or prompt.
    const statusChange = await me.client
      .from('workflow_run_steps')
      .update({ status: 'pending' })
      .eq('run_id', mine.runId!)
      .eq('position', 0);
    expect(statusChange.error?.code).toBe('42501');
    const forged = await me.client
      .from('workflow_runs')
      .insert({ workflow_name: 'x', definition: {}, provider: 'openai', model: 'm', trigger: 'dashboard', template_id: 'blog-post' });
    expect(forged.error?.code).toBe('42501');

    const viewed = must(
      (
        await run(viewer, {
          action: 'start',
          templateId: 'bulk-descriptions',
          fieldValues: { niche: 'yoga', count: '3' },
          trigger: 'dashboard',
          ...target,
        })
      ).result,
    );
    expect(viewed.status).toBe('done');
    const refused = await createWorkflow(viewer.client, { name: 'Mine', description: '', definition: threeSteps });
    expect(refused.error).toMatchObject({ message: 'View-only accounts cannot save, change or delete workflows.', kind: 'refused' });
    must(await deleteWorkflowRun(me.client, mine.runId!));
  });

  it('grounds a step in the caller’s own knowledge base only', async () => {
    must(
      await kb.addKbDocument(me.client, { name: 'Pricing', type: 'text', content: 'The Pro plan costs $29 per month.', folderId: null }),
    );
    must(
      await kb.addKbDocument(other.client, { name: 'Secret', type: 'text', content: 'The Pro plan costs $99 per month.', folderId: null }),
    );
    const grounded = definition(step('answer', 'What does the Pro plan cost per month?', { knowledge: { kind: 'all' } }));
    const workflow = must(await createWorkflow(me.client, { name: 'Grounded', description: '', definition: grounded }));
    const since = ai.requests.length;
    const end = must(
      (await run(me, { action: 'start', workflowId: workflow.id, fieldValues: {}, trigger: 'dashboard', ...target })).result,
    );
    const sent = chatPrompts(since)[0]!;
    expect(sent).toContain('$29 per month');
    expect(sent).not.toContain('$99');
    const stored = must(await getWorkflowRun(me.client, end.runId!));
    expect(stored.steps[0]!.passages.map((p) => p.documentName)).toEqual(['Pricing']);
    expect(stored.steps[0]!.output).toContain('From your knowledge base: **Pricing** [1].');
  });
});
