import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LibraryFolder, LibraryPrompt } from '@/shared/core/promptLibrary/library.ts';
import {
  FILE_TEXTS,
  joinFolderPath,
  libraryFileName,
  libraryToCsv,
  libraryToJson,
  SKIP_REASONS,
  splitFolderPath,
  type ParsedLibrary,
} from '@/shared/core/promptLibrary/file.ts';
import { parseLibraryFile } from '@/shared/core/promptLibrary/fileRead.ts';
import { importReportNotice, planLibraryImport, type ImportPlan } from '@/shared/core/promptLibrary/import.ts';

const folder = (id: string, name: string, parentId: string | null, createdAt = '2026-01-01T00:00:00.000Z'): LibraryFolder => ({
  id,
  name,
  parentId,
  createdAt,
});
let seq = 0;
const prompt = (name: string, folderId: string | null, extra: Partial<LibraryPrompt> = {}): LibraryPrompt => ({
  id: `p${++seq}`,
  name,
  promptText: `Text of ${name} about [topic]`,
  description: '',
  tags: [],
  isFavorite: false,
  llmProvider: 'openai',
  model: null,
  templateId: null,
  folderId,
  isPremium: false,
  createdAt: `2026-02-${String(10 + seq).padStart(2, '0')}T08:00:00.000Z`,
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...extra,
});

/** A library with the awkward cases: nesting, slashes and backslashes in names, formulas, quotes, newlines, unicode. */
function sampleLibrary(): { folders: LibraryFolder[]; prompts: LibraryPrompt[] } {
  const folders = [
    folder('f-mkt', 'Marketing', null),
    folder('f-mail', 'Emails / Launch', 'f-mkt', '2026-01-02T00:00:00.000Z'),
    folder('f-deep', 'C:\\drafts', 'f-mail'),
    folder('f-empty', 'Empty folder', null),
  ];
  const prompts = [
    prompt('Welcome email', 'f-mail', {
      tags: ['email', 'onboarding'],
      isFavorite: true,
      llmProvider: 'anthropic',
      model: 'claude-sonnet-4',
      description: 'First mail',
    }),
    prompt('=SUM(A1:A2)', null, { promptText: '+1 starts like a formula\n\nand spans "quoted" lines, with, commas' }),
    prompt("'=already quoted", 'f-deep', { promptText: '-minus first', templateId: 'blog_post' }),
    prompt('Ünïcödé 😀', 'f-mkt', { promptText: '  leading and trailing spaces  ', tags: ['émoji'] }),
    prompt('Duplicate', 'f-mkt'),
    prompt('Duplicate', 'f-mkt'),
  ];
  return { folders, prompts };
}

/** The library as a comparable shape: folders by path, prompts by content (no ids). */
function canonical(
  folders: readonly { id: string; name: string; parentId: string | null }[],
  prompts: readonly Omit<LibraryPrompt, 'id' | 'isPremium' | 'updatedAt'>[],
) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path = (id: string | null): string => {
    const names: string[] = [];
    for (let at = id; at; at = byId.get(at)!.parentId) names.unshift(byId.get(at)!.name);
    return JSON.stringify(names);
  };
  return {
    folders: folders.map((f) => path(f.id)).sort(),
    prompts: prompts.map((p) => ({ ...p, folderId: path(p.folderId) })).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
  };
}

const strip = ({ id: _id, isPremium: _p, updatedAt: _u, ...rest }: LibraryPrompt) => rest;

/** Applies a plan to an empty library the way the data layer does (refs become ids). */
function applyToEmpty(plan: ImportPlan) {
  const ids = new Map(plan.folders.map((f, i) => [f.ref, `new-${i}`]));
  const folders = plan.folders.map((f) => ({
    id: ids.get(f.ref)!,
    name: f.name,
    parentId: f.parentRef ? ids.get(f.parentRef)! : f.parentId,
    createdAt: f.createdAt,
  }));
  const prompts = plan.prompts.map(({ row: _row, folderRef, folderId, ...p }) => ({
    ...p,
    folderId: folderRef ? ids.get(folderRef)! : folderId,
    createdAt: p.createdAt!,
  }));
  return { folders, prompts };
}

