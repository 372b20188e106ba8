import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition, type WorkflowStep } from '@/shared/core/workflows/definition.ts';
import { runPhase } from '@/shared/core/workflows/resume.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import type { Database as Schema } from '@/shared/data/database.types.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { getWorkflowRun, listWorkflowRuns, streamWorkflowRun, type RunRequest, type WorkflowRun } from '@/shared/data/workflowRuns.ts';
import { saveSchedule } from '@/shared/data/workflowSchedules.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { startLocalStack } from '@/supabase/local/server.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import type { FakeProviderRequest } from '../fixtures/fake-providers/http.ts';
import { promptStep as step } from '../fixtures/workflows.ts';
import { freshDatabase, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { daily, makeDue, storeKey } from './schedule-helpers.ts';

/**
 * Workflow runs that outlive the request running them: each step and each for-each item is saved as
 * it ends; a run whose function was killed mid-run (here: the whole stack serving it stopped, its
 * connections cut, as when a hosted function is restarted or hits its wall-clock limit) shows as
 * interrupted once its lease expires, and resuming it (from another stack on the same database)
 * goes on from the first step or item not done — with the same outputs and stored steps as a run
 * never interrupted, nothing saved asked of the provider again (the strict fake's GET
 * /__fake/requests), and one generation for the run. Also: a run being worked on is not resumed
 * twice at once, a request out of time hands the run to the next one, and the scheduler resumes a
 * scheduled run instead of starting it again.
 */

let db: Database;
let drop: () => Promise<void>;
let fake: FakeProvider;
/** The stack that lives through the file (resumes run here); each kill takes a stack of its own. */
let stack: TestStack;
let me: Person;
let other: Person;

const MODEL = 'gpt-6.1-terra';
const target = { provider: 'openai' as const, model: MODEL, apiKey: FAKE_KEYS.openai.good };
const secrets = {
  // Short leases, so a killed run is interrupted within seconds.
  WORKFLOW_LEASE_SECONDS: '2',
  PROVIDER_KEYS_SECRET: randomBytes(32).toString('base64'),
};
const authEncryptionKey = randomBytes(32).toString('base64');

/** A local stack on the file's database (another one on the same database stands for a restarted function). */
async function stackOn(): Promise<TestStack> {
  const storageDir = await mkdtemp(join(tmpdir(), 'ai-vault-storage-'));
  const started = await startLocalStack({
    db,
    config: {
      port: 0,
      logRequests: false,
      rateLimits: { signIn: 10_000, signUp: 10_000, recover: 10_000, emailSent: 10_000 },
      functionSecrets: { ...secrets, AI_BASE_URLS: JSON.stringify({ openai: fake.baseURL }) },
      authEncryptionKey,
      schedulerIntervalMs: 0,
      storageDir,
      functionsRuntime: process.env.TEST_FUNCTIONS_RUNTIME === 'deno' ? 'deno' : 'node',
    },
  });
  const client = (key: string, token?: string) =>
    createClient<Schema>(started.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    });
  return {
    ...started,
    anon: () => client(started.config.anonKey),
    service: () => client(started.config.serviceRoleKey),
    asUser: (token) => client(started.config.anonKey, token),
    async close() {
      await started.stop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** The person's session on another stack (same database, same keys). */
async function on(doomed: TestStack, who: Person): Promise<AppClient> {
  const { data } = await who.client.auth.getSession();
  return doomed.asUser(data.session!.access_token);
}

beforeAll(async () => {
  fake = await startFakeProvider('openai', { chunkDelayMs: 4 });
  ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
  stack = await stackOn();
  [me, other] = [await person(stack, 'resume'), await person(stack, 'resume-other')];
});
afterAll(async () => {
  await stack?.close();
  await drop?.();
  await fake?.close();
});

const definition = (...steps: WorkflowStep[]): WorkflowDefinition => ({
  version: WORKFLOW_DEFINITION_VERSION,
  provider: 'openai',
  model: MODEL,
  steps,
});

const chain = definition(
  step('research', 'Research [topic] for course creators.'),
  step('angle', 'Pick an angle from:\n{{steps.research.output}}'),
  step('outline', 'Outline from:\n{{steps.angle.output}}'),
  step('draft', 'Draft from:\n{{steps.outline.output}}'),
  step('polish', 'Polish:\n{{steps.draft.output}}'),
);

const bulk = definition(
  step('products', 'List 6 course ideas for [audience], one per line'),
  step('descriptions', 'Describe for a sales page: {{item}}', {
    kind: 'for_each',
    forEach: { source: 'products', split: 'lines', concurrency: 2 },
  }),
  step('summary', 'Summarise:\n{{steps.descriptions.output}}'),
);

/** What the provider was asked (the last message of each chat request), from the fake's own record. */
async function providerPrompts(): Promise<string[]> {
  const requests = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as FakeProviderRequest[];
  return requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions'))
    .map((r) => String((r.body as { messages: { content: string }[] }).messages.at(-1)!.content));
}
const promptsSince = async (since: number) => (await providerPrompts()).slice(since);
const count = (prompts: string[], prompt: string) => prompts.filter((p) => p === prompt).length;

const used = async (who: Person) =>
  (
    await db.query<{ n: number }>(
      'select coalesce((select generation_count from public.user_generation_counts where user_id = $1), 0) as n',
      [who.userId],
    )
  ).rows[0]!.n;

/** The run's row as the database holds it, with whether its lease has expired (the database's clock). */
const leaseOf = async (runId: string) =>
  (
    await db.query<{
      status: string;
      lease_id: string | null;
      expired: boolean;
      attempts: number;
      counted: boolean;
      lease_expires_at: string | null;
    }>(
      'select status, lease_id, lease_expires_at::text, coalesce(lease_expires_at <= now(), true) as expired, attempts, counted from public.workflow_runs where id = $1',
      [runId],
    )
  ).rows[0]!;

/** Waits until a killed run's lease has expired: nobody works on it any more. */
const waitUntilInterrupted = (runId: string) =>
  vi.waitFor(async () => expect(await leaseOf(runId)).toMatchObject({ status: 'running', expired: true }), {
    timeout: 20_000,
    interval: 100,
  });

const shape = (run: WorkflowRun) =>
  run.steps.map((s) => ({ name: s.name, status: s.status, prompt: s.prompt, output: s.output, items: s.items }));
const withoutIndex = (run: WorkflowRun) =>
  shape(run).map((s) => ({ ...s, items: s.items.map(({ input, output, status, error }) => ({ input, output, status, error })) }));

async function runToEnd(client: AppClient, request: RunRequest, onEvent: (event: RunEvent) => void = () => undefined) {
  const events: RunEvent[] = [];
  const result = await streamWorkflowRun(client, request, new AbortController().signal, (e) => {
    events.push(e);
    onEvent(e);
  });
  return { end: must(result), events };
}

describe(`resumable workflow runs (${testDbKind})`, () => {
  it('a run whose function is killed after 2 of 5 steps is interrupted, and resuming it finishes it as if never cut: done steps not asked again, one generation', async () => {
    const workflow = must(await createWorkflow(me.client, { name: 'Long chain', description: '', definition: chain }));
    const start: RunRequest = {
      action: 'start',
      workflowId: workflow.id,
      fieldValues: { topic: 'pricing' },
      trigger: 'dashboard',
      ...target,
    };

    // The same run, never interrupted.
    const usedBefore = await used(me);
    const baseline = await runToEnd(me.client, start);
    expect(baseline.end.status).toBe('done');
    const whole = must(await getWorkflowRun(me.client, baseline.end.runId!));
    expect(await used(me)).toBe(usedBefore + 1);

    // Again, on a stack killed once the second step has ended.
    const doomed = await stackOn();
    const since = (await providerPrompts()).length;
    let killed: Promise<void> | null = null;
    const cut = await runToEnd(await on(doomed, me), start, (e) => {
      if (e.type === 'step-end' && e.position === 1) killed ??= doomed.close();
    });
    await killed;
    // The browser's stream broke: the run is reported interrupted, with what was saved.
    expect(cut.end).toMatchObject({ status: 'interrupted', runId: expect.any(String) });
    expect(cut.end.error).toContain('The connection to the server broke.');
    const runId = cut.end.runId!;
    const sentBeforeKill = (await providerPrompts()).length;

    // Until its lease expires it counts as worked on; then it is interrupted, and the killed function asked nothing more.
    await waitUntilInterrupted(runId);
    expect((await providerPrompts()).length).toBe(sentBeforeKill);
    const left = must(await getWorkflowRun(me.client, runId));
    expect(runPhase(left, Date.now())).toBe('interrupted');
    expect(left.steps.slice(0, 2).map((s) => s.status)).toEqual(['done', 'done']);
    expect(left.steps.slice(3).map((s) => s.status)).toEqual(['pending', 'pending']);
    const saved = left.steps.filter((s) => s.status === 'done');

    // Resumed from the surviving stack: the rest streams, from the first step not done.
    const afterKill = (await providerPrompts()).length;
    const resumed = await runToEnd(me.client, { action: 'continue', runId, ...target });
    expect(resumed.end.status).toBe('done');
    expect(resumed.events[0]).toEqual({ type: 'run', runId, status: 'running', from: saved.length });

    const again = must(await getWorkflowRun(me.client, runId));
    expect(shape(again)).toEqual(shape(whole));
    expect(again.steps.at(-1)!.output).toBe(whole.steps.at(-1)!.output);
    // Each step done before the kill was asked once in all; the resume asked only for the others.
    const resumeAsked = await promptsSince(afterKill);
    const allAsked = await promptsSince(since);
    for (const s of saved) {
      expect(count(resumeAsked, s.prompt)).toBe(0);
      expect(count(allAsked, s.prompt)).toBe(1);
    }
    expect(resumeAsked).toEqual(again.steps.slice(saved.length).map((s) => s.prompt));
    // One generation for the run, as for the one never interrupted.
    expect(await used(me)).toBe(usedBefore + 2);
    const lease = await leaseOf(runId);
    expect(lease).toMatchObject({ status: 'done', lease_id: null, attempts: 2 });
    console.info(
      `[resume] chain: killed after ${saved.length} of ${chain.steps.length} steps; provider calls: ${allAsked.length} (uninterrupted: ${chain.steps.length}), resume: ${resumeAsked.length}`,
    );
  });

  it('a for-each step cut after some items goes on from its items not done: saved items are not asked again', async () => {
    const workflow = must(await createWorkflow(me.client, { name: 'Bulk', description: '', definition: bulk }));
    const start: RunRequest = {
      action: 'start',
      workflowId: workflow.id,
      fieldValues: { audience: 'bakers' },
      trigger: 'dashboard',
      ...target,
    };
    const baseline = await runToEnd(me.client, start);
    const whole = must(await getWorkflowRun(me.client, baseline.end.runId!));
    expect(whole.steps[1]!.items).toHaveLength(6);

    const usedBefore = await used(me);
    const doomed = await stackOn();
    const since = (await providerPrompts()).length;
    fake.settings.chunkDelayMs = 15;
    let itemsDone = 0;
    let killed: Promise<void> | null = null;
    const cut = await runToEnd(await on(doomed, me), start, (e) => {
      if (e.type === 'item' && e.status === 'done' && ++itemsDone === 3) killed ??= doomed.close();
    });
    await killed;
    fake.settings.chunkDelayMs = 4;
    const runId = cut.end.runId!;
    await waitUntilInterrupted(runId);

    // The items that ended before the kill are saved, each at its place.
    const left = must(await getWorkflowRun(me.client, runId));
    const savedItems = left.steps[1]!.items.filter((i) => i.status === 'done');
    expect(savedItems.length).toBeGreaterThanOrEqual(3);
    expect(savedItems.length).toBeLessThan(6);
    const itemPrompt = (input: string) => `Describe for a sales page: ${input}`;

    const afterKill = (await providerPrompts()).length;
    const resumed = await runToEnd(me.client, { action: 'continue', runId, ...target });
    expect(resumed.end.status).toBe('done');
    expect(resumed.events[0]).toMatchObject({ type: 'run', from: 1 });

    const again = must(await getWorkflowRun(me.client, runId));
    expect(withoutIndex(again)).toEqual(withoutIndex(whole));
    expect(again.steps[1]!.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5]);
    const resumeAsked = await promptsSince(afterKill);
    for (const item of savedItems) expect(count(resumeAsked, itemPrompt(item.input))).toBe(0);
    // The other items, and the step after, once each.
    const others = whole.steps[1]!.items.filter((i) => !savedItems.some((s) => s.input === i.input));
    expect(resumeAsked.sort()).toEqual([...others.map((i) => itemPrompt(i.input)), again.steps[2]!.prompt].sort());
    expect(count(await promptsSince(since), whole.steps[0]!.prompt)).toBe(1);
    expect(await used(me)).toBe(usedBefore + 1);
    console.info(
      `[resume] for-each: killed after ${savedItems.length} of 6 items; the resume asked ${resumeAsked.length} (uninterrupted run: 8 calls)`,
    );
  });

  it('the browser leaving mid-run stops the work on the server; the run then continues without asking for what is saved', async () => {
    const stop = new AbortController();
    let runId = '';
    const usedBefore = await used(me);
    const since = (await providerPrompts()).length;
    fake.settings.chunkDelayMs = 15;
    const outcome = await streamWorkflowRun(
      me.client,
      { action: 'start', templateId: 'blog-post', fieldValues: { topic: 'Leave early' }, trigger: 'dashboard', ...target },
      stop.signal,
      (e) => {
        if (e.type === 'run') runId = e.runId;
        if (e.type === 'step-end' && e.position === 0) stop.abort();
      },
    );
    fake.settings.chunkDelayMs = 4;
    expect(must(outcome).status).toBe('stopped');
    // The server saw the request end: it stopped, saved what arrived and gave the run up.
    await vi.waitFor(async () => expect(await leaseOf(runId)).toMatchObject({ status: 'stopped', lease_id: null }), {
      timeout: 20_000,
      interval: 50,
    });
    const stoppedAt = (await providerPrompts()).length;
    const left = must(await getWorkflowRun(me.client, runId));
    expect(left.steps[0]!.status).toBe('done');
    expect(left.steps.slice(2).map((s) => s.status)).toEqual(['pending', 'pending']);
    expect((await promptsSince(since)).length).toBeLessThanOrEqual(2);

    // Nothing more was asked once the run was given up.
    expect((await providerPrompts()).length).toBe(stoppedAt);
    const resumed = await runToEnd(me.client, { action: 'continue', runId, ...target });
    expect(resumed.end.status).toBe('done');
    expect(count(await promptsSince(stoppedAt), left.steps[0]!.prompt)).toBe(0);
    expect(count(await promptsSince(since), left.steps[0]!.prompt)).toBe(1);
    expect(await used(me)).toBe(usedBefore + 1);
  });

  it('a run being worked on is not taken up twice: its heartbeat keeps its lease past the lease time, and a second request is refused', async () => {
    const stop = new AbortController();
    let runId = '';
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    // A slow first answer: longer than a lease (2 s) without renewal.
    fake.script([{ chunkDelayMs: 250 }]);
    const first = streamWorkflowRun(
      me.client,
      { action: 'start', templateId: 'blog-post', fieldValues: { topic: 'Slow' }, trigger: 'dashboard', ...target },
      stop.signal,
      (e) => {
        if (e.type === 'run') runId = e.runId;
        if (e.type === 'delta') streaming();
      },
    );
    await started;
    const firstLease = await leaseOf(runId);
    // Renewed by the heartbeat (each renewal moves the expiry on), and never expired meanwhile.
    await vi.waitFor(
      async () =>
        expect(Date.parse((await leaseOf(runId)).lease_expires_at!)).toBeGreaterThan(Date.parse(firstLease.lease_expires_at!) + 2_000),
      { timeout: 20_000, interval: 100 },
    );
    expect((await leaseOf(runId)).expired).toBe(false);
    const second = await streamWorkflowRun(
      me.client,
      { action: 'continue', runId, ...target },
      new AbortController().signal,
      () => undefined,
    );
    expect(second.error).toMatchObject({ message: WORKFLOW_RUN_TEXTS.running });
    // Nobody else's either.
    const theirs = await streamWorkflowRun(
      other.client,
      { action: 'continue', runId, ...target },
      new AbortController().signal,
      () => undefined,
    );
    expect(theirs.error).toMatchObject({ message: WORKFLOW_RUN_TEXTS.runNotFound, kind: 'not_found' });
    stop.abort();
    expect(must(await first).status).toBe('stopped');
    // Stopped before any step was done: the server gives the run up and its generation back.
    await vi.waitFor(async () => expect(await leaseOf(runId)).toMatchObject({ status: 'stopped', lease_id: null, counted: false }), {
      timeout: 20_000,
      interval: 50,
    });
    expect((await leaseOf(runId)).attempts).toBe(1);
  });

  it('a request running out of its time leaves the run to the next request, which the browser makes by itself', async () => {
    await stack.setFunctionSecrets({ WORKFLOW_WALL_CLOCK_SECONDS: '3' });
    try {
      const workflow = must(await createWorkflow(me.client, { name: 'Out of time', description: '', definition: chain }));
      const usedBefore = await used(me);
      const since = (await providerPrompts()).length;
      fake.settings.chunkDelayMs = 12;
      const { end, events } = await runToEnd(me.client, {
        action: 'start',
        workflowId: workflow.id,
        fieldValues: { topic: 'time limits' },
        trigger: 'dashboard',
        ...target,
      });
      fake.settings.chunkDelayMs = 4;
      expect(end.status).toBe('done');
      const segments = events.filter((e) => e.type === 'run');
      expect(segments.length).toBeGreaterThan(1);
      expect(events.filter((e) => e.type === 'end').map((e) => e.type === 'end' && e.status)).toEqual([
        ...Array(segments.length - 1).fill('interrupted'),
        'done',
      ]);
      // Every step done once; a call is repeated only for a step cut at a segment's hard end.
      const doneEnds = events.filter((e) => e.type === 'step-end' && e.status === 'done').map((e) => e.type === 'step-end' && e.position);
      expect(doneEnds).toEqual([0, 1, 2, 3, 4]);
      const cutSteps = events.filter((e) => e.type === 'step-end' && e.status === 'stopped').length;
      expect((await promptsSince(since)).length).toBe(chain.steps.length + cutSteps);
      const run = must(await getWorkflowRun(me.client, end.runId!));
      expect(run.steps.map((s) => s.status)).toEqual(Array(5).fill('done'));
      expect(await used(me)).toBe(usedBefore + 1);
      expect((await leaseOf(end.runId!)).attempts).toBe(segments.length);
      console.info(`[resume] out of time: ${chain.steps.length} steps in ${segments.length} requests, ${cutSteps} step(s) cut`);
    } finally {
      await stack.setFunctionSecrets({ WORKFLOW_WALL_CLOCK_SECONDS: null });
    }
  });

  it('leases are the service role’s: a signed-in user cannot take, renew or write a run', async () => {
    const run = must(await listWorkflowRuns(me.client, { templateId: 'blog-post' }))[0]!;
    const lease = randomUUID();
    const claim = await me.client.rpc('claim_workflow_run', {
      run: run.id,
      owner: me.userId,
      lease,
      seconds: 30,
      provider: 'openai',
      model: MODEL,
    });
    expect(claim.error?.code).toBe('42501');
    const write = await me.client.rpc('save_workflow_run_step', { run: run.id, lease, step: 0, changes: { output: 'forged' } });
    expect(write.error?.code).toBe('42501');
    const lease2 = await me.client.from('workflow_runs').update({ lease_id: lease }).eq('id', run.id).select('id');
    expect(lease2.error?.code).toBe('42501');
  });

  it('a segment that lost its run to another changes nothing any more', async () => {
    const run = must(await listWorkflowRuns(me.client, { templateId: 'blog-post' }))[0]!;
    const service = stack.service();
    const [zombie, successor] = [randomUUID(), randomUUID()];
    const claim = (lease: string, seconds: number) =>
      service.rpc('claim_workflow_run', { run: run.id, owner: me.userId, lease, seconds, provider: 'openai', model: MODEL });
    expect((await claim(zombie, 1)).data).toBe(true);
    // Live: nobody else takes it; the holder may renew it.
    expect((await claim(successor, 30)).data).toBe(false);
    await vi.waitFor(async () => expect((await leaseOf(run.id)).expired).toBe(true), { timeout: 10_000, interval: 100 });
    expect((await claim(successor, 30)).data).toBe(true);
    const before = must(await getWorkflowRun(me.client, run.id)).steps[0]!.output;
    const write = await service.rpc('save_workflow_run_step', { run: run.id, lease: zombie, step: 0, changes: { output: 'stale' } });
    expect(write.data).toBe(false);
    expect((await service.rpc('renew_workflow_run_lease', { run: run.id, lease: zombie, seconds: 30 })).data).toBe(false);
    expect((await service.rpc('release_workflow_run', { run: run.id, lease: zombie, outcome: 'failed', failure: 'x' })).data).toBe(false);
    expect(must(await getWorkflowRun(me.client, run.id)).steps[0]!.output).toBe(before);
    expect((await service.rpc('release_workflow_run', { run: run.id, lease: successor, outcome: 'done', failure: '' })).data).toBe(true);
    expect(await leaseOf(run.id)).toMatchObject({ status: 'done', lease_id: null });
  });
});

describe(`scheduled runs cut off (${testDbKind})`, () => {
  const scheduledChain = definition(
    step('research', 'Research [topic=pricing pages] for creators.'),
    step('angle', 'Pick an angle from:\n{{steps.research.output}}'),
    step('outline', 'Outline from:\n{{steps.angle.output}}'),
    step('draft', 'Draft a newsletter from:\n{{steps.outline.output}}'),
  );

  async function tick(on: TestStack): Promise<{ workflowId: string; runId: string | null; status: string; resumed?: true }[]> {
    const res = await fetch(`${on.url}/functions/v1/run-scheduled-workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${on.config.serviceRoleKey}`, apikey: on.config.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { ran: [] }).ran;
  }

  /** A scheduled run started by a call on a stack that is killed once `done` steps have ended. */
  async function cutScheduledRun(workflowId: string, done: number): Promise<string> {
    const doomed = await stackOn();
    fake.settings.chunkDelayMs = 15;
    // The call never answers its list (its connection is cut; on Deno the stack answers for the dead worker).
    const call = tick(doomed).then(
      (ran) => ran ?? 'cut',
      () => 'cut',
    );
    const runId = await vi.waitFor(
      async () => {
        const { rows } = await db.query<{ id: string; done: number }>(
          `select r.id, (select count(*)::int from public.workflow_run_steps s where s.run_id = r.id and s.status = 'done') as done
           from public.workflow_runs r where r.workflow_id = $1`,
          [workflowId],
        );
        expect(rows[0]?.done).toBeGreaterThanOrEqual(done);
        return rows[0]!.id;
      },
      { timeout: 20_000, interval: 20 },
    );
    await doomed.close();
    expect(await call).toBe('cut');
    fake.settings.chunkDelayMs = 4;
    await waitUntilInterrupted(runId);
    return runId;
  }

  beforeAll(async () => {
    await storeKey(me, FAKE_KEYS.openai.good);
  });

  it('the next call takes up a scheduled run cut off, where it stopped: one run, one document, one mail, done steps not asked again', async () => {
    const workflow = must(await createWorkflow(me.client, { name: 'Weekly digest', description: '', definition: scheduledChain }));
    must(await saveSchedule(me.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const usedBefore = await used(me);
    const since = (await providerPrompts()).length;
    const runId = await cutScheduledRun(workflow.id, 2);
    const left = must(await getWorkflowRun(me.client, runId));
    const saved = left.steps.filter((s) => s.status === 'done');

    const afterKill = (await providerPrompts()).length;
    // Not due any more (the killed call moved its due time on): resumed as a run left unfinished.
    expect(await tick(stack)).toEqual([{ workflowId: workflow.id, runId, status: 'done', resumed: true }]);
    const run = must(await getWorkflowRun(me.client, runId));
    expect(run.steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(run.documentId).not.toBeNull();
    expect(must(await listWorkflowRuns(me.client, { workflowId: workflow.id }))).toHaveLength(1);
    const resumeAsked = await promptsSince(afterKill);
    for (const s of saved) expect(count(resumeAsked, s.prompt)).toBe(0);
    expect(count(await promptsSince(since), run.steps[0]!.prompt)).toBe(1);
    expect(stack.mailbox.list(me.email).filter((m) => m.subject === SCHEDULE_TEXTS.mailDoneSubject('Weekly digest'))).toHaveLength(1);
    expect(await used(me)).toBe(usedBefore + 1);
    // Nothing left for the next call.
    expect(await tick(stack)).toEqual([]);
    console.info(`[resume] scheduled: killed after ${saved.length} of 4 steps; the next call asked ${resumeAsked.length}`);
  });

  it('a workflow due again while its last run is unfinished resumes that run instead of starting another', async () => {
    const workflow = must(await createWorkflow(me.client, { name: 'Hourly brief', description: '', definition: scheduledChain }));
    must(await saveSchedule(me.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const runId = await cutScheduledRun(workflow.id, 1);
    await makeDue(stack, workflow.id);
    expect(await tick(stack)).toEqual([{ workflowId: workflow.id, runId, status: 'done', resumed: true }]);
    expect(must(await listWorkflowRuns(me.client, { workflowId: workflow.id })).map((r) => [r.id, r.status])).toEqual([[runId, 'done']]);
    // The due time was taken (moved on to the next one).
    const { rows } = await db.query<{ later: boolean }>('select next_run_at > now() as later from public.workflows where id = $1', [
      workflow.id,
    ]);
    expect(rows[0]!.later).toBe(true);
  });
});
