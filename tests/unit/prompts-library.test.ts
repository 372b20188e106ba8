import { describe, expect, it } from 'vitest';
import {
  buildFolderPath,
  folderPathFromTree,
  importedPromptName,
  LIBRARY_ERRORS,
  LIBRARY_TEXTS,
  moveTargets,
  parseImportLines,
  ROOT_CRUMB,
  type FetchFolder,
  type FolderRef,
} from '@/shared/core/promptLibrary/library.ts';
import { compareBySort, SORT_OPTIONS, sortOrder } from '@/shared/core/promptLibrary/sort.ts';
import { folderNameProblem, normalizeTags, promptDraftProblem } from '@/shared/core/promptLibrary/validation.ts';

describe('spec texts', () => {
  it('are the prompt manager texts, verbatim', () => {
    expect(LIBRARY_TEXTS).toMatchObject({
      pageTitle: 'My Prompts & Stacks',
      rootName: 'My Prompts Library',
      empty: 'This folder is empty. Create a new prompt or folder to get started!',
      folderCardText: 'Contains other prompts and folders.',
      folderNameRequired: 'Folder name cannot be empty',
      promptFieldsRequired: 'Prompt name and text are required.',
      noTextToImport: 'No text to import.',
      noValidPrompts: 'No valid prompts found in text.',
    });
    expect(LIBRARY_ERRORS.fetchYourPrompts('boom')).toEqual({
      title: 'Error fetching your prompts',
      description: 'boom',
      variant: 'destructive',
    });
    expect(LIBRARY_ERRORS.fetchFolders('x').title).toBe('Error fetching prompt folders');
    expect(LIBRARY_ERRORS.fetchPrompts('x').title).toBe('Error fetching prompts');
    expect(LIBRARY_ERRORS.createFolder('x').title).toBe('Error creating folder');
    expect(LIBRARY_ERRORS.savePrompt('x').title).toBe('Error saving prompt');
    expect(LIBRARY_ERRORS.importPrompts('x').title).toBe('Error importing prompts');
    expect(LIBRARY_ERRORS.deletePromptsInFolder('x').title).toBe('Error deleting prompts in folder');
    expect(LIBRARY_ERRORS.delete('folder', 'gone').title).toBe('Error deleting folder');
    expect(LIBRARY_ERRORS.delete('prompt', 'gone').title).toBe('Error deleting prompt');
    expect(LIBRARY_ERRORS.buildPath().description).toBe('Folder not found');
    expect(LIBRARY_ERRORS.buildPath('timeout').description).toBe('timeout');
  });
});

describe('sorting', () => {
  it('offers Name A-Z, Name Z-A, Newest, Oldest mapped to columns', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Name A-Z', 'Name Z-A', 'Newest', 'Oldest']);
    expect(sortOrder('name_asc')).toEqual({ column: 'sort_name', ascending: true });
    expect(sortOrder('name_desc')).toEqual({ column: 'sort_name', ascending: false });
    expect(sortOrder('date_desc')).toEqual({ column: 'created_at', ascending: false });
    expect(sortOrder('date_asc')).toEqual({ column: 'created_at', ascending: true });
  });

  it('sorts in memory the way the database does (case-insensitive names, id breaks ties)', () => {
    const items = [
      { id: 'c', name: 'banana', createdAt: '2026-01-02T00:00:00Z' },
      { id: 'a', name: 'Apple', createdAt: '2026-01-03T00:00:00Z' },
      { id: 'b', name: 'cherry', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'd', name: 'apple', createdAt: '2026-01-03T00:00:00Z' },
    ];
    const order = (sort: Parameters<typeof compareBySort>[0]) => [...items].sort(compareBySort(sort)).map((i) => i.id);
    expect(order('name_asc')).toEqual(['a', 'd', 'c', 'b']);
    expect(order('name_desc')).toEqual(['b', 'c', 'd', 'a']);
    expect(order('date_desc')).toEqual(['d', 'a', 'c', 'b']);
    expect(order('date_asc')).toEqual(['b', 'c', 'a', 'd']);
  });
});

