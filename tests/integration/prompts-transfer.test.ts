import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryFolder, LibraryPrompt } from '@/shared/core/promptLibrary/library.ts';
import { FILE_TEXTS, LIBRARY_FILE_FORMAT, SKIP_REASONS } from '@/shared/core/promptLibrary/file.ts';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { exportLibrary, fetchWholeLibrary, importLibrary } from '@/shared/data/promptLibrary/transfer.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { must, signedIn, type Member } from './prompts-helpers.ts';

/** Whole-library export and import through the data layer on the local stack. */

let stack: TestStack;
let source: Member;

beforeAll(async () => {
  stack = await startTestStack();
  source = await signedIn(stack, 'source');
  const { client } = source;
  const marketing = must(await lib.createFolder(client, 'Marketing', null));
  const emails = must(await lib.createFolder(client, 'Emails / Launch', marketing.id));
  const deep = must(await lib.createFolder(client, 'C:\\drafts', emails.id));
  must(await lib.createFolder(client, 'Empty', null));
  must(await lib.createFolder(client, 'Marketing', emails.id)); // same name, other place
  const add = async (name: string, folderId: string | null, extra: Partial<Parameters<typeof lib.createPrompt>[1]> = {}) =>
    must(await lib.createPrompt(client, { name, promptText: `Text of ${name} for [audience=coaches]`, folderId, ...extra }));
  await add('Welcome email', emails.id, {
    tags: ['email', 'Onboarding'],
    isFavorite: true,
    llmProvider: 'anthropic',
    model: 'claude-sonnet-4',
    description: 'First mail',
  });
  await add('=SUM(A1)', null, { promptText: '+1 "quoted", with commas\nand a second line' });
  await add('Ünïcödé 😀', deep.id, { promptText: '  spaces kept  ', templateId: 'blog_post', tags: ['émoji'] });
  await add('Twin', marketing.id);
  await add('Twin', marketing.id);
});
afterAll(async () => {
  await stack?.close();
});

/** A library without ids: folders by path, prompts by content and folder path. */
function canonical({ folders, prompts }: { folders: LibraryFolder[]; prompts: LibraryPrompt[] }) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path = (id: string | null) => {
    const names: string[] = [];
    for (let at = id; at; at = byId.get(at)!.parentId) names.unshift(byId.get(at)!.name);
    return names.join(' › ');
  };
  return {
    folders: folders.map((f) => `${path(f.id)} @ ${new Date(f.createdAt).toISOString()}`).sort(),
    prompts: prompts
      .map(({ id: _id, updatedAt: _u, folderId, createdAt, ...rest }) =>
        JSON.stringify({ ...rest, folder: path(folderId), createdAt: new Date(createdAt).toISOString() }),
      )
      .sort(),
  };
}

describe('round trip', () => {
  for (const kind of ['json', 'csv'] as const) {
    it(`${kind}: exporting and importing into an empty library recreates it exactly`, async () => {
      const file = must(await exportLibrary(source.client, kind, new Date('2026-11-23T09:00:00Z')));
      expect(file.fileName).toBe(`prompt-library-2026-11-23.${kind}`);
      expect(file.mimeType).toBe(kind === 'json' ? 'application/json' : 'text/csv');
      if (kind === 'json')
        expect(JSON.parse(file.content)).toMatchObject({ format: LIBRARY_FILE_FORMAT, version: 1, exportedAt: '2026-11-23T09:00:00.000Z' });

      const target = await signedIn(stack, `target-${kind}`);
      const report = must(await importLibrary(target.client, file.content, null));
      expect(report).toEqual({ addedFolders: 5, addedPrompts: 5, mergedFolders: 0, skipped: [] });
      const original = canonical(must(await fetchWholeLibrary(source.client)));
      expect(canonical(must(await fetchWholeLibrary(target.client)))).toEqual(original);
      expect(original.folders).toHaveLength(5);
    });
  }

  it('importing the same file again merges every folder and skips every prompt, saying why', async () => {
    const file = must(await exportLibrary(source.client, 'json'));
    const target = await signedIn(stack, 'twice');
    must(await importLibrary(target.client, file.content, null));
    const again = must(await importLibrary(target.client, file.content, null));
    expect(again.addedFolders).toBe(0);
    expect(again.addedPrompts).toBe(0);
    expect(again.mergedFolders).toBe(5);
    expect(again.skipped).toHaveLength(5);
    expect(new Set(again.skipped.map((s) => s.reason))).toEqual(new Set([SKIP_REASONS.duplicate]));
    expect(must(await fetchWholeLibrary(target.client)).prompts).toHaveLength(5);
  });

  it('imports into a chosen folder', async () => {
    const file = must(await exportLibrary(source.client, 'csv'));
    const target = await signedIn(stack, 'into-folder');
    const holder = must(await lib.createFolder(target.client, 'Imported', null));
    must(await importLibrary(target.client, file.content, holder.id));
    const top = must(await lib.listFolderContents(target.client, holder.id));
    expect(top.folders.map((f) => f.name)).toEqual(['Empty', 'Marketing']);
    expect(top.prompts.map((p) => p.name)).toEqual(['=SUM(A1)']);
    expect(must(await lib.listFolderContents(target.client, null)).folders.map((f) => f.name)).toEqual(['Imported']);
  });
});

