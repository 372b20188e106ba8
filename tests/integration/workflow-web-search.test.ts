import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_SEARCH_TEXTS, webCitationsIn } from '@/shared/core/webSearch.ts';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { saveSearchSetting } from '@/shared/data/webSearch.ts';
import { getWorkflowRun, streamWorkflowRun, type RunRequest } from '@/shared/data/workflowRuns.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_SEARCH_KEYS, startFakeSearch, type FakeSearch } from '../fixtures/fake-search.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * A workflow's prompt step with "Search the web", through the run-workflow Edge Function: with the
 * owner's search service (the strict Brave fake) the step's prompt goes out with the numbered
 * sources, the sources and the path are kept with the step and the search is one usage row tied to
 * the step; a step without the switch searches nothing; with no search key the step fails with one
 * sentence before any request; with Gemini the provider's own Google Search answers instead (no
 * search key asked), its grounding kept as the step's sources.
 */

let stack: TestStack;
let openai: FakeProvider;
let gemini: FakeProvider;
let search: FakeSearch;
let me: Person;
let keyless: Person;

beforeAll(async () => {
  openai = await startFakeProvider('openai', { chunkDelayMs: 1 });
  gemini = await startFakeProvider('gemini', { chunkDelayMs: 1 });
  search = await startFakeSearch();
  stack = await startTestStack({
    config: {
      functionSecrets: {
        PROVIDER_KEYS_SECRET: randomBytes(32).toString('base64'),
        AI_BASE_URLS: JSON.stringify({ openai: openai.baseURL, gemini: gemini.baseURL }),
        WEB_SEARCH_BRAVE_URL: search.braveUrl,
        WEB_SEARCH_TAVILY_URL: search.tavilyUrl,
      },
    },
  });
  me = await person(stack, 'flow-search');
  keyless = await person(stack, 'flow-search-keyless');
  must(await saveSearchSetting(me.client, { provider: 'brave', apiKey: FAKE_SEARCH_KEYS.brave }));
});
afterAll(async () => {
  await stack?.close();
  await openai?.close();
  await gemini?.close();
  await search?.close();
});

const definition = (provider: 'openai' | 'gemini', ...steps: WorkflowStep[]): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider,
  model: provider === 'gemini' ? 'gemini-3.8-flash' : 'gpt-6.1-terra',
  steps,
});

const target = (provider: 'openai' | 'gemini') =>
  provider === 'gemini'
    ? { provider, model: 'gemini-3.8-flash', apiKey: FAKE_KEYS.gemini.good }
    : { provider, model: 'gpt-6.1-terra', apiKey: FAKE_KEYS.openai.good };

async function runAs(who: Person, request: RunRequest) {
  const events: RunEvent[] = [];
  const result = await streamWorkflowRun(who.client, request, new AbortController().signal, (e) => events.push(e));
  return { end: must(result), events };
}

async function start(who: Person, name: string, def: WorkflowDefinition) {
  const workflow = must(await createWorkflow(who.client, { name, description: '', definition: def }));
  const provider = def.provider === 'gemini' ? 'gemini' : 'openai';
  return runAs(who, {
    action: 'start',
    workflowId: workflow.id,
    fieldValues: { topic: 'AI writing tools' },
    trigger: 'dashboard',
    ...target(provider),
  });
}

/** The chat prompts a fake was sent that mention `marker` (each test's own: the fakes are shared). */
const sentPrompts = (fake: FakeProvider, marker: string) =>
  fake.requests.filter((r) => r.method === 'POST' && JSON.stringify(r.body ?? '').includes(marker)).map((r) => JSON.stringify(r.body));

const searchRows = async (userId: string) =>
  (
    await stack.db.query<{ surface: string; provider: string; searches: number; subject_kind: string | null; step_index: number | null }>(
      `select surface, provider, searches, subject_kind, step_index from public.usage_events
       where user_id = $1 and feature = 'search' order by created_at, id`,
      [userId],
    )
  ).rows;

