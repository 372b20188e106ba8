import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_FILES_BUCKET } from '@/shared/core/knowledge/files.ts';
import * as kb from '@/shared/data/knowledge.ts';
import { downloadKnowledgeFile, uploadKnowledgeFile } from '@/shared/data/knowledgeFiles.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Uploaded knowledge-base files keep their original in Storage (migration 20261128000200): the owner's only. */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [
    await person(stack, 'kb-files'),
    await person(stack, 'kb-files-other'),
    await person(stack, 'kb-files-viewer', 'view_only'),
  ];
});
afterAll(async () => stack?.close());

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n% a tiny stand-in for a real PDF\n%%EOF\n');
const pdf = () => new Blob([PDF_BYTES], { type: 'application/pdf' });

const storedObjects = async (prefix: string) =>
  (
    await stack.db.query<{ name: string; owner_id: string | null }>(
      'select name, owner_id from storage.objects where bucket_id = $1 and name like $2 order by name',
      [KNOWLEDGE_FILES_BUCKET, `${prefix}%`],
    )
  ).rows;

async function addFile(who: Person, name: string, folderId: string | null = null) {
  const stored = must(await uploadKnowledgeFile(who.client, who.userId, pdf(), `${name}.pdf`));
  const doc = must(
    await kb.addKbDocument(who.client, { name, type: 'file', content: `Text of ${name}`, source: `${name}.pdf`, folderId, file: stored }),
  );
  return { stored, doc };
}

describe(`knowledge-base originals (${testDbKind})`, () => {
  it('keeps an upload under its owner, lists it with the document and gives the same bytes back', async () => {
    const { stored, doc } = await addFile(me, 'Price sheet');
    expect(stored.path.startsWith(`${me.userId}/`)).toBe(true);
    expect(stored.path.endsWith('/Price_sheet.pdf')).toBe(true);
    expect(doc.file).toEqual({ path: stored.path, size: PDF_BYTES.length });
    const listed = must(await kb.listKnowledge(me.client)).documents.find((d) => d.id === doc.id);
    expect(listed?.file?.path).toBe(stored.path);
    const back = must(await downloadKnowledgeFile(me.client, stored.path));
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(PDF_BYTES);
    expect(await storedObjects(stored.path)).toEqual([{ name: stored.path, owner_id: me.userId }]);
  });

  it('lets no one else read, add to or point at the owner’s files', async () => {
    const { stored } = await addFile(me, 'Private plan');
    const read = await downloadKnowledgeFile(other.client, stored.path);
    expect(read.error?.kind).toBe('not_found');
    const anon = await stack.anon().storage.from(KNOWLEDGE_FILES_BUCKET).download(stored.path);
    // The select policy hides it: storage-api's 400 with statusCode 404.
    expect(anon.error).toMatchObject({ name: 'StorageApiError', message: 'Object not found', status: 400, statusCode: '404' });
    // Another user writing into the owner's folder is refused by the bucket's policy.
    const intrude = await other.client.storage.from(KNOWLEDGE_FILES_BUCKET).upload(`${me.userId}/x/intrude.pdf`, pdf());
    expect(intrude.error?.message).toMatch(/row-level security/);
    // A document row cannot claim a file outside its owner's folder.
    const claim = await kb.addKbDocument(other.client, {
      name: 'Borrowed',
      type: 'file',
      content: 'text',
      source: 'x.pdf',
      folderId: null,
      file: { path: stored.path, size: 1 },
    });
    expect(claim.error?.code).toBe('23514');
    // Nor can a remove by someone else touch it.
    await other.client.storage.from(KNOWLEDGE_FILES_BUCKET).remove([stored.path]);
    expect(await storedObjects(stored.path)).toHaveLength(1);
  });

  it('refuses files the bucket does not take, and view-only accounts', async () => {
    const exe = await me.client.storage
      .from(KNOWLEDGE_FILES_BUCKET)
      .upload(`${me.userId}/x/tool.exe`, new Blob(['MZ'], { type: 'application/x-msdownload' }), {
        contentType: 'application/x-msdownload',
      });
    // The bucket's allowed_mime_types: storage-api's 400 with statusCode 415.
    expect(exe.error).toMatchObject({
      name: 'StorageApiError',
      message: 'mime type application/x-msdownload is not supported',
      status: 400,
      statusCode: '415',
    });
    const tooBig = await uploadKnowledgeFile(me.client, me.userId, new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'big.pdf');
    expect(tooBig.error?.kind).toBe('invalid');
    const viewOnly = await uploadKnowledgeFile(viewer.client, viewer.userId, pdf(), 'notes.pdf');
    expect(viewOnly.error?.kind).toBe('refused');
    expect(await storedObjects(viewer.userId)).toEqual([]);
  });

  it('removes the original with its document, and every original of a deleted folder', async () => {
    const single = await addFile(me, 'Old brief');
    must(await kb.deleteKbDocument(me.client, single.doc.id));
    expect(await storedObjects(single.stored.path)).toEqual([]);

    const folder = must(await kb.createKbFolder(me.client, 'Launch files'))!;
    const inside = [await addFile(me, 'Deck', folder.id), await addFile(me, 'Terms', folder.id)];
    const outside = await addFile(me, 'Keeps', null);
    must(await kb.deleteKbFolder(me.client, folder.id));
    for (const file of inside) expect(await storedObjects(file.stored.path)).toEqual([]);
    expect(await storedObjects(outside.stored.path)).toHaveLength(1);
  });
});
