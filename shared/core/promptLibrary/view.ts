import { isUuid } from '../ids.ts';
import type { FolderRef } from './library.ts';
import { DEFAULT_SORT, isLibrarySort, type LibrarySort } from './sort.ts';
import { foldersInTreeOrder } from './file.ts';

/**
 * What the prompt library page shows, kept in its URL so reload and Back work (pure): the open
 * folder, the sort, a search, the favourites view and a tag filter; plus the grid arithmetic and
 * texts the page derives from them.
 */

export interface LibraryView {
  /** null: the library root. */
  folderId: string | null;
  sort: LibrarySort;
  /** The search as typed ('' = none). */
  query: string;
  favorites: boolean;
  /** A tag (any spelling), or null. */
  tag: string | null;
}

export const DEFAULT_VIEW: LibraryView = { folderId: null, sort: DEFAULT_SORT, query: '', favorites: false, tag: null };

/** What the grid lists: one folder's contents, prompts across folders matching a filter, or search results. */
export type LibraryMode = 'folder' | 'filter' | 'search';

export function libraryMode(view: LibraryView): LibraryMode {
  if (view.query.trim()) return 'search';
  if (view.favorites || view.tag) return 'filter';
  return 'folder';
}

/** Folder ids are uuids: anything else in the URL can only be "not found" (and is never sent to the server). */
export const isFolderId = (value: string): boolean => isUuid(value);

/** The view in `?folder=…&sort=…&q=…&view=favorites&tag=…`; unknown or empty values fall back to the defaults. */
export function parseLibraryParams(params: URLSearchParams): LibraryView {
  const sort = params.get('sort');
  const tag = params.get('tag')?.trim();
  return {
    folderId: params.get('folder')?.trim() || null,
    sort: isLibrarySort(sort) ? sort : DEFAULT_SORT,
    query: params.get('q') ?? '',
    favorites: params.get('view') === 'favorites',
    tag: tag || null,
  };
}

/** The query string for a view (defaults left out, so the root with no filters is plain /my-prompts). */
export function libraryParams(view: LibraryView): string {
  const params = new URLSearchParams();
  if (view.folderId) params.set('folder', view.folderId);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.query) params.set('q', view.query);
  if (view.favorites) params.set('view', 'favorites');
  if (view.tag) params.set('tag', view.tag);
  const text = params.toString();
  return text ? `?${text}` : '';
}

// ---------------------------------------------------------------------------------------------
// The card grid

/** Columns for the grid's width (a 1/2/3-column grid; by the space the grid has, not the window). */
export function gridColumns(width: number): 1 | 2 | 3 {
  if (width >= 840) return 3;
  if (width >= 540) return 2;
  return 1;
}

/** Rows of a grid of `count` cards. */
export const gridRows = (count: number, columns: number): number => Math.ceil(count / Math.max(1, columns));

/** The pages (of `pageSize` prompts) that hold prompts `from`…`to` (inclusive), clamped to `total`. */
export function pagesFor(from: number, to: number, total: number, pageSize: number): number[] {
  const last = Math.min(to, total - 1);
  if (last < 0 || from > last) return [];
  const pages: number[] = [];
  for (let page = Math.floor(Math.max(0, from) / pageSize); page <= Math.floor(last / pageSize); page++) pages.push(page);
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Folders as a tree (the "Move to…" dialog) and as paths (search results)

export interface FolderTreeRow {
  id: string;
  name: string;
  depth: number;
}

/** Folders parents first, each level A-Z, with their depth (0: at the root). */
export function folderTreeRows(folders: readonly FolderRef[]): FolderTreeRow[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const depthOf = (folder: FolderRef): number => {
    let depth = 0;
    for (let at = folder.parentId; at && byId.has(at) && depth < folders.length; at = byId.get(at)!.parentId) depth++;
    return depth;
  };
  return foldersInTreeOrder(folders).map((f) => ({ id: f.id, name: f.name, depth: depthOf(f) }));
}

// ---------------------------------------------------------------------------------------------
// Texts of the views this build adds

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const VIEW_TEXTS = {
  favoritesTitle: 'Favourites',
  favoritesEmpty: 'No favourites yet. Star a prompt to keep it here.',
  tagTitle: (tag: string) => `Tagged “${tag}”`,
  tagEmpty: 'No prompts carry this tag any more.',
  searchTitle: (query: string) => `Search results for “${query.trim()}”`,
  searchEmpty: (query: string) => `No prompts match “${query.trim()}”. Search looks at names, prompt texts and tags.`,
  promptCount: (n: number) => count(n, 'prompt', 'prompts'),
} as const;

/** What deleting a folder removes with it, for the confirmation. */
export function folderContentsText(summary: { folders: number; prompts: number }): string {
  if (!summary.folders && !summary.prompts) return 'The folder is empty.';
  const parts = [
    summary.folders ? count(summary.folders, 'folder', 'folders') : null,
    summary.prompts ? count(summary.prompts, 'prompt', 'prompts') : null,
  ];
  return `Its ${parts.filter(Boolean).join(' and ')} will be deleted too.`;
}
