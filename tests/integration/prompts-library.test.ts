import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFolderPath, LIBRARY_TEXTS, parseImportLines } from '@/shared/core/promptLibrary/library.ts';
import type { LibrarySort } from '@/shared/core/promptLibrary/sort.ts';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { must, signedIn, type Member } from './prompts-helpers.ts';

/** The prompt library's data layer on the local stack (PGlite, or PostgreSQL with TEST_DB=postgres). */

let stack: TestStack;
let me: Member;
let other: Member;

beforeAll(async () => {
  stack = await startTestStack();
  [me, other] = [await signedIn(stack, 'owner'), await signedIn(stack, 'other')];
});
afterAll(async () => {
  await stack?.close();
});

const newPrompt = async (name: string, folderId: string | null, extra: Partial<Parameters<typeof lib.createPrompt>[1]> = {}) =>
  must(await lib.createPrompt(me.client, { name, promptText: `Prompt ${name} about [topic]`, folderId, ...extra }));

/** A folder placed under another user's folder (the trigger's SQLSTATE foreign_key_violation). */
const PARENT_NOT_FOUND = { message: 'Parent folder not found.', code: '23503', kind: 'server' };
/** PostgREST's answer when the one row an update returns is not there (RLS hid it): 406 PGRST116. */
const NO_SUCH_ROW = { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' };

describe('folders', () => {
  it('creates a tree, lists each level in every sort order and rebuilds the breadcrumb', async () => {
    expect((await lib.createFolder(me.client, '   ', null)).error).toEqual({
      message: 'Folder name cannot be empty',
      code: 'invalid',
      kind: 'invalid',
    });
    const top = must(await lib.createFolder(me.client, '  Launch  ', null));
    expect(top).toMatchObject({ name: 'Launch', parentId: null });
    const names = ['banana', 'Apple', 'cherry'];
    const children = [];
    for (const name of names) children.push(must(await lib.createFolder(me.client, name, top.id)));
    for (const name of ['zeta', 'Alpha', 'mid']) await newPrompt(name, top.id);

    const order = async (sort: LibrarySort) => {
      const contents = must(await lib.listFolderContents(me.client, top.id, sort));
      return [contents.folders.map((f) => f.name), contents.prompts.map((p) => p.name)];
    };
    expect(await order('name_asc')).toEqual([
      ['Apple', 'banana', 'cherry'],
      ['Alpha', 'mid', 'zeta'],
    ]);
    expect(await order('name_desc')).toEqual([
      ['cherry', 'banana', 'Apple'],
      ['zeta', 'mid', 'Alpha'],
    ]);
    expect(await order('date_asc')).toEqual([names, ['zeta', 'Alpha', 'mid']]);
    expect(await order('date_desc')).toEqual([[...names].reverse(), ['mid', 'Alpha', 'zeta']]);

    const contents = must(await lib.listFolderContents(me.client, top.id));
    expect(contents.totalPrompts).toBe(3);
    expect(contents.prompts[0]).toMatchObject({
      name: 'Alpha',
      preview: 'Prompt Alpha about [topic]',
      tags: [],
      isFavorite: false,
      llmProvider: 'openai',
      model: null,
    });
    expect(contents.prompts[0]).not.toHaveProperty('promptText');

    const grandchild = must(await lib.createFolder(me.client, 'Emails', children[1]!.id));
    const path = await buildFolderPath(grandchild.id, (id) => lib.getFolder(me.client, id));
    expect(path).toEqual({
      ok: true,
      truncated: false,
      crumbs: [
        { id: null, name: 'My Prompts Library' },
        { id: top.id, name: 'Launch' },
        { id: children[1]!.id, name: 'Apple' },
        { id: grandchild.id, name: 'Emails' },
      ],
    });
    // Another user's folder is "not found" for me: the walk resets to the root.
    const theirs = must(await lib.createFolder(other.client, 'Private', null));
    expect(await buildFolderPath(theirs.id, (id) => lib.getFolder(me.client, id))).toMatchObject({
      ok: false,
      notice: { title: 'Error building folder path', description: 'Folder not found' },
    });
  });

  it('pages a large folder with a total count and no repeats', async () => {
    const folder = must(await lib.createFolder(me.client, 'Bulk', null));
    const rows = Array.from({ length: 45 }, (_, i) => ({
      name: `Same name`,
      promptText: `Line ${i}`,
      llmProvider: 'openai' as const,
      folderId: folder.id,
    }));
    expect(must(await lib.importPromptLines(me.client, rows))).toBe(45);
    const seen = new Set<string>();
    const paged: lib.PromptCard[] = [];
    for (let offset = 0; offset < 45; offset += 20) {
      const page = must(await lib.listFolderContents(me.client, folder.id, 'name_asc', { offset, limit: 20 }));
      expect(page.totalPrompts).toBe(45);
      for (const p of page.prompts) seen.add(p.id);
      paged.push(...page.prompts);
    }
    expect(seen.size).toBe(45);
    // Later pages are read by id (see listFolderContents): the same cards, previews included, in the same order as one read.
    const whole = must(await lib.listFolderContents(me.client, folder.id, 'name_asc', { limit: 45 }));
    expect(paged).toEqual(whole.prompts);
    expect(paged[44]!.preview).toMatch(/^Line \d+$/);
    // A page past the end is empty, not an error (PostgREST answers 416 there).
    expect(must(await lib.listFolderContents(me.client, folder.id, 'name_asc', { offset: 100, limit: 20 }))).toMatchObject({
      prompts: [],
      totalPrompts: 45,
    });
  });

  it("shows each card's text on one line, whitespace runs as one space, at most 240 characters", async () => {
    const folder = must(await lib.createFolder(me.client, 'Previews', null));
    const texts = {
      spaced: '  Line one\n\n\tLine  two \u2003end\r\n',
      plain: 'Plain words, single spaces.',
      long: `${'word '.repeat(100)}tail`,
    };
    for (const [name, promptText] of Object.entries(texts))
      must(await lib.createPrompt(me.client, { name, promptText, folderId: folder.id }));
    const cards = must(await lib.listFolderContents(me.client, folder.id)).prompts;
    const preview = (name: string) => cards.find((c) => c.name === name)?.preview;
    expect(preview('spaced')).toBe('Line one Line two end');
    expect(preview('plain')).toBe('Plain words, single spaces.');
    expect(preview('long')).toBe('word '.repeat(48));
  });

  it('renames, and refuses a blank name', async () => {
    const folder = must(await lib.createFolder(me.client, 'Old', null));
    expect(must(await lib.renameFolder(me.client, folder.id, ' New '))).toMatchObject({ id: folder.id, name: 'New' });
    expect((await lib.renameFolder(me.client, folder.id, '')).error?.code).toBe('invalid');
  });

  it('deletes a folder with every nested folder and prompt, leaving no orphans', async () => {
    const a = must(await lib.createFolder(me.client, 'Doomed', null));
    const b = must(await lib.createFolder(me.client, 'Child', a.id));
    const c = must(await lib.createFolder(me.client, 'Grandchild', b.id));
    const kept = await newPrompt('Kept at root', null);
    for (const f of [a, b, c]) await newPrompt(`In ${f.name}`, f.id);
    expect(must(await lib.deleteFolder(me.client, a.id))).toBe(true);
    const { rows } = await stack.db.query<{ folders: number; prompts: number }>(
      'select (select count(*) from public.prompt_folders where id = any($1::uuid[]))::int as folders, (select count(*) from public.saved_prompts where folder_id = any($1::uuid[]))::int as prompts',
      [[a.id, b.id, c.id]],
    );
    expect(rows[0]).toEqual({ folders: 0, prompts: 0 });
    expect(must(await lib.getPrompt(me.client, kept.id))).not.toBeNull();
    expect(must(await lib.deleteFolder(me.client, a.id))).toBe(false);
  });
});

describe('prompts', () => {
  it('creates, reads, edits, favourites, tags and deletes a prompt', async () => {
    expect((await lib.createPrompt(me.client, { name: 'x', promptText: '  ', folderId: null })).error).toEqual({
      message: 'Prompt name and text are required.',
      code: 'invalid',
      kind: 'invalid',
    });
    const created = must(
      await lib.createPrompt(me.client, {
        name: ' Headlines ',
        promptText: 'Write headlines for [product]',
        description: 'Ten options',
        tags: ['Ads', 'ads', ' copy '],
        llmProvider: 'anthropic',
        model: 'claude-sonnet-4',
        templateId: 'social_media_campaign',
        folderId: null,
      }),
    );
    expect(created).toMatchObject({
      name: 'Headlines',
      tags: ['Ads', 'copy'],
      llmProvider: 'anthropic',
      model: 'claude-sonnet-4',
      isPremium: false,
      folderId: null,
    });
    expect(must(await lib.getPrompt(me.client, created.id))).toEqual(created);

    const edited = must(await lib.updatePrompt(me.client, created.id, { promptText: 'Write 20 headlines for [product]', model: '' }));
    expect(edited).toMatchObject({ name: 'Headlines', promptText: 'Write 20 headlines for [product]', model: null });
    expect((await lib.updatePrompt(me.client, created.id, { name: ' ' })).error?.message).toBe(LIBRARY_TEXTS.promptFieldsRequired);

    must(await lib.setFavorite(me.client, created.id, true));
    expect(must(await lib.setTags(me.client, created.id, ['launch', 'Launch', 'email, social']))).toEqual(['launch', 'email', 'social']);
    expect(must(await lib.getPrompt(me.client, created.id))).toMatchObject({ isFavorite: true, tags: ['launch', 'email', 'social'] });

    expect(must(await lib.deletePrompt(me.client, created.id))).toBe(true);
    expect(must(await lib.getPrompt(me.client, created.id))).toBeNull();
  });

  it('lets the database refuse what the checks would (tags with commas, overlong names)', async () => {
    const bad = await me.client.from('saved_prompts').insert({ name: 'x', prompt_text: 'y', tags: ['a,b'] });
    expect(bad.error?.code).toBe('23514');
    const long = await me.client.from('saved_prompts').insert({ name: 'n'.repeat(201), prompt_text: 'y' });
    expect(long.error?.code).toBe('23514');
  });

  it("imports one prompt per line with the product's naming, in one insert", async () => {
    const folder = must(await lib.createFolder(me.client, 'Imported lines', null));
    const parsed = parseImportLines(`First idea\n\n${'L'.repeat(60)}\n`, folder.id);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(must(await lib.importPromptLines(me.client, parsed.value.rows))).toBe(2);
    const names = must(await lib.listFolderContents(me.client, folder.id)).prompts.map((p) => p.name);
    expect(names).toEqual(['First idea', `${'L'.repeat(50)}...`]);
  });

  it('lists the 5 most recent prompts, newest first', async () => {
    const recent = must(await lib.listRecentPrompts(me.client));
    expect(recent).toHaveLength(5);
    const dates = recent.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('moving', () => {
  it('moves prompts and folders, and refuses a folder into itself or its own subtree', async () => {
    const a = must(await lib.createFolder(me.client, 'Move A', null));
    const b = must(await lib.createFolder(me.client, 'Move B', a.id));
    const c = must(await lib.createFolder(me.client, 'Move C', b.id));
    const target = must(await lib.createFolder(me.client, 'Move target', null));
    const p1 = await newPrompt('Mover 1', null);
    const p2 = await newPrompt('Mover 2', a.id);

    expect(must(await lib.moveItems(me.client, { promptIds: [p1.id, p2.id], folderIds: [b.id] }, target.id))).toBe(3);
    expect(must(await lib.listFolderContents(me.client, target.id)).prompts.map((p) => p.name)).toEqual(['Mover 1', 'Mover 2']);
    expect(must(await lib.getFolder(me.client, b.id))?.parentId).toBe(target.id);

    for (const into of [b.id, c.id]) {
      const refused = await lib.moveItems(me.client, { folderIds: [b.id] }, into);
      expect(refused.error).toEqual({ message: LIBRARY_TEXTS.folderCycle, code: '23514', kind: 'server' });
    }
    // Moving an ancestor together with its descendant into that descendant is refused as a whole.
    const together = await lib.moveItems(me.client, { folderIds: [target.id, b.id] }, c.id);
    expect(together.error?.code).toBe('23514');
    expect(must(await lib.getFolder(me.client, target.id))?.parentId).toBeNull();
    // Back to the root is fine.
    expect(must(await lib.moveItems(me.client, { folderIds: [b.id] }, null))).toBe(1);
  });

  it("refuses a move into another user's folder", async () => {
    const theirs = must(await lib.createFolder(other.client, 'Their folder', null));
    const mine = await newPrompt('Stays mine', null);
    const myFolder = must(await lib.createFolder(me.client, 'My folder', null));
    expect((await lib.moveItems(me.client, { promptIds: [mine.id] }, theirs.id)).error?.code).toBe('42501');
    // A folder's parent must be the same user's folder (private.check_folder_parent).
    expect((await lib.moveItems(me.client, { folderIds: [myFolder.id] }, theirs.id)).error).toEqual(PARENT_NOT_FOUND);
    expect(must(await lib.getPrompt(me.client, mine.id))?.folderId).toBeNull();
  });
});

describe('search', () => {
  it('finds prompts by name, text or tag, case-insensitively, favourites first, with a total', async () => {
    const folder = must(await lib.createFolder(me.client, 'Search corpus', null));
    await newPrompt('Quarterly REPORT', folder.id);
    await newPrompt('Notes', folder.id, { promptText: 'Summarise the quarterly report for the board' });
    const tagged = await newPrompt('Tagged one', folder.id, { tags: ['Quarterly-Report'] });
    await lib.setFavorite(me.client, tagged.id, true);
    await newPrompt('100% literal_match', folder.id, { promptText: 'percent and underscore' });
    await lib.createPrompt(other.client, { name: 'Quarterly report of someone else', promptText: 'x', folderId: null });

    const found = must(await lib.searchLibrary(me.client, '  quarterly '));
    expect(found.prompts.map((p) => p.name)).toEqual(['Tagged one', 'Notes', 'Quarterly REPORT']);
    expect(found.total).toBe(3);
    expect(must(await lib.searchLibrary(me.client, 'quarterly', { limit: 1 }))).toMatchObject({
      total: 3,
      prompts: [{ name: 'Tagged one' }],
    });
    expect(must(await lib.searchLibrary(me.client, 'quarterly', { offset: 50 }))).toEqual({ total: 3, prompts: [] });
    // % and _ match themselves only.
    expect(must(await lib.searchLibrary(me.client, '100%')).prompts.map((p) => p.name)).toEqual(['100% literal_match']);
    expect(must(await lib.searchLibrary(me.client, 'l_teral')).total).toBe(0);
    expect(must(await lib.searchLibrary(me.client, '   '))).toEqual({ prompts: [], total: 0 });
  });
});

describe('another user', () => {
  it('can never see or change my prompts or folders', async () => {
    const folder = must(await lib.createFolder(me.client, 'Secret folder', null));
    const prompt = await newPrompt('Secret prompt', folder.id);

    expect(must(await lib.getPrompt(other.client, prompt.id))).toBeNull();
    expect(must(await lib.getFolder(other.client, folder.id))).toBeNull();
    expect(must(await lib.listFolderContents(other.client, folder.id))).toEqual({ folders: [], prompts: [], totalPrompts: 0 });
    expect(must(await lib.searchLibrary(other.client, 'Secret')).total).toBe(0);
    // RLS hides the row, so the update matches none and the single row asked for is not there.
    expect((await lib.updatePrompt(other.client, prompt.id, { name: 'Hacked' })).error).toMatchObject(NO_SUCH_ROW);
    expect((await lib.renameFolder(other.client, folder.id, 'Hacked')).error).toMatchObject(NO_SUCH_ROW);
    expect(must(await lib.setFavorite(other.client, prompt.id, true))).toBeNull(); // no row matched
    expect(must(await lib.moveItems(other.client, { promptIds: [prompt.id], folderIds: [folder.id] }, null))).toBe(0);
    expect(must(await lib.deletePrompt(other.client, prompt.id))).toBe(false);
    expect(must(await lib.deleteFolder(other.client, folder.id))).toBe(false);
    // Nor put anything into my folder.
    expect((await lib.createPrompt(other.client, { name: 'Planted', promptText: 'x', folderId: folder.id })).error?.code).toBe('42501');
    expect((await lib.createFolder(other.client, 'Planted', folder.id)).error).toEqual(PARENT_NOT_FOUND);

    expect(must(await lib.getPrompt(me.client, prompt.id))).toMatchObject({
      name: 'Secret prompt',
      isFavorite: false,
      folderId: folder.id,
    });
    expect(must(await lib.getFolder(me.client, folder.id))).toMatchObject({ name: 'Secret folder', parentId: null });
  });

  it('cannot read anything signed out', async () => {
    expect(must(await lib.listFolderContents(stack.anon(), null))).toEqual({ folders: [], prompts: [], totalPrompts: 0 });
    expect((await lib.searchLibrary(stack.anon(), 'Secret')).error).toEqual({
      message: 'permission denied for function search_prompt_library',
      code: '42501',
      kind: 'refused',
    });
  });
});