function parsed(text: string): ParsedLibrary {
  const result = parseLibraryFile(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('export → import round trip', () => {
  it('JSON recreates the library exactly (tree, tags, favourites, provider, model, dates, duplicates)', () => {
    const { folders, prompts } = sampleLibrary();
    const json = libraryToJson(folders, prompts, new Date('2026-11-23T10:00:00Z'));
    const library = parsed(json);
    expect(library.skipped).toEqual([]);
    const plan = planLibraryImport(library, { folders: [], prompts: [] }, null);
    const restored = applyToEmpty(plan);
    expect(canonical(restored.folders, restored.prompts)).toEqual(canonical(folders, prompts.map(strip)));
    expect(restored.folders.find((f) => f.name === 'Emails / Launch')?.createdAt).toBe('2026-01-02T00:00:00.000Z');
  });

  it('CSV recreates the library exactly too', () => {
    const { folders, prompts } = sampleLibrary();
    const csv = libraryToCsv(folders, prompts);
    const library = parsed(csv);
    expect(library.skipped).toEqual([]);
    const restored = applyToEmpty(planLibraryImport(library, { folders: [], prompts: [] }, null));
    expect(canonical(restored.folders, restored.prompts)).toEqual(canonical(folders, prompts.map(strip)));
  });

  it('writes CSV cells a spreadsheet will not run as formulas', () => {
    const { folders, prompts } = sampleLibrary();
    const rows = Papa.parse<Record<string, string>>(libraryToCsv(folders, prompts), { header: true, skipEmptyLines: true }).data;
    const formulaRow = rows.find((r) => r.name?.includes('SUM'))!;
    expect(formulaRow.name).toBe("'=SUM(A1:A2)");
    expect(formulaRow.prompt_text!.startsWith("'+1")).toBe(true);
    expect(rows.find((r) => r.name?.includes('already'))!.name).toBe("''=already quoted");
    for (const row of rows) for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@]/);
  });

  it('names folder paths with escaped slashes', () => {
    expect(joinFolderPath(['Marketing', 'Emails / Launch', 'C:\\drafts'])).toBe('Marketing/Emails \\/ Launch/C:\\\\drafts');
    expect(splitFolderPath('Marketing/Emails \\/ Launch/C:\\\\drafts')).toEqual(['Marketing', 'Emails / Launch', 'C:\\drafts']);
    expect(splitFolderPath(' Marketing // Emails ')).toEqual(['Marketing', 'Emails']);
    expect(splitFolderPath('')).toEqual([]);
    expect(libraryFileName('csv', new Date('2026-11-23T10:00:00Z'))).toBe('prompt-library-2026-11-23.csv');
  });
});

