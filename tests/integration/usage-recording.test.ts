import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { streamText } from '@/shared/ai/chat.ts';
import type { UsageRow, UsageSubject } from '@/shared/core/usage/ledger.ts';
import { priceFor } from '@/shared/core/usage/prices.ts';
import { WORKFLOW_DEFINITION_VERSION, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { generateDocument } from '@/shared/data/documents/generation.ts';
import type { Database } from '@/shared/data/database.types.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { listUsageRows, USAGE_PAGE_SIZE, usageRecorder } from '@/shared/data/usage.ts';
import { streamWorkflowRun } from '@/shared/data/workflowRuns.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { promptStep } from '../fixtures/workflows.ts';

/**
 * The usage ledger written by real calls: a document generated through generate-document writes
 * exactly one row, on the server, with the counts the strict OpenAI fake reported and the price of
 * the table; a workflow run writes one row per step's call with the step's index; a call from the
 * browser writes its row as the user, at their own price, linked to a subject saved after the
 * answer; the user reads their rows newest first, a page at a time.
 */

const MODEL = 'gpt-6.1-terra';
let stack: TestStack;
let ai: FakeProvider;
let me: Person;

beforeAll(async () => {
  ai = await startFakeProvider('openai', { chunkDelayMs: 1 });
  stack = await startTestStack({
    config: {
      functionSecrets: { AI_BASE_URLS: JSON.stringify({ openai: ai.baseURL }), PROVIDER_KEYS_SECRET: randomBytes(32).toString('base64') },
    },
  });
  me = await person(stack, 'usage-recording');
});
afterAll(async () => {
  await stack?.close();
  await ai?.close();
});
beforeEach(async () => {
  await stack.db.query('delete from public.usage_events where user_id = $1', [me.userId]);
});

const db = () => me.client as AppClient;

/** The caller's rows, oldest first, as RLS lets them read them. */
async function myRows() {
  const { data, error } = await db().from('usage_events').select('*').order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

/** What the fake counted for its last chat answer: a token per 4 characters of the messages and of the answer. */
function lastChat(since: number) {
  const chats = ai.requests.slice(since).filter((r) => r.path === '/v1/chat/completions');
  return chats.map((r) => {
    const body = r.body as { messages: { content: string }[]; stream_options?: { include_usage?: boolean } };
    return { input: Math.ceil(body.messages.map((m) => m.content).join('\n').length / 4), askedUsage: body.stream_options?.include_usage };
  });
}

describe(`usage rows from real calls (${testDbKind})`, () => {
  it('a document generated on the server writes exactly one row with the counts the provider reported', async () => {
    const since = ai.requests.length;
    const result = must(
      await generateDocument(
        db(),
        {
          prompt: 'A launch plan for a pricing course',
          templateId: 'blog_post',
          provider: 'openai',
          model: MODEL,
          apiKey: FAKE_KEYS.openai.good,
          customBaseUrl: null,
          folderId: null,
        },
        new AbortController().signal,
        () => undefined,
      ),
    );
    expect(result.documentId).toEqual(expect.any(String));
    const [sent] = lastChat(since);
    // The function asked the stream for its usage (stream_options.include_usage).
    expect(sent).toMatchObject({ askedUsage: true });
    const rows = await myRows();
    expect(rows).toHaveLength(1);
    const output = Math.ceil(result.text.length / 4);
    const price = priceFor('openai', MODEL)!;
    expect(rows[0]).toMatchObject({
      user_id: me.userId,
      feature: 'document',
      surface: 'server',
      provider: 'openai',
      model: MODEL,
      input_tokens: sent!.input,
      cached_input_tokens: 0,
      output_tokens: output,
      estimated: false,
      outcome: 'done',
      subject_kind: 'document',
      subject_id: result.documentId,
      step_index: null,
      cost_micros: Math.round((sent!.input * price.inputPerMillion + output * price.outputPerMillion) / 1_000_000),
    });
    expect(rows[0]!.price).toMatchObject({ source: 'table', sourceUrl: price.sourceKind === 'user' ? '' : price.sourceUrl });
  });

  it('a workflow run writes one row per step with its index, before the run ends', async () => {
    const definition: WorkflowDefinition = {
      version: WORKFLOW_DEFINITION_VERSION,
      provider: 'openai',
      model: MODEL,
      steps: [
        promptStep('research', 'Research pricing pages for creators.'),
        promptStep('draft', 'Draft a post from:\n{{steps.research.output}}'),
      ],
    };
    const workflow = must(await createWorkflow(me.client, { name: 'Costed', description: '', definition }));
    const since = ai.requests.length;
    const run = must(
      await streamWorkflowRun(
        me.client,
        {
          action: 'start',
          workflowId: workflow.id,
          fieldValues: {},
          trigger: 'dashboard',
          provider: 'openai',
          model: MODEL,
          apiKey: FAKE_KEYS.openai.good,
        },
        new AbortController().signal,
        () => undefined,
      ),
    );
    expect(run.status).toBe('done');
    const sent = lastChat(since);
    expect(sent).toHaveLength(2);
    // Read right after the end: the rows were written before it.
    const rows = await myRows();
    expect(rows.map((r) => [r.feature, r.surface, r.subject_kind, r.subject_id, r.step_index, r.input_tokens, r.estimated])).toEqual([
      ['workflow_step', 'server', 'workflow_run', run.runId, 0, sent[0]!.input, false],
      ['workflow_step', 'server', 'workflow_run', run.runId, 1, sent[1]!.input, false],
    ]);
  });

  it('a call from the browser writes its row as the user, at their own price, with a subject saved after the answer', async () => {
    const priced = await db()
      .from('usage_price_overrides')
      .upsert({ provider: 'openai', model: MODEL, input_per_million: 0, output_per_million: 1_000_000 });
    expect(priced.error).toBeNull();
    let belongs: (subject: UsageSubject) => void = () => undefined;
    const subject = new Promise<UsageSubject>((resolve) => (belongs = resolve));
    const recorded = new Promise<UsageRow>((resolve) => {
      void streamText({
        target: { provider: 'openai', apiKey: FAKE_KEYS.openai.good },
        model: MODEL,
        prompt: 'Write a tagline',
        settings: { baseUrls: { openai: ai.baseURL } },
        usage: usageRecorder(db(), 'panel')('run', { subject, onRecorded: resolve }),
      }).then(() => belongs({ kind: 'prompt_run', id: '00000000-0000-4000-8000-000000000001' }));
    });
    const row = await recorded;
    const rows = await myRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      feature: 'run',
      surface: 'panel',
      subject_kind: 'prompt_run',
      subject_id: '00000000-0000-4000-8000-000000000001',
      output_tokens: row.output_tokens,
      cost_micros: row.output_tokens,
      estimated: false,
    });
    expect(rows[0]!.price).toEqual({ source: 'user', model: MODEL, inputPerMillion: 0, outputPerMillion: 1_000_000 });
  });

  it("records from the extension's kind of client (a token from elsewhere, no session of its own)", async () => {
    const token = (await me.client.auth.getSession()).data.session!.access_token;
    // supabase-js's accessToken option, as the side panel's client: auth.getSession refuses there.
    const panelClient = createClient<Database>(stack.url, stack.config.anonKey, { accessToken: async () => token });
    const recorded = new Promise<UsageRow>((resolve) => {
      void streamText({
        target: { provider: 'openai', apiKey: FAKE_KEYS.openai.good },
        model: MODEL,
        prompt: 'Write a tagline',
        settings: { baseUrls: { openai: ai.baseURL } },
        usage: usageRecorder(async () => panelClient, 'panel')('chat', { onRecorded: resolve }),
      });
    });
    await recorded;
    expect((await myRows()).map((r) => [r.feature, r.surface, r.user_id])).toEqual([['chat', 'panel', me.userId]]);
  });

  it('lists the rows newest first, a page at a time, within the period', async () => {
    await stack.db.query(
      `insert into public.usage_events (user_id, feature, surface, provider, model, input_tokens, output_tokens, outcome, created_at)
       select $1, 'chat', 'dashboard', 'openai', $2, n, 0, 'done', timestamptz '2026-10-01' + n * interval '1 minute'
       from generate_series(1, ${USAGE_PAGE_SIZE + 1}) n`,
      [me.userId, MODEL],
    );
    const period = { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z' };
    const first = must(await listUsageRows(db(), period));
    expect(first.rows).toHaveLength(USAGE_PAGE_SIZE);
    expect(first.more).toBe(true);
    expect(first.rows[0]!.input_tokens).toBe(USAGE_PAGE_SIZE + 1);
    const second = must(await listUsageRows(db(), { ...period, page: 1 }));
    expect(second).toMatchObject({ more: false, rows: [expect.objectContaining({ input_tokens: 1 })] });
    expect(must(await listUsageRows(db(), { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' })).rows).toEqual([]);
  });
});
