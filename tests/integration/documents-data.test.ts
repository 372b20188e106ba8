import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS, type DocumentSort } from '@/shared/core/documents/documents.ts';
import * as docs from '@/shared/data/documents/documents.ts';
import * as folders from '@/shared/data/documents/folders.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/** Generated documents, their folders, suggestions and counted downloads (migration 20261123001200). */

let stack: TestStack;
let me: Person;
let other: Person;
let viewer: Person;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other, viewer] = [await person(stack, 'docs'), await person(stack, 'docs-other'), await person(stack, 'docs-viewer', 'view_only')];
});
afterAll(async () => stack?.close());

describe(`document folders (${testDbKind})`, () => {
  it('nest, list by name or date, refuse blank names and moves into their own subtree, and delete with their contents', async () => {
    expect((await folders.createDocumentFolder(me.client, '  ')).error).toEqual({
      message: 'Folder name cannot be empty',
      code: 'invalid',
      kind: 'invalid',
    });
    const top = must(await folders.createDocumentFolder(me.client, ' Clients '));
    expect(top).toMatchObject({ name: 'Clients', parentId: null });
    for (const name of ['beta', 'Alpha', 'gamma']) must(await folders.createDocumentFolder(me.client, name, top.id));
    const names = async (sort: 'name_asc' | 'name_desc' | 'date_asc') =>
      must(await folders.listDocumentFolders(me.client, me.userId, top.id, sort)).map((f) => f.name);
    expect(await names('name_asc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('name_desc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('date_asc')).toEqual(['beta', 'Alpha', 'gamma']);

    const child = must(await folders.listDocumentFolders(me.client, me.userId, top.id))[0]!;
    const moved = await folders.moveDocumentFolder(me.client, top.id, child.id);
    expect(moved.error).toMatchObject({ code: '23514', message: 'A folder cannot be moved into itself or one of its subfolders.' });
    expect(must(await folders.renameDocumentFolder(me.client, child.id, 'Acme'))).toMatchObject({ name: 'Acme' });

    const doc = must(await docs.saveDocument(me.client, { name: 'Inside', content: 'x', folderId: child.id }));
    expect(must(await folders.deleteDocumentFolder(me.client, top.id))).toBe(true);
    expect(must(await docs.getDocument(me.client, doc.id))).toBeNull();
    expect(must(await folders.listAllDocumentFolders(me.client, me.userId)).filter((f) => f.parentId === top.id)).toEqual([]);
  });
});

describe(`generated documents (${testDbKind})`, () => {
  it('save with the product’s format and rules, list in every sort, rename, move and delete', async () => {
    expect((await docs.saveDocument(me.client, { name: 'Empty', content: '  \n' })).error).toEqual({
      message: DOCUMENT_TEXTS.nothingToSave,
      code: 'invalid',
      kind: 'invalid',
    });
    const zeta = must(await folders.createDocumentFolder(me.client, 'zeta'));
    const alpha = must(await folders.createDocumentFolder(me.client, 'Alpha'));
    const saved = [];
    for (const [name, folderId] of [
      ['banana', zeta.id],
      ['Apple', null],
      ['cherry', alpha.id],
      ['date', zeta.id],
    ] as const) {
      saved.push(must(await docs.saveDocument(me.client, { name, content: `# ${name}`, folderId })));
    }
    // Saved by hand: a plain document (only the generator's counted documents carry a template).
    expect(saved[0]).toMatchObject({
      format: 'docx',
      templateId: null,
      downloadCount: 0,
      maxDownloads: null,
      isDigitalProduct: false,
      userId: me.userId,
    });
    expect((await docs.saveDocument(me.client, { name: 'Forged', content: '# x', templateId: 'blog_post' })).error?.code).toBe('42501');
    const order = async (sort: DocumentSort) => must(await docs.listDocuments(me.client, me.userId, { sort })).map((d) => d.name);
    expect(await order('name_asc')).toEqual(['Apple', 'banana', 'cherry', 'date']);
    expect(await order('name_desc')).toEqual(['date', 'cherry', 'banana', 'Apple']);
    expect(await order('date_asc')).toEqual(['banana', 'Apple', 'cherry', 'date']);
    expect(await order('date_desc')).toEqual(['date', 'cherry', 'Apple', 'banana']);
    // Folder A-Z: Alpha, zeta (newest first inside), then the root's documents.
    expect(await order('folder_asc')).toEqual(['cherry', 'date', 'banana', 'Apple']);
    expect(await order('folder_desc')).toEqual(['date', 'banana', 'cherry', 'Apple']);
    expect(must(await docs.listDocuments(me.client, me.userId, { folderId: zeta.id, sort: 'name_asc' })).map((d) => d.name)).toEqual([
      'banana',
      'date',
    ]);
    expect(must(await docs.listDocuments(me.client, me.userId, { folderId: null })).map((d) => d.name)).toEqual(['Apple']);

    expect((await docs.renameDocument(me.client, saved[1]!.id, ' ')).error?.code).toBe('invalid');
    expect(must(await docs.renameDocument(me.client, saved[1]!.id, 'Apricot'))).toMatchObject({ name: 'Apricot' });
    expect(must(await docs.moveDocuments(me.client, [saved[1]!.id, saved[2]!.id], zeta.id))).toBe(2);
    expect(must(await docs.listDocuments(me.client, me.userId, { folderId: zeta.id })).length).toBe(4);
    expect(must(await docs.deleteDocument(me.client, saved[3]!.id))).toBe(true);
    expect(must(await docs.getDocument(me.client, saved[3]!.id))).toBeNull();
  });

  it('are the owner’s alone', async () => {
    const mine = must(await docs.saveDocument(me.client, { name: 'Private', content: 'secret' }));
    expect(must(await docs.getDocument(other.client, mine.id))).toBeNull();
    expect(must(await docs.listDocuments(other.client, other.userId))).toEqual([]);
    expect((await docs.renameDocument(other.client, mine.id, 'Mine now')).error?.code).toBe('not_found');
    expect(must(await docs.deleteDocument(other.client, mine.id))).toBe(false);
    expect((await docs.downloadDocument(other.client, mine.id)).error?.code).toBe('not_found');
    // A folder reference must be the caller's own.
    const folder = must(await folders.createDocumentFolder(me.client, 'Mine'));
    expect((await docs.saveDocument(other.client, { name: 'Sneaky', content: 'x', folderId: folder.id })).error?.code).toBe('42501');
  });

  it('cannot be created or changed by a view_only account', async () => {
    expect((await docs.saveDocument(viewer.client, { name: 'Nope', content: 'x' })).error?.code).toBe('42501');
    expect((await folders.createDocumentFolder(viewer.client, 'Nope')).error?.code).toBe('42501');
  });

  it('count downloads up to the maximum and then refuse with the product’s message, also under concurrency', async () => {
    const doc = must(await docs.saveDocument(me.client, { name: 'Limited', content: '# Limited\nBody' }));
    expect((await docs.setDownloadLimit(me.client, doc.id, 0)).error?.code).toBe('invalid');
    must(await docs.setDownloadLimit(me.client, doc.id, 5));
    const first = must(await docs.downloadDocument(me.client, doc.id));
    expect(first).toMatchObject({ name: 'Limited', content: '# Limited\nBody', format: 'docx', downloadCount: 1, maxDownloads: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => docs.downloadDocument(me.client, doc.id)));
    expect(results.filter((r) => !r.error)).toHaveLength(4);
    for (const r of results.filter((r) => r.error)) {
      expect(r.error).toEqual({
        message: 'Download Limit Reached - You cannot download this file anymore.',
        code: docs.DOWNLOAD_LIMIT_CODE,
        kind: 'limit',
      });
    }
    expect(must(await docs.getDocument(me.client, doc.id))).toMatchObject({ downloadCount: 5, maxDownloads: 5 });
    // Unlimited again: the count goes on.
    must(await docs.setDownloadLimit(me.client, doc.id, null));
    expect(must(await docs.downloadDocument(me.client, doc.id)).downloadCount).toBe(6);
  });

  it('does not change updated_at when only downloaded', async () => {
    const doc = must(await docs.saveDocument(me.client, { name: 'Stamp', content: 'x' }));
    must(await docs.downloadDocument(me.client, doc.id));
    expect(must(await docs.getDocument(me.client, doc.id))?.updatedAt).toBe(doc.updatedAt);
  });
});

describe(`prompt suggestions (${testDbKind})`, () => {
  it('are inserted and returned, and stay the owner’s', async () => {
    expect(
      (await docs.saveSuggestion(me.client, { originalPromptText: ' ', suggestedPromptText: 'x', reasoningText: '' })).error?.message,
    ).toBe('Prompt is empty');
    const s = must(
      await docs.saveSuggestion(me.client, {
        originalPromptText: 'blog about running',
        suggestedPromptText: 'A 1,200-word beginner’s guide to running a first 5 km',
        reasoningText: 'Adds audience and length.',
        templateId: 'blog_post',
      }),
    );
    expect(s).toMatchObject({ originalPromptText: 'blog about running', templateId: 'blog_post' });
    expect((await other.client.from('prompt_suggestions').select('id').eq('id', s.id)).data).toEqual([]);
  });
});
