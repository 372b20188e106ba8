import type { AppClient } from '../supabase.ts';
import { DEFAULT_SORT, sortOrder, type LibrarySort } from '../../core/promptLibrary/sort.ts';
import { MAX_ROWS, RANGE_PAST_END } from '../paging.ts';
import { DEFAULT_PAGE_SIZE, type PromptCard } from './library.ts';
import { CARD_COLUMNS, toCard, type CardRow } from './rows.ts';
import { fail, ok, type DataResult } from '../result.ts';

/**
 * Views of the prompt library across folders: favourites, prompts by tag, the user's tags, and
 * what a folder holds before it is deleted. Like library.ts, every function takes the signed-in
 * user's client and answers a DataResult; RLS keeps it to the
 * user's own rows.
 */

export interface LibraryTag {
  /** The spelling shown (the one used most). */
  tag: string;
  /** Every spelling of it in the library ('SEO', 'seo'): filter with these. */
  spellings: string[];
  /** How many prompts carry it. */
  prompts: number;
}

export interface PromptFilter {
  /** Only favourites. */
  favorites?: boolean;
  /** Only prompts carrying one of these tags (a tag's spellings). */
  anyTag?: readonly string[];
}

/**
 * One page of the prompts matching a filter, from every folder, in the chosen order, with the
 * total. An empty filter lists the whole library.
 */
export async function listFilteredPrompts(
  client: AppClient,
  filter: PromptFilter,
  sort: LibrarySort = DEFAULT_SORT,
  page: { offset?: number; limit?: number } = {},
): Promise<DataResult<{ prompts: PromptCard[]; total: number }>> {
  const { column, ascending } = sortOrder(sort);
  const offset = page.offset ?? 0;
  const limit = Math.min(page.limit ?? DEFAULT_PAGE_SIZE, MAX_ROWS);
  const query = <Columns extends string>(columns: Columns, options: { count: 'exact'; head?: boolean }) => {
    let q = client.from('saved_prompts').select(columns, options);
    if (filter.favorites) q = q.eq('is_favorite', true);
    if (filter.anyTag) q = q.overlaps('tags', [...filter.anyTag]);
    return q;
  };
  if (filter.anyTag && filter.anyTag.length === 0) return ok({ prompts: [], total: 0 });
  const { data, error, count } = await query(CARD_COLUMNS, { count: 'exact' })
    .order(column, { ascending })
    .order('id', { ascending })
    .range(offset, offset + limit - 1)
    .overrideTypes<CardRow[], { merge: false }>(); // CardRow: see CARD_COLUMNS
  if (error?.code === RANGE_PAST_END) {
    const counted = await query('id', { count: 'exact', head: true });
    if (counted.error) return fail(counted.error);
    return ok({ prompts: [], total: counted.count ?? 0 });
  }
  if (error) return fail(error);
  const rows = data ?? [];
  return ok({ prompts: rows.map(toCard), total: count ?? rows.length });
}

/** The user's tags, A-Z, each with its spellings and how many prompts carry it. */
export async function listTags(client: AppClient): Promise<DataResult<LibraryTag[]>> {
  const { data, error } = await client.rpc('prompt_library_tags');
  if (error) return fail(error);
  return ok((data ?? []).map((r) => ({ tag: r.tag, spellings: r.spellings, prompts: Number(r.prompts) })));
}

/** How many folders (at any depth) and prompts a folder holds; zeros for a folder that is not the user's. */
export async function folderSummary(client: AppClient, folderId: string): Promise<DataResult<{ folders: number; prompts: number }>> {
  const { data, error } = await client.rpc('prompt_folder_summary', { folder: folderId });
  if (error) return fail(error);
  const [row] = data ?? [];
  return ok({ folders: Number(row?.folders ?? 0), prompts: Number(row?.prompts ?? 0) });
}