describe('reading files', () => {
  it('refuses what is not a library', () => {
    expect(parseLibraryFile('  ')).toEqual({ ok: false, error: FILE_TEXTS.empty });
    expect(parseLibraryFile('{"format": "other", "prompts": []}')).toEqual({ ok: false, error: FILE_TEXTS.notLibrary });
    expect(parseLibraryFile('[1, 2]')).toEqual({ ok: false, error: FILE_TEXTS.notLibrary });
    expect(parseLibraryFile('{ broken')).toMatchObject({ ok: false, error: expect.stringMatching(/^The file is not valid JSON: /) });
    expect(parseLibraryFile('{"format":"ai-vault-prompt-library","version":2,"prompts":[]}')).toEqual({
      ok: false,
      error: FILE_TEXTS.newerVersion(2),
    });
    expect(parseLibraryFile('title,body\nA,B')).toEqual({ ok: false, error: FILE_TEXTS.csvColumns });
  });

  it('imports a plain two-column sheet (any header case, BOM) into the root', () => {
    const library = parsed('\uFEFFName,Prompt_Text\nHeadlines,Write 10 headlines for [product]\n,no name\nEmpty text,  \n');
    expect(library.prompts).toEqual([
      expect.objectContaining({
        row: 'Row 2',
        name: 'Headlines',
        promptText: 'Write 10 headlines for [product]',
        llmProvider: 'openai',
        folderRef: null,
        tags: [],
        isFavorite: false,
      }),
    ]);
    expect(library.skipped).toEqual([
      { row: 'Row 3', name: '', reason: SKIP_REASONS.nameMissing },
      { row: 'Row 4', name: 'Empty text', reason: SKIP_REASONS.textMissing },
    ]);
  });

  it('reports every skipped CSV row with its reason', () => {
    const csv = [
      'type,folder,name,prompt_text,tags,is_favorite,created_at',
      `prompt,,${'n'.repeat(201)},text,,,`,
      `prompt,,Huge,${'t'.repeat(100_001)},,,`,
      'widget,,Odd,text,,,',
      'folder,,,,,,',
      `prompt,${'f'.repeat(201)},Deep,text,,,`,
      'prompt,Ideas/Q3,Good,"Fine, with comma","a, b, a",yes,not a date',
      'prompt,,Short row',
    ].join('\n');
    const library = parsed(csv);
    expect(library.prompts).toEqual([
      expect.objectContaining({ row: 'Row 7', name: 'Good', tags: ['a', 'b'], isFavorite: true, createdAt: null }),
    ]);
    expect(library.folders.map((f) => f.name)).toEqual(['Ideas', 'Q3']);
    expect(library.skipped).toEqual([
      { row: 'Row 2', name: 'n'.repeat(201), reason: SKIP_REASONS.nameTooLong },
      { row: 'Row 3', name: 'Huge', reason: SKIP_REASONS.textTooLong },
      { row: 'Row 4', name: 'Odd', reason: SKIP_REASONS.unknownType('widget') },
      { row: 'Row 5', name: '', reason: SKIP_REASONS.folderNameMissing },
      { row: 'Row 6', name: 'Deep', reason: SKIP_REASONS.folderNameTooLong },
      { row: 'Row 8', name: 'Short row', reason: expect.stringMatching(/^Could not read this row: Too few fields/) },
    ]);
  });

  it('reports every skipped JSON record with its reason', () => {
    const file = {
      format: 'ai-vault-prompt-library',
      version: 1,
      folders: [
        { id: 'a', name: 'Kept', parentId: null },
        { id: 'b', name: 'Orphan', parentId: 'missing' },
        { id: 'c', name: 'Loop 1', parentId: 'd' },
        { id: 'd', name: 'Loop 2', parentId: 'c' },
        { id: 'a', name: 'Same id', parentId: null },
        { id: 'e', name: '  ', parentId: null },
        { id: 'f', name: 'Child of orphan', parentId: 'b' },
        'nonsense',
      ],
      prompts: [
        { name: 'In kept', promptText: 'ok', folderId: 'a', tags: 'x, y', isFavorite: 'true', createdAt: '2026-05-05T05:05:05Z' },
        { name: 'In orphan', promptText: 'ok', folderId: 'b' },
        { name: 'Nowhere', promptText: 'ok', folderId: 'zzz' },
        { name: 'No text', promptText: '   ' },
        { name: 'Long description', promptText: 'ok', description: 'd'.repeat(2_001) },
        42,
        { name: 'Long model', promptText: 'ok', model: 'm'.repeat(201) },
      ],
    };
    const library = parsed(JSON.stringify(file));
    expect(library.folders).toEqual([{ ref: 'a', name: 'Kept', parentRef: null, createdAt: null }]);
    expect(library.prompts).toEqual([
      expect.objectContaining({
        row: 'Prompt 1',
        folderRef: 'a',
        tags: ['x', 'y'],
        isFavorite: true,
        createdAt: '2026-05-05T05:05:05.000Z',
      }),
    ]);
    // Folders first, then prompts, each in file order.
    expect(library.skipped).toEqual([
      { row: 'Folder 2', name: 'Orphan', reason: SKIP_REASONS.parentMissing },
      { row: 'Folder 3', name: 'Loop 1', reason: SKIP_REASONS.parentLoop },
      { row: 'Folder 4', name: 'Loop 2', reason: SKIP_REASONS.parentLoop },
      { row: 'Folder 5', name: 'Same id', reason: SKIP_REASONS.duplicateFolderId },
      { row: 'Folder 6', name: '', reason: SKIP_REASONS.folderNameMissing },
      { row: 'Folder 7', name: 'Child of orphan', reason: SKIP_REASONS.parentMissing },
      { row: 'Folder 8', name: '', reason: SKIP_REASONS.notAnObject },
      { row: 'Prompt 2', name: 'In orphan', reason: SKIP_REASONS.folderSkipped },
      { row: 'Prompt 3', name: 'Nowhere', reason: SKIP_REASONS.folderMissing },
      { row: 'Prompt 4', name: 'No text', reason: SKIP_REASONS.textMissing },
      { row: 'Prompt 5', name: 'Long description', reason: SKIP_REASONS.descriptionTooLong },
      { row: 'Prompt 6', name: '', reason: SKIP_REASONS.notAnObject },
      { row: 'Prompt 7', name: 'Long model', reason: SKIP_REASONS.modelTooLong },
    ]);
  });
});

