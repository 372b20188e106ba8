import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_TEXTS } from '@/shared/ai/aiErrors.ts';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import * as kb from '@/shared/data/knowledge.ts';
import { getWorkflowRun, listWorkflowRuns } from '@/shared/data/workflowRuns.ts';
import { clearSchedule, saveSchedule } from '@/shared/data/workflowSchedules.ts';
import { createWorkflow, getWorkflow, type SavedWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { promptStep as step } from '../fixtures/workflows.ts';
import { daily, definition, digest, makeDue as makeDueIn, scheduleStack, storeKey } from './schedule-helpers.ts';

/**
 * Scheduled workflow runs end to end: the owner saves a schedule, the run-scheduled-workflows
 * Edge Function (called as the scheduler calls it) runs what is due with the owner's stored,
 * encrypted key against the fake provider, saves the result as a document, mails the owner
 * (the stack's mailbox), and pauses the schedule when the key stops working.
 */

let stack: TestStack;
let ai: FakeOpenAI;
let me: Person;
let other: Person;

/** A saved, scheduled workflow made due now. */
async function dueWorkflow(who: Person, name: string, def: WorkflowDefinition = digest): Promise<SavedWorkflow> {
  const workflow = must(await createWorkflow(who.client, { name, description: '', definition: def }));
  must(await saveSchedule(who.client, workflow, daily));
  await makeDue(workflow.id);
  return workflow;
}

const makeDue = (id: string) => makeDueIn(stack, id);

interface Ran {
  workflowId: string;
  runId: string | null;
  status: string;
}

/** One call of the function, as the scheduler makes it (the service role key). */
async function tick(token = stack.config.serviceRoleKey): Promise<{ status: number; ran: Ran[] }> {
  const res = await fetch(`${stack.url}/functions/v1/run-scheduled-workflows`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: stack.config.anonKey, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { ran?: Ran[] };
  return { status: res.status, ran: body.ran ?? [] };
}

const mails = (who: Person) => stack.mailbox.list(who.email);
const runsOf = async (workflowId: string) => must(await listWorkflowRuns(me.client, { workflowId }));

beforeAll(async () => {
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  stack = await scheduleStack(ai);
  [me, other] = [await person(stack, 'schedules'), await person(stack, 'schedules-other')];
  await storeKey(me, FAKE_OPENAI_GOOD_KEY);
});
afterAll(async () => {
  await stack?.close();
  await ai?.close();
});

describe(`scheduled workflow runs (${testDbKind})`, () => {
  it('runs a due schedule with the stored key: every step, a document, a mail, and the next due time', async () => {
    const workflow = await dueWorkflow(me, 'Daily digest');
    const mailsBefore = mails(me).length;
    const { status, ran } = await tick();
    expect(status).toBe(200);
    expect(ran).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'done' }]);

    const run = must(await getWorkflowRun(me.client, ran[0]!.runId!));
    expect(run.trigger).toBe('schedule');
    expect(run.status).toBe('done');
    expect(run.steps.map((s) => [s.name, s.status])).toEqual([
      ['research', 'done'],
      ['draft', 'done'],
    ]);
    // The field took its default; each step's output is kept.
    expect(run.steps[0]!.prompt).toBe('Research pricing pages for creators.');
    expect(run.steps[0]!.output).toContain('## Draft: Research pricing pages for creators.');
    expect(run.steps[1]!.output).toContain('## Draft: Draft a newsletter from:');

    const { rows: documents } = await stack.db.query<{ name: string; content: string; user_id: string }>(
      'select name, content, user_id from public.generated_documents where id = $1',
      [run.documentId],
    );
    expect(documents[0]).toMatchObject({ content: run.steps[1]!.output, user_id: me.userId });
    expect(documents[0]!.name).toMatch(/^Daily digest — \d{4}-\d{2}-\d{2}$/);

    const mail = mails(me)[0]!;
    expect(mails(me)).toHaveLength(mailsBefore + 1);
    expect(mail.subject).toBe(SCHEDULE_TEXTS.mailDoneSubject('Daily digest'));
    expect(mail.text).toContain(`/workflows/runs/${run.id}`);
    expect(mail.text).toContain(documents[0]!.name);
    expect(mail.text).toContain('## Draft: Draft a newsletter from:');

    // Moved on to the next 09:00 in Paris, in the future; a second call runs nothing.
    const saved = must(await getWorkflow(me.client, workflow.id));
    expect(new Date(saved.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    expect(['07:00', '08:00']).toContain(saved.nextRunAt!.slice(11, 16));
    expect((await tick()).ran).toEqual([]);
    expect(await runsOf(workflow.id)).toHaveLength(1);
  });

  it('searches only the owner’s knowledge base for a scheduled step', async () => {
    must(
      await kb.addKbDocument(me.client, { name: 'Pricing', type: 'text', content: 'Our Pro plan costs $29 per month.', folderId: null }),
    );
    must(
      await kb.addKbDocument(other.client, {
        name: 'Secret',
        type: 'text',
        content: 'The Pro plan secretly costs $99 per month.',
        folderId: null,
      }),
    );
    const grounded = definition(step('answer', 'What does the Pro plan cost per month?', { knowledge: { kind: 'all' } }));
    const workflow = await dueWorkflow(me, 'Grounded', grounded);
    const since = ai.requests.length;
    const { ran } = await tick();
    expect(ran.map((r) => [r.workflowId, r.status])).toEqual([[workflow.id, 'done']]);
    const sent = JSON.stringify(ai.requests.slice(since).map((r) => r.body));
    expect(sent).toContain('$29 per month');
    expect(sent).not.toContain('$99');
    const run = must(await getWorkflowRun(me.client, ran[0]!.runId!));
    expect(run.steps[0]!.passages.map((p) => p.documentName)).toEqual(['Pricing']);
  });

  it('a provider failing mid-run: the run is stored failed with its error, the owner is mailed, the schedule stays on', async () => {
    const workflow = await dueWorkflow(me, 'Flaky');
    // The second step's provider answers 500 at the first call and both retries.
    ai.script([{}, { status: 500 }, { status: 500 }, { status: 500 }]);
    const { ran } = await tick();
    expect(ran).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'failed' }]);
    const run = must(await getWorkflowRun(me.client, ran[0]!.runId!));
    expect(run.status).toBe('failed');
    expect(run.error).toContain('The AI service returned an error');
    expect(run.steps.map((s) => s.status)).toEqual(['done', 'failed']);
    expect(run.documentId).toBeNull();
    expect(mails(me)[0]!.subject).toBe(SCHEDULE_TEXTS.mailFailedSubject('Flaky'));
    expect(mails(me)[0]!.text).toContain(run.error!);
    expect(must(await getWorkflow(me.client, workflow.id)).schedulePausedReason).toBeNull();
  });

  it('a key the provider refuses (401): failed run with its error, schedule paused with the reason, a mail; saving again resumes', async () => {
    const workflow = await dueWorkflow(me, 'Revoked key');
    ai.script([{ status: 401 }]);
    const { ran } = await tick();
    expect(ran).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'paused' }]);
    const run = must(await getWorkflowRun(me.client, ran[0]!.runId!));
    expect(run.status).toBe('failed');
    expect(run.error).toBe(AI_TEXTS.auth('openai'));
    expect(run.steps[0]!.status).toBe('failed');

    const paused = must(await getWorkflow(me.client, workflow.id));
    expect(paused.schedulePausedReason).toBe(SCHEDULE_TEXTS.pausedBadKey('OpenAI'));
    const mail = mails(me)[0]!;
    expect(mail.subject).toBe(SCHEDULE_TEXTS.mailPausedSubject('Revoked key'));
    expect(mail.text).toContain(SCHEDULE_TEXTS.pausedBadKey('OpenAI'));

    // Paused: even when due, it is not run.
    await makeDue(workflow.id);
    expect((await tick()).ran).toEqual([]);
    // Saving the schedule again resumes it.
    const resumed = must(await saveSchedule(me.client, workflow, daily));
    expect(resumed.schedulePausedReason).toBeNull();
    expect(new Date(resumed.nextRunAt!).getTime()).toBeGreaterThan(Date.now());
    must(await clearSchedule(me.client, workflow));
  });

  it('no stored key: a failed run saying so, the schedule paused, a mail', async () => {
    const owner = await person(stack, 'schedules-nokey');
    const workflow = await dueWorkflow(owner, 'No key');
    const { ran } = await tick();
    expect(ran).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'paused' }]);
    const run = must(await getWorkflowRun(owner.client, ran[0]!.runId!));
    expect([run.status, run.trigger, run.error]).toEqual(['failed', 'schedule', SCHEDULE_TEXTS.pausedNoKey('OpenAI')]);
    expect(must(await getWorkflow(owner.client, workflow.id)).schedulePausedReason).toBe(SCHEDULE_TEXTS.pausedNoKey('OpenAI'));
    expect(stack.mailbox.list(owner.email)[0]!.subject).toBe(SCHEDULE_TEXTS.mailPausedSubject('No key'));
  });

  it('does not run a schedule that is not due yet', async () => {
    const workflow = must(await createWorkflow(me.client, { name: 'Later', description: '', definition: digest }));
    must(await saveSchedule(me.client, workflow, daily));
    const since = ai.requests.length;
    expect((await tick()).ran).toEqual([]);
    expect(await runsOf(workflow.id)).toEqual([]);
    expect(ai.requests.length).toBe(since);
    must(await clearSchedule(me.client, workflow));
  });

  it('two calls at once run each due workflow once', async () => {
    const workflows = [await dueWorkflow(me, 'Race 1'), await dueWorkflow(me, 'Race 2'), await dueWorkflow(me, 'Race 3')];
    const [a, b] = await Promise.all([tick(), tick()]);
    const ran = [...a.ran, ...b.ran].map((r) => r.workflowId).sort();
    expect(ran).toEqual(workflows.map((w) => w.id).sort());
    for (const w of workflows) expect(await runsOf(w.id)).toHaveLength(1);
  });

  it('only the service role may call the function', async () => {
    const workflow = await dueWorkflow(me, 'Guarded');
    const session = (await me.client.auth.getSession()).data.session!;
    expect((await tick(stack.config.anonKey)).status).toBe(403);
    expect((await tick(session.access_token)).status).toBe(403);
    // No JWT at all: the gateway refuses before the function runs (verify_jwt), as hosted.
    expect((await tick('')).status).toBe(401);
    expect(await runsOf(workflow.id)).toEqual([]);
    await tick();
  });

  it('saveSchedule refuses a workflow that reads the page or asks a field without a default, and keeps it unscheduled', async () => {
    const page = must(
      await createWorkflow(me.client, {
        name: 'Page',
        description: '',
        definition: definition(step('sum', 'Summarise {{page}} for [audience=founders]')),
      }),
    );
    const refused = await saveSchedule(me.client, page, daily);
    expect(refused.error).toMatchObject({ kind: 'invalid', message: SCHEDULE_TEXTS.usesPageVariables(['page']) });
    expect(must(await getWorkflow(me.client, page.id)).schedule).toBeNull();

    const asking = must(
      await createWorkflow(me.client, { name: 'Ask', description: '', definition: definition(step('a', 'Write about [audience]')) }),
    );
    expect((await saveSchedule(me.client, asking, daily)).error?.message).toBe(SCHEDULE_TEXTS.requiredFields(['Audience']));
    expect((await saveSchedule(me.client, asking, { ...daily, timeZone: 'Mars/Olympus' })).error?.message).toBe(SCHEDULE_TEXTS.badTimeZone);
    // Someone else's workflow is not found.
    expect((await saveSchedule(other.client, page, daily)).error?.kind).toBe('not_found');
  });

  it('a workflow edited to read the page after it was scheduled is paused with the reason, not run', async () => {
    const workflow = await dueWorkflow(me, 'Edited');
    await stack.db.query('update public.workflows set definition = $2 where id = $1', [
      workflow.id,
      JSON.stringify(definition(step('sum', 'Summarise {{selection}}'))),
    ]);
    const { ran } = await tick();
    expect(ran.map((r) => [r.workflowId, r.status])).toEqual([[workflow.id, 'paused']]);
    expect(must(await getWorkflow(me.client, workflow.id)).schedulePausedReason).toBe(
      SCHEDULE_TEXTS.pausedBlocked(SCHEDULE_TEXTS.usesPageVariables(['selection'])),
    );
  });

  it('the owner’s knowledge search for the service role is the service role’s alone', async () => {
    const session = (await other.client.auth.getSession()).data.session!;
    const asOther = await other.client.rpc('match_knowledge_as', { owner: me.userId, query: 'Pro plan' });
    expect(asOther.status).toBe(403);
    expect(asOther.error).toMatchObject({ code: '42501', message: 'permission denied for function match_knowledge_as' });
    expect(session.user.id).toBe(other.userId);
    const asService = await stack.service().rpc('match_knowledge_as', { owner: other.userId, query: 'Pro plan cost' });
    expect(asService.data?.map((r) => r.document_name)).toEqual(['Secret']);
  });
});
