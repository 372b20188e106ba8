import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedTexts } from '@/shared/ai/embeddings.ts';
import { hybridScores } from '@/shared/core/knowledge/hybridRank.ts';
import * as kb from '@/shared/data/knowledge.ts';
import { embedKnowledge, passagesToEmbed, storeEmbeddings } from '@/shared/data/knowledgeEmbeddings.ts';
import { searchKnowledge } from '@/shared/data/knowledgeSearch.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { usageLog } from '../helpers/usage.ts';

/** Passage embeddings and the hybrid re-rank (migration 20261126000400), through the fake provider's /v1/embeddings. */

let stack: TestStack;
let fake: FakeOpenAI;
let me: Person;
let other: Person;
const MODEL = 'text-embedding-3-small';

beforeAll(async () => {
  [stack, fake] = await Promise.all([startTestStack(), startFakeOpenAI()]);
  [me, other] = [await person(stack, 'kb-embed'), await person(stack, 'kb-embed-other')];
});
afterAll(async () => Promise.all([stack?.close(), fake?.close()]));

const embed = (texts: string[]) =>
  embedTexts({
    target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
    model: MODEL,
    texts,
    settings: { baseUrls: { openai: fake.baseURL } },
    usage: usageLog('embeddings'),
  });

const add = async (who: Person, name: string, content: string, folderId: string | null = null) =>
  must(await kb.addKbDocument(who.client, { name, type: 'text', content, folderId }));

const stored = async (documentId: string) =>
  (
    await stack.db.query<{ id: string; model: string | null; dims: number | null; norm: number | null }>(
      `select id, embedding_model as model, cardinality(embedding) as dims,
              (select sqrt(sum(x * x)) from unnest(embedding) x) as norm
       from public.kb_chunks where document_id = $1 order by position`,
      [documentId],
    )
  ).rows;