describe('large libraries', () => {
  it('imports 1,500 prompts in batches and exports them all back (past the 1,000-row page)', async () => {
    const target = await signedIn(stack, 'large');
    const body = 'Write a detailed plan for [topic]. '.repeat(60); // ~2 KB each: the batches split on size too
    const file = {
      format: LIBRARY_FILE_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      folders: [{ id: 'f', name: 'Bulk', parentId: null, createdAt: '2026-01-01T00:00:00Z' }],
      prompts: Array.from({ length: 1500 }, (_, i) => ({
        name: `Prompt ${String(i).padStart(4, '0')}`,
        promptText: `${body}${i}`,
        folderId: i % 2 ? 'f' : null,
        tags: [`t${i % 7}`],
      })),
    };
    const report = must(await importLibrary(target.client, JSON.stringify(file), null));
    expect(report).toEqual({ addedFolders: 1, addedPrompts: 1500, mergedFolders: 0, skipped: [] });
    const exported = JSON.parse(must(await exportLibrary(target.client, 'json')).content) as { prompts: unknown[]; folders: unknown[] };
    expect(exported.prompts).toHaveLength(1500);
    expect(exported.folders).toHaveLength(1);
    const bulk = must(await lib.listFolderContents(target.client, null)).folders[0]!;
    expect(must(await lib.listFolderContents(target.client, bulk.id, 'name_asc', { limit: 5 })).totalPrompts).toBe(750);
  });
});

describe('failures', () => {
  it('refuses a file it cannot read', async () => {
    expect((await importLibrary(source.client, 'not,a,library\n1,2,3', null)).error).toEqual({
      message: FILE_TEXTS.csvColumns,
      code: 'invalid',
      kind: 'invalid',
    });
    expect((await importLibrary(source.client, '', null)).error).toEqual({ message: FILE_TEXTS.empty, code: 'invalid', kind: 'invalid' });
  });

  it("stops when the server refuses a batch and reports every prompt not imported (another user's folder)", async () => {
    const stranger = await signedIn(stack, 'stranger');
    const theirs = must(await lib.createFolder(stranger.client, 'Theirs', null));
    const csv = 'name,prompt_text\nOne,first\nTwo,second\n';
    const report = must(await importLibrary(source.client, csv, theirs.id));
    expect(report.addedPrompts).toBe(0);
    expect(report.error).toMatch(/row-level security/);
    expect(report.skipped.map((s) => [s.row, s.name])).toEqual([
      ['Row 2', 'One'],
      ['Row 3', 'Two'],
    ]);
    expect(report.skipped[0]!.reason).toMatch(/^Not imported: /);
    // With folders in the file the tree is refused first, as a whole (the parent check says no such folder).
    const json = must(await exportLibrary(source.client, 'json')).content;
    const refused = await importLibrary(source.client, json, theirs.id);
    expect(refused.error).toEqual({ message: 'Parent folder not found.', code: '23503', kind: 'server' });
    expect(must(await lib.listFolderContents(stranger.client, theirs.id))).toEqual({ folders: [], prompts: [], totalPrompts: 0 });
  });
});
