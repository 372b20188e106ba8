import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kb from '@/shared/data/knowledge.ts';
import { searchKnowledge } from '@/shared/data/knowledgeSearch.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Knowledge retrieval (migration 20261126000300): documents split into passages and indexed as they are saved; owner only. */

let stack: TestStack;
let me: Person;
let other: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await person(stack, 'kb-search'), await person(stack, 'kb-search-other')];
});
afterAll(async () => stack?.close());

const chunksOf = async (documentId: string) =>
  (
    await stack.db.query<{ position: number; content: string; heading: string; folder_id: string | null }>(
      'select position, content, heading, folder_id from public.kb_chunks where document_id = $1 order by position',
      [documentId],
    )
  ).rows;

const add = async (who: Person, name: string, content: string, folderId: string | null = null) =>
  must(await kb.addKbDocument(who.client, { name, type: 'text', content, folderId }));

describe(`knowledge retrieval (${testDbKind})`, () => {
  it('splits a document into passages of whole paragraphs, cuts a long paragraph at words with an overlap, and re-indexes on change', async () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1}. ${'Our customers love the onboarding calls. '.repeat(8)}`);
    const long = `${'word '.repeat(600)}end`;
    const doc = await add(me, 'Onboarding notes', `${paragraphs.join('\n\n')}\n\n${long}`);
    const chunks = await chunksOf(doc.id);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(1200);
      expect(chunk.heading).toBe('Onboarding notes');
    }
    // Whole paragraphs, in order, never cut.
    const packed = chunks.filter((c) => c.content.startsWith('Paragraph'));
    expect(packed.flatMap((c) => c.content.split('\n\n'))).toEqual(paragraphs.map((p) => p.trim()));
    // The long paragraph: cut at spaces, each piece overlapping the previous, ending with its last word.
    const pieces = chunks.filter((c) => c.content.startsWith('word'));
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.every((p) => !/\bwor$|^ord\b/.test(p.content))).toBe(true);
    expect(pieces.at(-1)!.content.endsWith('end')).toBe(true);
    expect(pieces.reduce((sum, p) => sum + p.content.length, 0)).toBeGreaterThan(long.length);

    await me.client.from('kb_documents').update({ content: 'Short now.', name: 'Renamed notes' }).eq('id', doc.id);
    expect(await chunksOf(doc.id)).toEqual([{ position: 0, content: 'Short now.', heading: 'Renamed notes', folder_id: null }]);
    must(await kb.deleteKbDocument(me.client, doc.id));
    expect(await chunksOf(doc.id)).toEqual([]);
  });

  it('finds the passage that answers a question, best first, within the selection', async () => {
    const folder = must(await kb.createKbFolder(me.client, 'Product'))!;
    await add(me, 'Pricing', 'The Pro plan costs $29 per month and includes unlimited prompts. The Team plan costs $79.', folder.id);
    await add(me, 'Refund policy', 'Every purchase can be refunded within 30 days, no questions asked.', folder.id);
    await add(me, 'Brand voice', 'We write in a warm, direct voice. Avoid jargon and exclamation marks.');
    await add(me, 'Webinar outline', 'Open with a story, teach three lessons, then present the offer with a deadline.');

    const best = async (query: string, selection?: kb.KbSelection) =>
      must(await searchKnowledge(me.client, query, { selection })).map((p) => p.documentName);
    expect((await best('How much does the Pro plan cost?'))[0]).toBe('Pricing');
    expect((await best('Can customers get a refund?'))[0]).toBe('Refund policy');
    expect((await best('what tone should our copy have? jargon'))[0]).toBe('Brand voice');
    expect((await best('how to structure a webinar'))[0]).toBe('Webinar outline');
    // The selection narrows it: the folder's documents, or those outside folders.
    expect(await best('plan voice', { kind: 'folder', folderId: folder.id })).toEqual(['Pricing']);
    expect(await best('plan voice', { kind: 'uncategorized' })).toEqual(['Brand voice']);
    // No question, or no word of it in the base: nothing, not an error.
    expect(await best('   ')).toEqual([]);
    expect(await best('zebra quantum')).toEqual([]);
    expect(must(await searchKnowledge(me.client, 'Pro plan', { count: 1 }))).toEqual([
      expect.objectContaining({ documentName: 'Pricing', position: 0, content: expect.stringContaining('$29') }),
    ]);
  });

  it("never gives anyone another user's passages, and nobody writes passages over the API", async () => {
    await add(me, 'Secret launch plan', 'Launch codename Bluebird on March 3rd.');
    expect(must(await searchKnowledge(other.client, 'Bluebird launch codename'))).toEqual([]);
    expect((await other.client.from('kb_chunks').select('id')).data).toEqual([]);
    const forged = await other.client
      .from('kb_chunks')
      .insert({ user_id: other.userId, document_id: '00000000-0000-0000-0000-000000000000', position: 0, heading: 'x', content: 'x' });
    expect(forged.error?.code).toBe('42501');
    const own = (await me.client.from('kb_chunks').select('id, content').ilike('content', '%Bluebird%')).data!;
    expect(own).toHaveLength(1);
    const changed = await me.client.from('kb_chunks').update({ content: 'Tampered' }).eq('id', own[0]!.id);
    expect(changed.error?.code).toBe('42501');
  });
});