describe('planning an import into an existing library', () => {
  it('merges folders by name at the same place and skips prompts already there', () => {
    const { folders, prompts } = sampleLibrary();
    const library = parsed(libraryToJson(folders, prompts, new Date()));
    const existing = {
      folders: [
        { id: 'db-target', name: 'Imported', parentId: null },
        { id: 'db-mkt', name: 'Marketing', parentId: 'db-target' },
      ],
      prompts: [
        { name: 'Welcome email', promptText: 'nope, different text', folderId: 'db-mkt' },
        { name: 'Duplicate', promptText: 'Text of Duplicate about [topic]', folderId: 'db-mkt' },
      ],
    };
    const plan = planLibraryImport(library, existing, 'db-target');
    expect(plan.mergedFolders).toBe(1);
    // Tree order: 'Empty folder' sorts before 'Marketing' (merged) and its subfolders.
    expect(plan.folders.map((f) => [f.name, f.parentId, f.parentRef])).toEqual([
      ['Empty folder', 'db-target', null],
      ['Emails / Launch', 'db-mkt', null],
      ['C:\\drafts', null, 'f-mail'],
    ]);
    // Both copies of 'Duplicate' are already in Marketing; the root prompt goes into the target.
    expect(plan.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['Duplicate', SKIP_REASONS.duplicate],
      ['Duplicate', SKIP_REASONS.duplicate],
    ]);
    expect(plan.prompts.find((p) => p.name === '=SUM(A1:A2)')).toMatchObject({ folderId: 'db-target', folderRef: null });
    expect(plan.prompts.find((p) => p.name === 'Ünïcödé 😀')).toMatchObject({ folderId: 'db-mkt', folderRef: null });
    expect(plan.prompts.find((p) => p.name === 'Welcome email')).toMatchObject({ folderId: null, folderRef: 'f-mail' });
  });

  it('sums up the result in one notice', () => {
    expect(importReportNotice({ addedFolders: 2, addedPrompts: 1, mergedFolders: 0, skipped: [] })).toEqual({
      title: 'Library imported',
      description: '1 prompt and 2 folders added.',
    });
    const partial = importReportNotice({
      addedFolders: 0,
      addedPrompts: 1000,
      mergedFolders: 3,
      skipped: [{ row: 'Row 3', name: 'x', reason: 'y' }],
      error: 'Network down.',
    });
    expect(partial).toEqual({
      title: 'Error importing prompts',
      description:
        '1,000 prompts and 0 folders added, 3 folders merged into existing ones. Network down. 1 row was skipped; see the report.',
      variant: 'destructive',
    });
  });
});
