import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { budgetVerdict } from '@/shared/core/usage/budgets.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { generateDocument } from '@/shared/data/documents/generation.ts';
import { budgetCheck, forgetBudgetStatus } from '@/shared/data/usageBudgets.ts';
import { getWorkflowRun, streamWorkflowRun } from '@/shared/data/workflowRuns.ts';
import { saveSchedule } from '@/shared/data/workflowSchedules.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { daily, digest, makeDue, scheduleStack, storeKey } from './schedule-helpers.ts';

/**
 * Budgets that stop, on the server and in the browser's check: with the owner's OpenAI budget used
 * up and set to stop, the scheduler's due run ends stopped with the budget's sentence, the provider
 * is asked nothing and the owner is mailed (the schedule stays on); a dashboard run and a document
 * are refused with the same sentence; the browser's AiUsage.check throws it. Under the budget the
 * same workflow runs.
 */

let stack: TestStack;
let ai: FakeOpenAI;
let me: Person;

beforeAll(async () => {
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  stack = await scheduleStack(ai);
  me = await person(stack, 'budgets');
  await storeKey(me, FAKE_OPENAI_GOOD_KEY);
});
afterAll(async () => {
  await stack?.close();
  await ai?.close();
});

/** $20 a month for OpenAI, stopping at 100%; this month's ledger spent `spentMicros` on it. */
async function budget(spentMicros: number, limitMicros = 20_000_000): Promise<void> {
  await stack.db.query('delete from public.usage_events where user_id = $1', [me.userId]);
  await stack.db.query('delete from public.usage_budgets where user_id = $1', [me.userId]);
  const { error } = await me.client
    .from('usage_budgets')
    .insert({ provider: 'openai', monthly_limit_micros: limitMicros, at_limit: 'stop' });
  if (error) throw new Error(error.message);
  // The owner records their own usage (as every surface does after a call).
  const recorded = await me.client.from('usage_events').insert({
    feature: 'run',
    surface: 'dashboard',
    provider: 'openai',
    model: 'gpt-6.1-terra',
    input_tokens: 1000,
    output_tokens: 1000,
    outcome: 'done',
    cost_micros: spentMicros,
  });
  if (recorded.error) throw new Error(recorded.error.message);
}

/** The sentence the budget refuses with this month. */
const sentence = async () => {
  const { data, error } = await me.client.rpc('usage_budget_status');
  if (error) throw new Error(error.message);
  const refusal = budgetVerdict(data, 'openai').refusal;
  if (!refusal) throw new Error('the budget does not stop');
  return refusal;
};

