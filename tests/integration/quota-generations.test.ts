import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONTHLY_GENERATION_LIMIT, QUOTA_TEXTS } from '@/shared/core/quota.ts';
import type { GenerationRequest } from '@/shared/core/documents/documents.ts';
import { generateDocument, type GenerationFailure } from '@/shared/data/documents/generation.ts';
import { GENERATION_LIMIT_CODE, getQuota, reserveGeneration } from '@/shared/data/quota.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * The monthly generation quota, counted by the database (migrations 20261123001000, 20261125000400)
 * and settled only by the server: generations run through the generate-document Edge Function with
 * the user's key against the fake provider.
 */

let stack: TestStack;
let ai: FakeOpenAI;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  ai = await startFakeOpenAI({ chunkDelayMs: 1 });
  stack = await startTestStack({
    config: { functionSecrets: { PROVIDER_KEYS_SECRET: 'quota-tests-secret', AI_BASE_URLS: JSON.stringify({ openai: `${ai.url}/v1` }) } },
  });
  [me, other, viewer] = [
    await person(stack, 'quota'),
    await person(stack, 'quota-other'),
    await person(stack, 'quota-viewer', 'view_only'),
  ];
});
afterAll(async () => {
  await stack?.close();
  await ai?.close();
});

const request = (prompt = 'A launch plan for a course'): GenerationRequest => ({
  prompt,
  templateId: 'blog_post',
  provider: 'openai',
  model: 'gpt-4o-mini',
  apiKey: FAKE_OPENAI_GOOD_KEY,
  customBaseUrl: null,
  folderId: null,
});

/** One generation through the function; 'limit' when refused at the limit, `{ failed }` when it failed. */
async function generate(who: Person, prompt?: string, signal = new AbortController().signal) {
  const outcome = await generateDocument(who.client, request(prompt), signal, () => undefined);
  if (!outcome.error) return outcome.data;
  if (outcome.error.code === GENERATION_LIMIT_CODE) return 'limit' as const;
  return { failed: outcome.error };
}
const failureOf = (outcome: Awaited<ReturnType<typeof generate>>): GenerationFailure | null =>
  typeof outcome === 'object' && 'failed' in outcome ? outcome.failed : null;

const documentsOf = async (who: Person) =>
  (
    await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.generated_documents where user_id = $1 and template_id is not null',
      [who.userId],
    )
  ).rows[0]!.n;

const THIS_MONTH = "date_trunc('month', now() at time zone 'utc')::date";
const LAST_MONTH = `(${THIS_MONTH} - interval '1 month')::date`;

/** Puts the counter at `count` for this month (or `month`), with no reservations. */
async function seed(who: Person, count: number, month = THIS_MONTH) {
  await stack.db.query('delete from public.generation_reservations where user_id = $1', [who.userId]);
  await stack.db.query(
    `insert into public.user_generation_counts (user_id, generation_count, current_month) values ($1, $2, ${month})
     on conflict (user_id) do update set generation_count = excluded.generation_count, current_month = excluded.current_month`,
    [who.userId, count],
  );
}
const stored = async (who: Person) =>
  (
    await stack.db.query<{ generation_count: number; reservations: number }>(
      'select generation_count, (select count(*)::int from public.generation_reservations r where r.user_id = c.user_id) as reservations from public.user_generation_counts c where user_id = $1',
      [who.userId],
    )
  ).rows[0];

beforeEach(async () => seed(me, 0));

