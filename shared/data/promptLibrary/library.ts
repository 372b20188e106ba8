import type { AppClient } from '../supabase.ts';
import type { LibraryFolder, LibraryPrompt, LineImportRow, PromptDraft } from '../../core/promptLibrary/library.ts';
import { DEFAULT_SORT, sortOrder, type LibrarySort } from '../../core/promptLibrary/sort.ts';
import { folderNameProblem, normalizeTags, promptDraftProblem } from '../../core/promptLibrary/validation.ts';
import { fetchAllPages, MAX_ROWS, RANGE_PAST_END } from '../paging.ts';
import { fail, invalid, ok, type DataResult } from '../result.ts';
import { CARD_COLUMNS, FOLDER_COLUMNS, PROMPT_COLUMNS, promptRow, toCard, toFolder, toPrompt, type CardRow } from './rows.ts';

/**
 * The prompt library (tables prompt_folders and saved_prompts, owner-only RLS). Every function
 * takes the signed-in user's AppClient and answers a DataResult (result.ts): on failure the
 * server's message and code (e.g. '23514' for a move into the folder's own subfolder, '42501' for
 * RLS), or code 'invalid' with the validation text (show it as the toast title) — so the page can
 * show the catalogue toast (LIBRARY_ERRORS in shared/core/promptLibrary/library.ts) with it.
 *
 *   folders   listFolderContents · listAllFolders · getFolder · createFolder · renameFolder · deleteFolder
 *   prompts   getPrompt · createPrompt · updatePrompt · deletePrompt · setFavorite · setTags
 *             listRecentPrompts · importPromptLines (one prompt per line, one insert)
 *   both      moveItems (refused into a folder's own subtree) · searchLibrary
 *
 * The columns read and the mapping of rows: rows.ts. Whole-library export/import: transfer.ts;
 * views across folders: browse.ts; free stacks and recommended prompts: shared/data/promptCatalog.ts;
 * run history: shared/data/promptRuns.ts.
 */

/** A prompt as a card shows it: everything but the text, plus a one-line preview of it. */
export type PromptCard = Omit<LibraryPrompt, 'promptText'> & { preview: string };

export interface FolderContents {
  folders: LibraryFolder[];
  prompts: PromptCard[];
  /** All prompts in the folder (prompts holds one page of them). */
  totalPrompts: number;
}

/** How many prompts a folder listing reads at once unless told otherwise. */
export const DEFAULT_PAGE_SIZE = 200;

// ---------------------------------------------------------------------------------------------
// Folders

/**
 * One folder's subfolders and a page of its prompts (cards), both in the chosen order
 * (folders and prompts each by the sort's column, then id). folderId null is the library root. Read in parallel: one round trip of time.
 */
export async function listFolderContents(
  client: AppClient,
  folderId: string | null,
  sort: LibrarySort = DEFAULT_SORT,
  page: { offset?: number; limit?: number } = {},
): Promise<DataResult<FolderContents>> {
  const { column, ascending } = sortOrder(sort);
  const offset = page.offset ?? 0;
  const limit = Math.min(page.limit ?? DEFAULT_PAGE_SIZE, MAX_ROWS);
  let folders = client.from('prompt_folders').select(FOLDER_COLUMNS);
  folders = folderId ? folders.eq('parent_folder_id', folderId) : folders.is('parent_folder_id', null);
  const prompts = (columns: string, options: { count: 'exact'; head?: boolean }) => {
    const q = client.from('saved_prompts').select(columns, options);
    return folderId ? q.eq('folder_id', folderId) : q.is('folder_id', null);
  };
  // The first page reads its cards at once. A later page first finds its ids: the database would
  // otherwise build the preview (and read the text) of every row it skips — 0.3-0.6 s deep into a
  // folder of 10,000 prompts, against ~25 ms this way.
  const deep = offset > 0;
  const [f, p] = await Promise.all([
    folders.order(column, { ascending }).order('id', { ascending }).limit(MAX_ROWS),
    prompts(deep ? 'id' : CARD_COLUMNS, { count: 'exact' })
      .order(column, { ascending })
      .order('id', { ascending })
      .range(offset, offset + limit - 1)
      // Whole cards, or only their ids when deep (CardRow: see CARD_COLUMNS).
      .overrideTypes<(CardRow | Pick<CardRow, 'id'>)[], { merge: false }>(),
  ]);
  if (f.error) return fail(f.error);
  let cards: CardRow[] = [];
  let total: number;
  if (p.error?.code === RANGE_PAST_END) {
    const counted = await prompts('id', { count: 'exact', head: true });
    if (counted.error) return fail(counted.error);
    total = counted.count ?? 0;
  } else if (p.error) {
    return fail(p.error);
  } else {
    total = p.count ?? p.data?.length ?? 0;
    if (!deep)
      cards = p.data as CardRow[]; // not deep: the page read whole cards
    else {
      const read = await cardsByIds(
        client,
        p.data.map((row) => row.id),
      );
      if (read.error) return read;
      cards = read.data;
    }
  }
  return ok({ folders: f.data.map(toFolder), prompts: cards.map(toCard), totalPrompts: total });
}