describe(`knowledge embeddings (${testDbKind})`, () => {
  it('embeds a document’s passages through the real SDK, stores them at unit length, and drops them when its text changes', async () => {
    const doc = await add(
      me,
      'Refund policy',
      `Every purchase can be refunded within 30 days.\n\n${'Our support team answers within a day. '.repeat(40)}`,
    );
    expect(must(await passagesToEmbed(me.client, MODEL, { documentId: doc.id })).length).toBe((await stored(doc.id)).length);
    expect(must(await embedKnowledge(me.client, MODEL, embed, { documentId: doc.id }))).toBe((await stored(doc.id)).length);
    const rows = await stored(doc.id);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row).toMatchObject({ model: MODEL, dims: 512 });
      expect(Number(row.norm)).toBeCloseTo(1, 4);
    }
    // The SDK asked for floats at 512 dimensions, the passages in one batch.
    const sent = fake.requests.filter((r) => r.path === '/v1/embeddings').at(-1)!.body!;
    expect(sent).toMatchObject({ model: MODEL, encoding_format: 'float', dimensions: 512 });
    expect((sent.input as string[])[0]).toMatch(/^Refund policy\n\nEvery purchase/);
    expect(must(await passagesToEmbed(me.client, MODEL, { documentId: doc.id }))).toEqual([]);
    // Another model's passages are still to embed.
    expect(must(await passagesToEmbed(me.client, 'nomic-embed-text', { documentId: doc.id }))).toHaveLength(rows.length);

    // A move to a folder keeps them; new text or a new name drops them.
    const folder = must(await kb.createKbFolder(me.client, 'Policies'))!;
    await me.client.from('kb_documents').update({ folder_id: folder.id }).eq('id', doc.id);
    expect((await stored(doc.id)).map((r) => [r.id, r.model])).toEqual(rows.map((r) => [r.id, MODEL]));
    await me.client.from('kb_documents').update({ name: 'Refunds' }).eq('id', doc.id);
    expect((await stored(doc.id)).every((r) => r.model === null && r.dims === null)).toBe(true);
    must(await embedKnowledge(me.client, MODEL, embed, { documentId: doc.id }));
    await me.client.from('kb_documents').update({ content: 'Refunds within 14 days only.' }).eq('id', doc.id);
    expect(await stored(doc.id)).toEqual([expect.objectContaining({ model: null, dims: null })]);
  });

  it('re-ranks the full-text candidates by meaning with an embedding, as hybridRank.ts computes, and by full text without', async () => {
    const a = await add(me, 'Plan notes A', 'The plan for the spring campaign.');
    const b = await add(me, 'Plan notes B', 'The plan for the autumn campaign.');
    const [chunkA] = await stored(a.id);
    const [chunkB] = await stored(b.id);
    must(
      await storeEmbeddings(me.client, 'toy', [
        { chunkId: chunkA!.id, embedding: [3, 0, 0] },
        { chunkId: chunkB!.id, embedding: [0, 2, 0] },
      ]),
    );
    const names = async (vector: number[] | null, model = 'toy') =>
      must(await searchKnowledge(me.client, 'plan notes', { embedding: vector ? { model, vector } : null })).map((p) => p.documentName);
    const plain = await names(null);
    expect(plain.slice(0, 2).sort()).toEqual(['Plan notes A', 'Plan notes B']);
    expect((await names([0, 1, 0])).slice(0, 2)).toEqual(['Plan notes B', 'Plan notes A']);
    expect((await names([1, 0.1, 0])).slice(0, 2)).toEqual(['Plan notes A', 'Plan notes B']);
    // Another model's question vector is not compared: the full-text order stands.
    expect(await names([0, 1, 0], 'other-model')).toEqual(plain);

    // The scores are hybridRank.ts's blend of the normalised text rank and the cosine.
    const ranked = must(await searchKnowledge(me.client, 'plan notes', { embedding: { model: 'toy', vector: [0, 1, 0] } }));
    const textRanks = must(await searchKnowledge(me.client, 'plan notes', { count: 50 }));
    const best = Math.max(...textRanks.map((p) => p.rank));
    const candidates = ranked.map((p) => ({
      textRank: textRanks.find((t) => t.chunkId === p.chunkId)!.rank,
      embedding: p.chunkId === chunkA!.id ? [1, 0, 0] : p.chunkId === chunkB!.id ? [0, 1, 0] : null,
    }));
    const expected = hybridScores([...candidates, { textRank: best, embedding: null }], [0, 1, 0]).slice(0, -1);
    ranked.forEach((p, i) => expect(p.rank).toBeCloseTo(expected[i]!, 5));
  });

  it('answers without an embedding exactly as the full-text ranking did before embeddings', async () => {
    await add(me, 'Pricing', 'The Pro plan costs $29 per month and includes unlimited prompts. The Team plan costs $79.');
    await add(me, 'Brand voice', 'We write in a warm, direct voice. Avoid jargon and exclamation marks.');
    for (const question of ['How much does the Pro plan cost?', 'what tone should our copy have? jargon', 'refund within days', 'zebra']) {
      const { rows } = await stack.db.query<{ id: string; rank: number }>(
        `with question as (select nullif(replace(websearch_to_tsquery('english', $2)::text, ' & ', ' | '), '') as terms)
         select c.id, ts_rank_cd(c.tsv, to_tsquery('english', question.terms), 1) as rank
         from public.kb_chunks c, question
         where c.user_id = $1 and question.terms is not null and c.tsv @@ to_tsquery('english', question.terms)
         order by rank desc, c.document_id, c.position limit 5`,
        [me.userId, question],
      );
      const found = must(await searchKnowledge(me.client, question));
      expect(found.map((p) => [p.chunkId, p.rank])).toEqual(rows.map((r) => [r.id, r.rank]));
    }
  });

  it("never lets anyone read or write another user's embeddings", async () => {
    const doc = await add(me, 'Secret roadmap', 'Codename Heron ships in May.');
    must(await embedKnowledge(me.client, MODEL, embed, { documentId: doc.id }));
    const [chunk] = await stored(doc.id);
    expect((await other.client.from('kb_chunks').select('embedding').eq('id', chunk!.id)).data).toEqual([]);
    expect(must(await passagesToEmbed(other.client, MODEL))).toEqual([]);
    // Through the function: the other user's call skips the passage (RLS), nothing changes.
    expect(must(await storeEmbeddings(other.client, 'forged', [{ chunkId: chunk!.id, embedding: [1, 2, 3] }]))).toBe(0);
    const patched = await other.client
      .from('kb_chunks')
      .update({ embedding: [1, 2], embedding_model: 'forged' })
      .eq('id', chunk!.id)
      .select('id');
    expect(patched.data ?? []).toEqual([]);
    expect((await stored(doc.id))[0]).toMatchObject({ model: MODEL, dims: 512 });
    // Signed out: no access at all.
    const anon = await stack.anon().rpc('store_knowledge_embeddings', { embedding_model: 'x', embeddings: [] });
    expect(anon.error?.code).toBe('42501');
    // The owner may set the embedding, not the passage's text; a zero vector is refused.
    expect((await me.client.from('kb_chunks').update({ content: 'Tampered' }).eq('id', chunk!.id)).error?.code).toBe('42501');
    const zero = await storeEmbeddings(me.client, MODEL, [{ chunkId: chunk!.id, embedding: [0, 0] }]);
    expect(zero.error?.code).toBe('22023');
    // Searching with an embedding stays within one's own passages.
    const vector = (await embed(['Heron codename']))[0]!;
    expect(must(await searchKnowledge(other.client, 'Heron codename', { embedding: { model: MODEL, vector } }))).toEqual([]);
  });
});
