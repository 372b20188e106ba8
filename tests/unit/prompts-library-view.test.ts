import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  folderContentsText,
  folderTreeRows,
  gridColumns,
  gridRows,
  isFolderId,
  libraryMode,
  libraryParams,
  pagesFor,
  parseLibraryParams,
  type LibraryView,
} from '@/shared/core/promptLibrary/view.ts';

const FOLDER = '3f2b6c1e-8a4d-4e0f-9b7a-1c2d3e4f5a6b';

describe('the view in the URL', () => {
  it('round-trips every field, leaving defaults out', () => {
    const view: LibraryView = { folderId: FOLDER, sort: 'date_desc', query: 'launch & email', favorites: true, tag: 'SEO ideas' };
    const query = libraryParams(view);
    expect(query).toBe(`?folder=${FOLDER}&sort=date_desc&q=launch+%26+email&view=favorites&tag=SEO+ideas`);
    expect(parseLibraryParams(new URLSearchParams(query))).toEqual(view);
    expect(libraryParams(DEFAULT_VIEW)).toBe('');
  });

  it('falls back to the defaults for unknown or empty values', () => {
    expect(parseLibraryParams(new URLSearchParams('folder=&sort=sideways&view=all&tag=%20%20'))).toEqual(DEFAULT_VIEW);
  });

  it('keeps the search as typed (spaces included) but treats a blank one as none', () => {
    expect(parseLibraryParams(new URLSearchParams('q=%20seo%20')).query).toBe(' seo ');
    expect(libraryMode({ ...DEFAULT_VIEW, query: '   ' })).toBe('folder');
  });

  it('says what the grid lists: search wins over filters, filters over the folder', () => {
    expect(libraryMode(DEFAULT_VIEW)).toBe('folder');
    expect(libraryMode({ ...DEFAULT_VIEW, folderId: FOLDER })).toBe('folder');
    expect(libraryMode({ ...DEFAULT_VIEW, favorites: true })).toBe('filter');
    expect(libraryMode({ ...DEFAULT_VIEW, tag: 'seo' })).toBe('filter');
    expect(libraryMode({ ...DEFAULT_VIEW, tag: 'seo', query: 'x' })).toBe('search');
  });

  it('accepts only uuids as folder ids', () => {
    expect(isFolderId(FOLDER)).toBe(true);
    expect(isFolderId(FOLDER.toUpperCase())).toBe(true);
    expect(isFolderId('not-a-folder')).toBe(false);
    expect(isFolderId(`${FOLDER}x`)).toBe(false);
  });
});

describe('the grid', () => {
  it('has 1, 2 or 3 columns by the width it has', () => {
    expect([320, 539, 540, 839, 840, 1400].map(gridColumns)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('counts rows, the last one partly filled', () => {
    expect([gridRows(0, 3), gridRows(1, 3), gridRows(3, 3), gridRows(10, 3), gridRows(10_000, 1)]).toEqual([0, 1, 1, 4, 10_000]);
  });

  it('finds the pages holding a range of prompts, clamped to the total', () => {
    expect(pagesFor(0, 10, 500, 100)).toEqual([0]);
    expect(pagesFor(95, 205, 500, 100)).toEqual([0, 1, 2]);
    expect(pagesFor(450, 900, 500, 100)).toEqual([4]);
    expect(pagesFor(-5, 3, 500, 100)).toEqual([0]);
    expect(pagesFor(0, 10, 0, 100)).toEqual([]);
    expect(pagesFor(600, 700, 500, 100)).toEqual([]);
  });
});

describe('folders', () => {
  it('lists the tree parents first, A-Z per level, with depths', () => {
    const rows = folderTreeRows([
      { id: 'c', name: 'emails', parentId: 'a' },
      { id: 'a', name: 'Marketing', parentId: null },
      { id: 'd', name: 'Drafts', parentId: 'c' },
      { id: 'b', name: 'Blog', parentId: null },
      { id: 'e', name: 'Ads', parentId: 'a' },
    ]);
    expect(rows.map((r) => `${'-'.repeat(r.depth)}${r.name}`)).toEqual(['Blog', 'Marketing', '-Ads', '-emails', '--Drafts']);
  });

  it("says what a folder's deletion takes with it", () => {
    expect(folderContentsText({ folders: 0, prompts: 0 })).toBe('The folder is empty.');
    expect(folderContentsText({ folders: 1, prompts: 0 })).toBe('Its 1 folder will be deleted too.');
    expect(folderContentsText({ folders: 0, prompts: 1 })).toBe('Its 1 prompt will be deleted too.');
    expect(folderContentsText({ folders: 2, prompts: 1500 })).toBe('Its 2 folders and 1,500 prompts will be deleted too.');
  });
});