/** Ids per request when cards are read by id (keeps the request's address well under proxies' limits). */
const IDS_PER_REQUEST = 100;

/** The cards of these prompts, in the order of `ids` (a prompt deleted meanwhile is left out). */
async function cardsByIds(client: AppClient, ids: readonly string[]): Promise<DataResult<CardRow[]>> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) batches.push(ids.slice(i, i + IDS_PER_REQUEST));
  const results = await Promise.all(
    batches.map((batch) => client.from('saved_prompts').select(CARD_COLUMNS).in('id', batch).overrideTypes<CardRow[], { merge: false }>()),
  );
  const byId = new Map<string, CardRow>();
  for (const result of results) {
    if (result.error) return fail(result.error);
    for (const row of result.data) byId.set(row.id, row);
  }
  return ok(ids.flatMap((id) => byId.get(id) ?? []));
}

/** Every folder of the user (for a folder tree or the "Move to…" dialog), parents in any order. */
export async function listAllFolders(client: AppClient): Promise<DataResult<LibraryFolder[]>> {
  const result = await fetchAllPages((from, to) => client.from('prompt_folders').select(FOLDER_COLUMNS).order('id').range(from, to));
  return result.error ? result : ok(result.data.map(toFolder));
}

/** One of the user's folders, or null when there is none with that id (it fits buildFolderPath). */
export async function getFolder(client: AppClient, id: string): Promise<DataResult<LibraryFolder | null>> {
  const { data, error } = await client.from('prompt_folders').select(FOLDER_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toFolder(data) : null);
}

/** Creates a folder (name trimmed; blank gives 'Folder name cannot be empty'). */
export async function createFolder(client: AppClient, name: string, parentId: string | null): Promise<DataResult<LibraryFolder>> {
  const problem = folderNameProblem(name);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('prompt_folders')
    .insert({ name: name.trim(), parent_folder_id: parentId })
    .select(FOLDER_COLUMNS)
    .single();
  return error ? fail(error) : ok(toFolder(data));
}

export async function renameFolder(client: AppClient, id: string, name: string): Promise<DataResult<LibraryFolder>> {
  const problem = folderNameProblem(name);
  if (problem) return invalid(problem);
  const { data, error } = await client.from('prompt_folders').update({ name: name.trim() }).eq('id', id).select(FOLDER_COLUMNS).single();
  return error ? fail(error) : ok(toFolder(data));
}

/**
 * Deletes a folder with everything inside it — its prompts and, recursively, its subfolders and
 * theirs (the foreign keys cascade, so it is one atomic statement and leaves no orphans).
 * data: whether a folder was deleted (false: it was already gone or is not the user's).
 */