describe(`monthly generation quota (${testDbKind})`, () => {
  it('starts at 0 / 50 for a new account', async () => {
    expect(must(await getQuota(other.client))).toMatchObject({ used: 0, limit: MONTHLY_GENERATION_LIMIT, remaining: 50 });
  });

  it('at 45 of 50, exactly 5 of 100 concurrent reservations get a slot and 95 are refused', async () => {
    await seed(me, 45);
    const results = await Promise.all(Array.from({ length: 100 }, () => reserveGeneration(me.client)));
    const granted = results.filter((r) => !r.error);
    const refused = results.filter((r) => r.error);
    expect(granted).toHaveLength(5);
    expect(refused).toHaveLength(95);
    for (const r of refused) expect(r.error).toEqual({ message: QUOTA_TEXTS.limitTitle, code: GENERATION_LIMIT_CODE, kind: 'limit' });
    expect(must(await getQuota(me.client))).toMatchObject({ used: 50, remaining: 0 });
    expect(await stored(me)).toEqual({ generation_count: 45, reservations: 5 });
  });

  it('at 45 of 50, 100 parallel generations through the server give exactly 5 documents, whatever the client sends', async () => {
    await seed(me, 45);
    const before = await documentsOf(me);
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => generate(me, `Plan number ${i}`)));
    const done = outcomes.filter((o) => typeof o === 'object' && 'documentId' in o && o.documentId);
    expect(done).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'limit')).toHaveLength(95);
    expect((await documentsOf(me)) - before).toBe(5);
    expect(await stored(me)).toEqual({ generation_count: 50, reservations: 0 });
    expect((await generate(me)) === 'limit').toBe(true);
  });

  it('the client cannot settle a slot: confirming and refunding are the server’s, and documents in a template’s structure come only from it', async () => {
    await seed(me, 49);
    expect((await me.client.rpc('refund_generation', { reservation: '00000000-0000-0000-0000-000000000000' })).error?.code).toBe(
      'PGRST202',
    );
    expect((await me.client.rpc('confirm_generation', { reservation: '00000000-0000-0000-0000-000000000000' })).error?.code).toBe(
      'PGRST202',
    );
    const slot = must(await reserveGeneration(me.client));
    expect((await me.client.rpc('cancel_generation', { owner: me.userId, reservation: slot.reservationId })).error?.code).toBe('42501');
    expect(
      (
        await me.client.rpc('finish_generation', {
          owner: me.userId,
          reservation: slot.reservationId,
          doc_name: 'x',
          doc_content: 'x',
          doc_template: 'blog_post',
        })
      ).error?.code,
    ).toBe('42501');
    // A document with a template, inserted over the API: refused, at the limit or not.
    const forged = await me.client.from('generated_documents').insert({ name: 'Forged', content: '# Plan', template_id: 'blog_post' });
    expect(forged.error?.code).toBe('42501');
    // A plain document saved by hand (a stopped run's text) is fine and not counted.
    expect((await me.client.from('generated_documents').insert({ name: 'Notes', content: 'by hand' })).error).toBeNull();
    // Nor can a template be put on a document afterwards.
    const { data: plain } = await me.client.from('generated_documents').select('id').eq('name', 'Notes').single();
    expect((await me.client.from('generated_documents').update({ template_id: 'blog_post' }).eq('id', plain!.id)).error?.code).toBe(
      '42501',
    );
    expect(await stored(me)).toEqual({ generation_count: 49, reservations: 1 });
  });

  it('counts a generation only when the provider finished: a provider error or a stop gives the slot back', async () => {
    await seed(me, 48);
    const failed = await generate(me, 'Please fail [[fake:500]]');
    expect(failureOf(failed)).not.toBeNull();
    expect(failureOf(failed)?.quota).toMatchObject({ used: 48 });
    // Stopped by the user (the request aborted mid-stream): nothing counted, nothing saved.
    const stop = new AbortController();
    const stopped = generateDocument(me.client, request('Write slowly [[fake:slow]]'), stop.signal, (text) => {
      if (text.length > 10) stop.abort();
    });
    expect((await stopped).data).toMatchObject({ stopped: true, documentId: null });
    await expect.poll(async () => (await stored(me))?.reservations, { timeout: 10_000 }).toBe(0);
    const done = await generate(me);
    expect(done).toMatchObject({ stopped: false, quota: { used: 49 } });
    const saved = await stack.db.query<{ name: string; content: string; template_id: string }>(
      'select name, content, template_id from public.generated_documents where id = $1',
      [(done as { documentId: string }).documentId],
    );
    expect(saved.rows[0]).toMatchObject({ template_id: 'blog_post' });
    expect(saved.rows[0]!.content.length).toBeGreaterThan(20);
    await generate(me);
    expect(await generate(me)).toBe('limit');
    expect(await stored(me)).toEqual({ generation_count: 50, reservations: 0 });
  });

  it('starts again from 0 when the month changes', async () => {
    await seed(me, 50, LAST_MONTH);
    expect(must(await getQuota(me.client))).toMatchObject({ used: 0, remaining: 50 });
    expect(await generate(me)).toMatchObject({ stopped: false });
    const { rows } = await stack.db.query<{ generation_count: number; fresh: boolean }>(
      `select generation_count, current_month = ${THIS_MONTH} as fresh from public.user_generation_counts where user_id = $1`,
      [me.userId],
    );
    expect(rows[0]).toEqual({ generation_count: 1, fresh: true });
  });

  it('lets an abandoned reservation lapse so its slot comes back', async () => {
    await seed(me, 49);
    must(await reserveGeneration(me.client));
    expect((await reserveGeneration(me.client)).error?.code).toBe(GENERATION_LIMIT_CODE);
    await stack.db.query("update public.generation_reservations set expires_at = now() - interval '1 second' where user_id = $1", [
      me.userId,
    ]);
    expect(must(await getQuota(me.client))).toMatchObject({ used: 49 });
    expect((await reserveGeneration(me.client)).error).toBeNull();
  });

  it('cannot be reset or spent on someone else’s behalf from the browser', async () => {
    await seed(me, 50);
    const update = await me.client.from('user_generation_counts').update({ generation_count: 0 }).eq('user_id', me.userId).select();
    expect(update.data).toEqual([]);
    expect((await me.client.from('generation_reservations').delete().eq('user_id', me.userId).select()).data).toEqual([]);
    expect((await me.client.from('user_generation_counts').upsert({ user_id: me.userId, generation_count: 0 }).select()).error?.code).toBe(
      '42501',
    );
    // Signed out, nothing is counted.
    const anon = await stack.anon().rpc('consume_generation');
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'permission denied for function consume_generation' });
  });

  it('refuses a view_only account before anything is reserved or run (view_only cannot modify)', async () => {
    const refused = await reserveGeneration(viewer.client);
    expect(refused.error).toEqual({ message: 'View-only accounts cannot generate documents.', code: '42501', kind: 'refused' });
    const before = ai.requests.length;
    const generation = await generate(viewer);
    expect(failureOf(generation)).not.toBeNull();
    expect(failureOf(generation)?.message).toBe('View-only accounts cannot generate documents.');
    expect(ai.requests.length).toBe(before);
    // Nothing was written for the account; it still reads its counter.
    expect(await stored(viewer)).toBeUndefined();
    expect(must(await getQuota(viewer.client))).toMatchObject({ used: 0, remaining: 50 });
    // Promoted to editor, the same account generates.
    await stack.db.query("update public.profiles set role = 'editor' where id = $1", [viewer.userId]);
    expect((await reserveGeneration(viewer.client)).error).toBeNull();
    await stack.db.query("update public.profiles set role = 'view_only' where id = $1", [viewer.userId]);
  });
});