describe(`workflow steps that search the web (${testDbKind})`, () => {
  it('searches with the owner’s Brave key, sends the numbered sources, keeps them with the step and records the search', async () => {
    const marker = 'Research-7f3';
    const before = search.calls.length;
    const { end, events } = await start(
      me,
      'Market research',
      definition(
        'openai',
        promptStep('research', `${marker}: what is new about [topic]?`, { webSearch: true }),
        promptStep('post', `${marker} post: write a tweet from {{steps.research.output}}`),
      ),
    );
    expect(end.status).toBe('done');
    // One search, for the first step only; its query is the step's resolved prompt.
    const calls = search.calls.slice(before);
    expect(calls.map((c) => c.service)).toEqual(['brave']);
    expect(calls[0]!.query).toBe(`${marker}: what is new about AI writing tools?`);
    const [first, second] = sentPrompts(openai, marker);
    expect(first).toContain('Web search results');
    expect(first).toContain('[1] ');
    expect(first).toContain('https://www.example.com/report');
    expect(second).not.toContain('Web search results');

    const stepEnd = events.find((e) => e.type === 'step-end' && e.position === 0);
    expect(stepEnd).toMatchObject({ web: { path: 'brave' } });
    const stepStart = events.find((e) => e.type === 'step' && e.position === 0);
    expect(stepStart).toMatchObject({ web: { path: 'brave' } });

    const stored = must(await getWorkflowRun(me.client, end.runId!));
    const [research, post] = stored.steps;
    expect(research!.web?.path).toBe('brave');
    expect(research!.web?.sources.map((s) => s.n)).toEqual([1, 2, 3, 4, 5]);
    expect(research!.web?.sources[0]).toMatchObject({ site: 'example.com', url: 'https://www.example.com/report' });
    expect(research!.prompt).toContain('https://pricing.example.org/compare');
    expect(post!.web).toBeNull();
    expect(await searchRows(me.userId)).toEqual([
      { surface: 'server', provider: 'brave', searches: 1, subject_kind: 'workflow_run', step_index: 0 },
    ]);
  });

  it('without a search key the step fails with one sentence, and nothing is searched or asked', async () => {
    const marker = 'Keyless-2c9';
    const before = search.calls.length;
    const { end } = await start(
      keyless,
      'No key',
      definition('openai', promptStep('research', `${marker} about [topic]`, { webSearch: true })),
    );
    expect(end.status).toBe('failed');
    expect(end.error).toBe(WEB_SEARCH_TEXTS.noKey);
    expect(search.calls.length).toBe(before);
    expect(sentPrompts(openai, marker)).toEqual([]);
    const stored = must(await getWorkflowRun(keyless.client, end.runId!));
    expect(stored.steps[0]).toMatchObject({ status: 'failed', error: WEB_SEARCH_TEXTS.noKey, web: null });
    expect(await searchRows(keyless.userId)).toEqual([]);
  });

  it('with Gemini the provider searches with Google Search: no search key used, its grounding kept as the step’s sources', async () => {
    const marker = 'Gemini-5e1';
    const before = search.calls.length;
    const rowsBefore = (await searchRows(me.userId)).length;
    const { end } = await start(
      me,
      'Grounded',
      definition('gemini', promptStep('research', `${marker} news about [topic]`, { webSearch: true })),
    );
    expect(end.status).toBe('done');
    expect(search.calls.length).toBe(before);
    expect((await searchRows(me.userId)).length).toBe(rowsBefore);
    const sent = gemini.requests.filter((r) => r.method === 'POST' && JSON.stringify(r.body ?? '').includes(marker));
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { tools?: unknown }).tools).toEqual([{ google_search: {} }]);
    const stored = must(await getWorkflowRun(me.client, end.runId!));
    const step = stored.steps[0]!;
    expect(step.web?.path).toBe('gemini');
    expect(step.web?.sources.length).toBeGreaterThan(0);
    expect(step.web?.sources[0]!.n).toBe(1);
    expect(webCitationsIn(step.output, step.web!.sources).length).toBeGreaterThan(0);
    // The step's usage row counts Google's searches and charges them ($14 per 1,000 on Gemini 3).
    const { rows } = await stack.db.query<{ searches: number; cost_micros: string | null }>(
      `select searches, cost_micros from public.usage_events where user_id = $1 and subject_id = $2 and feature = 'workflow_step'`,
      [me.userId, end.runId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.searches).toBe(1);
    expect(Number(rows[0]!.cost_micros)).toBeGreaterThanOrEqual(14_000);
  });
});