export async function deleteFolder(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('prompt_folders').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

// ---------------------------------------------------------------------------------------------
// Prompts

/** One of the user's prompts with its text (run-prompt, edit), or null when there is none. */
export async function getPrompt(client: AppClient, id: string): Promise<DataResult<LibraryPrompt | null>> {
  const { data, error } = await client.from('saved_prompts').select(PROMPT_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toPrompt(data) : null);
}

/** Saves a new prompt ('Prompt name and text are required.' when either is blank). */
export async function createPrompt(client: AppClient, draft: PromptDraft): Promise<DataResult<LibraryPrompt>> {
  const problem = promptDraftProblem(draft);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('saved_prompts')
    .insert({ ...promptRow(draft), name: draft.name.trim(), prompt_text: draft.promptText })
    .select(PROMPT_COLUMNS)
    .single();
  return error ? fail(error) : ok(toPrompt(data));
}

/** Changes some fields of a prompt (the same checks apply to the fields given). */
export async function updatePrompt(client: AppClient, id: string, changes: Partial<PromptDraft>): Promise<DataResult<LibraryPrompt>> {
  // Only the fields given are checked (a stand-in keeps the other one valid).
  const problem = promptDraftProblem({
    name: changes.name ?? 'kept',
    promptText: changes.promptText ?? 'kept',
    description: changes.description,
  });
  if (problem) return invalid(problem);
  const { data, error } = await client.from('saved_prompts').update(promptRow(changes)).eq('id', id).select(PROMPT_COLUMNS).single();
  return error ? fail(error) : ok(toPrompt(data));
}

/** data: whether a prompt was deleted. */
export async function deletePrompt(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('saved_prompts').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

export async function setFavorite(client: AppClient, id: string, isFavorite: boolean): Promise<DataResult<null>> {
  const { error } = await client.from('saved_prompts').update({ is_favorite: isFavorite }).eq('id', id);
  return error ? fail(error) : ok(null);
}

/** Replaces a prompt's tags (normalised: see normalizeTags); data: the tags as stored. */
export async function setTags(client: AppClient, id: string, tags: readonly string[]): Promise<DataResult<string[]>> {
  const { data, error } = await client
    .from('saved_prompts')
    .update({ tags: normalizeTags(tags) })
    .eq('id', id)
    .select('tags')
    .single();
  return error ? fail(error) : ok(data.tags);
}

/** The latest prompts, newest first (the document generator shows 5). */
export async function listRecentPrompts(client: AppClient, limit = 5): Promise<DataResult<PromptCard[]>> {
  const { data, error } = await client
    .from('saved_prompts')
    .select(CARD_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
    .overrideTypes<CardRow[], { merge: false }>();
  return error ? fail(error) : ok(data.map(toCard));
}

/** The line import (parseImportLines' rows) as one bulk insert; data: how many were added. */
export async function importPromptLines(client: AppClient, rows: readonly LineImportRow[]): Promise<DataResult<number>> {
  if (!rows.length) return ok(0);
  const { error, count } = await client.from('saved_prompts').insert(
    rows.map((r) => ({ name: r.name, prompt_text: r.promptText, llm_provider: r.llmProvider, folder_id: r.folderId })),
    { count: 'exact' },
  );
  return error ? fail(error) : ok(count ?? rows.length);
}

// ---------------------------------------------------------------------------------------------
// Moving and searching

/**
 * Moves folders and prompts into a folder (null: the root). Folders move first; the database
 * refuses a folder moved into itself or its own subtree ('A folder cannot be moved into itself or
 * one of its subfolders.', code 23514) and a target that is not the user's (RLS). data: how many
 * items moved.
 */
export async function moveItems(
  client: AppClient,
  items: { folderIds?: readonly string[]; promptIds?: readonly string[] },
  targetFolderId: string | null,
): Promise<DataResult<number>> {
  let moved = 0;
  if (items.folderIds?.length) {
    const { data, error } = await client
      .from('prompt_folders')
      .update({ parent_folder_id: targetFolderId })
      .in('id', [...items.folderIds])
      .select('id');
    if (error) return fail(error);
    moved += (data ?? []).length;
  }
  if (items.promptIds?.length) {
    const { data, error } = await client
      .from('saved_prompts')
      .update({ folder_id: targetFolderId })
      .in('id', [...items.promptIds])
      .select('id');
    if (error) return fail(error);
    moved += (data ?? []).length;
  }
  return ok(moved);
}

/**
 * Searches the whole library: prompts whose name, text or a tag contains the words as typed
 * (case-insensitive), favourites first, then by name. One scan in the database
 * (search_prompt_library, migration 20261123000400) gives the page and the total together.
 */
export async function searchLibrary(
  client: AppClient,
  query: string,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<DataResult<{ prompts: PromptCard[]; total: number }>> {
  const search = query.trim();
  if (!search) return ok({ prompts: [], total: 0 });
  const page = (max_results: number, skip: number) => client.rpc('search_prompt_library', { search, max_results, skip });
  const { data, error } = await page(Math.min(limit, MAX_ROWS), offset);
  if (error) return fail(error);
  const rows = data ?? [];
  if (!rows.length && offset > 0) {
    // Past the last match: no row carries the total, so ask for it alone.
    const first = await page(1, 0);
    if (first.error) return fail(first.error);
    const [any] = first.data ?? [];
    return ok({ prompts: [], total: any ? Number(any.total) : 0 });
  }
  return ok({ prompts: rows.map(toCard), total: rows.length ? Number(rows[0]!.total) : 0 });
}