describe('validation', () => {
  it('refuses blank folder names and prompts without name or text', () => {
    expect(folderNameProblem('   ')).toBe('Folder name cannot be empty');
    expect(folderNameProblem(' Launch ')).toBeNull();
    expect(folderNameProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(promptDraftProblem({ name: ' ', promptText: 'text' })).toBe('Prompt name and text are required.');
    expect(promptDraftProblem({ name: 'Name', promptText: '\n' })).toBe('Prompt name and text are required.');
    expect(promptDraftProblem({ name: 'Name', promptText: 'x'.repeat(100_001) })).toMatch(/100,000/);
    expect(promptDraftProblem({ name: 'Name', promptText: 'ok', description: 'd'.repeat(2_001) })).toMatch(/2,000/);
    expect(promptDraftProblem({ name: 'Name', promptText: 'ok' })).toBeNull();
  });

  it('normalises tags: trimmed, split on commas, repeats dropped, cut at 40, at most 20', () => {
    expect(normalizeTags(['  SEO ', 'seo', 'email,  launch ', '', 'multi   word'])).toEqual(['SEO', 'email', 'launch', 'multi word']);
    expect(normalizeTags('a, b, a')).toEqual(['a', 'b']);
    expect(normalizeTags(['x'.repeat(45)])).toEqual(['x'.repeat(40)]);
    expect(normalizeTags(Array.from({ length: 30 }, (_, i) => `t${i}`))).toHaveLength(20);
  });
});

describe('one prompt per line import', () => {
  it('needs text, then at least one non-blank line', () => {
    expect(parseImportLines('', null)).toEqual({ ok: false, error: 'No text to import.' });
    expect(parseImportLines('  \n\t\n ', null)).toEqual({ ok: false, error: 'No valid prompts found in text.' });
  });

  it('makes one openai prompt per non-blank line in the current folder, names cut at 50 + ...', () => {
    const long = 'Write a detailed launch plan for my new course about sourdough baking';
    const result = parseImportLines(`Short prompt\r\n\n   ${long}  \n`, 'folder-1');
    expect(result).toEqual({
      ok: true,
      value: {
        skipped: [],
        rows: [
          { name: 'Short prompt', promptText: 'Short prompt', llmProvider: 'openai', folderId: 'folder-1' },
          { name: `${long.slice(0, 50)}...`, promptText: long, llmProvider: 'openai', folderId: 'folder-1' },
        ],
      },
    });
  });

  it('cuts names at whole characters and keeps exactly 50 without dots', () => {
    expect(importedPromptName('x'.repeat(50))).toBe('x'.repeat(50));
    const emoji = `${'a'.repeat(49)}😀😀`;
    expect(importedPromptName(emoji)).toBe(`${'a'.repeat(49)}😀...`);
  });

  it('skips a line too long to be a prompt and says which', () => {
    const result = parseImportLines(`ok line\n${'y'.repeat(100_001)}`, null);
    expect(result).toMatchObject({
      ok: true,
      value: { rows: [{ name: 'ok line' }], skipped: [{ line: 2, reason: 'Longer than 100,000 characters.' }] },
    });
  });
});

describe('breadcrumb walk', () => {
  const tree = (count: number): Map<string, FolderRef> =>
    new Map(
      Array.from({ length: count }, (_, i) => [`f${i}`, { id: `f${i}`, name: `Level ${i}`, parentId: i === 0 ? null : `f${i - 1}` }]),
    );
  const fetcher =
    (folders: Map<string, FolderRef>, calls: string[] = []): FetchFolder =>
    async (id) => {
      calls.push(id);
      return { data: folders.get(id) ?? null, error: null };
    };

  it('is just the root at the root', async () => {
    expect(await buildFolderPath(null, fetcher(tree(1)))).toEqual({ ok: true, crumbs: [ROOT_CRUMB], truncated: false });
    expect(ROOT_CRUMB).toEqual({ id: null, name: 'My Prompts Library' });
  });

  it('walks up to the root, root first', async () => {
    const path = await buildFolderPath('f2', fetcher(tree(3)));
    expect(path).toEqual({
      ok: true,
      truncated: false,
      crumbs: [ROOT_CRUMB, { id: 'f0', name: 'Level 0' }, { id: 'f1', name: 'Level 1' }, { id: 'f2', name: 'Level 2' }],
    });
  });

  it('stops after 10 folders and says the path was cut', async () => {
    const calls: string[] = [];
    const path = await buildFolderPath('f14', fetcher(tree(15), calls));
    expect(calls).toHaveLength(10);
    expect(path.ok && path.truncated).toBe(true);
    expect(path.crumbs.map((c) => c.id)).toEqual([null, 'f5', 'f6', 'f7', 'f8', 'f9', 'f10', 'f11', 'f12', 'f13', 'f14']);
    const exactlyTen = await buildFolderPath('f9', fetcher(tree(10)));
    expect(exactlyTen).toMatchObject({ ok: true, truncated: false });
    expect(exactlyTen.crumbs).toHaveLength(11);
  });

  it('never loops on a cycle', async () => {
    const loop = new Map<string, FolderRef>([
      ['a', { id: 'a', name: 'A', parentId: 'b' }],
      ['b', { id: 'b', name: 'B', parentId: 'a' }],
    ]);
    const path = await buildFolderPath('a', fetcher(loop));
    expect(path).toMatchObject({ ok: true, truncated: true });
    expect(path.crumbs).toHaveLength(11);
  });

  it("resets to the root with 'Folder not found' when a folder is missing", async () => {
    const broken = tree(3);
    broken.delete('f0');
    expect(await buildFolderPath('f2', fetcher(broken))).toEqual({
      ok: false,
      crumbs: [ROOT_CRUMB],
      notice: { title: 'Error building folder path', description: 'Folder not found', variant: 'destructive' },
    });
  });

  it('resets to the root with the server message on an error or a throw', async () => {
    const failing: FetchFolder = async () => ({ data: null, error: { message: 'JWT expired' } });
    expect(await buildFolderPath('f1', failing)).toMatchObject({ ok: false, crumbs: [ROOT_CRUMB], notice: { description: 'JWT expired' } });
    const throwing: FetchFolder = async () => {
      throw new Error('Failed to fetch');
    };
    expect(await buildFolderPath('f1', throwing)).toMatchObject({
      ok: false,
      notice: { title: 'Error building folder path', description: 'Failed to fetch' },
    });
  });

  it('builds the same path from a loaded tree', () => {
    expect(folderPathFromTree('f2', tree(3))?.map((c) => c.name)).toEqual(['My Prompts Library', 'Level 0', 'Level 1', 'Level 2']);
    expect(folderPathFromTree('nope', tree(3))).toBeNull();
  });
});

describe('move targets', () => {
  it('excludes the moving folders and everything below them', () => {
    const folders: FolderRef[] = [
      { id: 'a', name: 'A', parentId: null },
      { id: 'a1', name: 'A1', parentId: 'a' },
      { id: 'a11', name: 'A11', parentId: 'a1' },
      { id: 'b', name: 'B', parentId: null },
      { id: 'b1', name: 'B1', parentId: 'b' },
    ];
    expect(moveTargets(['a1'], folders).map((f) => f.id)).toEqual(['a', 'b', 'b1']);
    expect(moveTargets(['a', 'b1'], folders).map((f) => f.id)).toEqual(['b']);
    expect(moveTargets([], folders)).toHaveLength(5);
  });
});