/** One call of the scheduler (the service role key). */
async function tick(): Promise<{ workflowId: string; runId: string | null; status: string }[]> {
  const res = await fetch(`${stack.url}/functions/v1/run-scheduled-workflows`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.config.serviceRoleKey}`, apikey: stack.config.anonKey, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { ran: { workflowId: string; runId: string | null; status: string }[] }).ran;
}

const chatRequests = (since: number) => ai.requests.slice(since).filter((r) => r.path.endsWith('/chat/completions'));

beforeEach(() => forgetBudgetStatus(me.client));

describe(`budgets that stop (${testDbKind})`, () => {
  it('a scheduled run over a stop budget ends stopped with the sentence: nothing sent, the owner mailed, the schedule on', async () => {
    await budget(20_000_000);
    const refusal = await sentence();
    expect(refusal).toMatch(/^Your OpenAI budget for \w+ \(\$20\.00\) is used up, so OpenAI calls are stopped until \w+ 1\./);
    const workflow = must(await createWorkflow(me.client, { name: 'Budgeted digest', description: '', definition: digest }));
    must(await saveSchedule(me.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const since = ai.requests.length;
    const mailsBefore = stack.mailbox.list(me.email).length;

    const ran = await tick();
    expect(ran).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'stopped' }]);
    expect(chatRequests(since)).toEqual([]);
    const run = must(await getWorkflowRun(me.client, ran[0]!.runId!));
    expect(run).toMatchObject({ status: 'stopped', error: refusal, trigger: 'schedule' });
    const mails = stack.mailbox.list(me.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.find((m) => m.subject === SCHEDULE_TEXTS.mailBudgetSubject('Budgeted digest'));
    expect(mail?.text).toContain(refusal);
    expect(mail?.text).toContain(`/workflows/runs/${run.id}`);
    // Not paused: the budget starts again next month.
    const { rows } = await stack.db.query<{ paused: string | null; next: Date | null }>(
      'select schedule_paused_reason as paused, next_run_at as next from public.workflows where id = $1',
      [workflow.id],
    );
    expect(rows[0]!.paused).toBeNull();
    expect(rows[0]!.next!.getTime()).toBeGreaterThan(Date.now());

    // Under the budget (raised to $25: 80%), the same workflow runs when it is due again.
    await budget(20_000_000, 25_000_000);
    await makeDue(stack, workflow.id);
    const again = await tick();
    expect(again[0]?.runId && must(await getWorkflowRun(me.client, again[0].runId)).error).toBeNull();
    expect(again).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'done' }]);
    expect(chatRequests(since)).toHaveLength(2);
  });

  it('a budget used up during a scheduled run stops its next step before it is sent: the run ends stopped, mailed', async () => {
    // One micro-dollar left: the first step's recorded cost uses it up.
    await budget(19_999_999);
    const priced = { ...digest, model: 'gpt-6.1-terra' };
    const workflow = must(await createWorkflow(me.client, { name: 'Mid-run digest', description: '', definition: priced }));
    must(await saveSchedule(me.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const since = ai.requests.length;
    const ran = await tick();
    expect(ran).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'stopped' }]);
    expect(chatRequests(since)).toHaveLength(1);
    const refusal = await sentence();
    const run = must(await getWorkflowRun(me.client, ran[0]!.runId!));
    expect(run).toMatchObject({ status: 'stopped', error: refusal });
    expect(run.steps.map((s) => [s.name, s.status])).toEqual([
      ['research', 'done'],
      ['draft', 'failed'],
    ]);
    const mail = stack.mailbox.list(me.email).filter((m) => m.subject === SCHEDULE_TEXTS.mailBudgetSubject('Mid-run digest'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(refusal);
  });

  it('without a mailer, the stopped run’s mail is recorded as unsent (with its subject) instead', async () => {
    await budget(20_000_000);
    const workflow = must(await createWorkflow(me.client, { name: 'Unmailed digest', description: '', definition: digest }));
    must(await saveSchedule(me.client, workflow, daily));
    await makeDue(stack, workflow.id);
    const mailsBefore = stack.mailbox.list(me.email).length;
    await stack.setFunctionSecrets({ RESEND_API_KEY: '' });
    try {
      expect(await tick()).toEqual([{ workflowId: workflow.id, runId: expect.any(String), status: 'stopped' }]);
    } finally {
      await stack.setFunctionSecrets({ RESEND_API_KEY: null });
    }
    expect(stack.mailbox.list(me.email)).toHaveLength(mailsBefore);
    const { rows } = await stack.db.query<{ detail: Record<string, unknown> }>(
      `select detail from public.monitoring_events where kind = 'mail_unsent' and detail ->> 'to' = $1 order by id`,
      [me.email],
    );
    expect(rows.map((r) => r.detail)).toEqual([
      { mail: 'schedule_result', reason: 'no_mailer', to: me.email, subject: SCHEDULE_TEXTS.mailBudgetSubject('Unmailed digest') },
    ]);
  });

  it('a dashboard run and a document over the budget are refused with the sentence before anything is sent', async () => {
    await budget(21_000_000);
    const refusal = await sentence();
    const workflow = must(await createWorkflow(me.client, { name: 'Interactive', description: '', definition: digest }));
    const since = ai.requests.length;
    const started = await streamWorkflowRun(
      me.client,
      { action: 'start', workflowId: workflow.id, fieldValues: {}, trigger: 'dashboard', provider: 'openai', model: 'gpt-4o-mini' },
      new AbortController().signal,
      () => undefined,
    );
    expect(started.error).toMatchObject({ message: refusal });
    const document = await generateDocument(
      me.client,
      {
        prompt: 'A launch plan',
        templateId: 'blog_post',
        provider: 'openai',
        model: 'gpt-4o-mini',
        apiKey: FAKE_OPENAI_GOOD_KEY,
        customBaseUrl: null,
        folderId: null,
      },
      new AbortController().signal,
      () => undefined,
    );
    expect(document.error).toMatchObject({ message: refusal, aiKind: 'budget', title: 'Budget Used Up' });
    expect(chatRequests(since)).toEqual([]);
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.workflow_runs where workflow_id = $1', [
      workflow.id,
    ]);
    expect(rows[0]!.n).toBe(0);
  });

  it("the browser's check refuses the budget's provider with the sentence, not another one, and reads again once forgotten", async () => {
    await budget(20_000_000);
    const check = budgetCheck(me.client);
    const refusal = await sentence();
    await expect(check('openai', 'gpt-6.1-terra')).rejects.toMatchObject({ kind: 'budget', message: refusal });
    await expect(check('anthropic', 'claude-sonnet-5-5')).resolves.toBeUndefined();
    await budget(1_000_000);
    // Still the cached states until a recorded call forgets them.
    await expect(check('openai', 'gpt-6.1-terra')).rejects.toMatchObject({ kind: 'budget' });
    forgetBudgetStatus(me.client);
    await expect(check('openai', 'gpt-6.1-terra')).resolves.toBeUndefined();
  });
});
