import type { Json, Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import type { PromptQuestion } from '../core/placeholders.ts';
import type { LibraryPrompt } from '../core/promptLibrary/library.ts';
import type { FreeCategory, FreePrompt, OwnPrompt } from '../core/promptStacks.ts';
import {
  clampPage,
  defaultProviderFor,
  pageCount,
  RECOMMENDED_PAGE_SIZE,
  RECOMMENDED_TEXTS,
  type RecommendedPrompt,
} from '../core/recommendedPrompts.ts';
import { fetchAllPages, RANGE_PAST_END } from './paging.ts';
import { createPrompt } from './promptLibrary/library.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';

/**
 * The prompt catalogues (readable by everyone): the built-in free prompt stacks
 * (free_prompt_categories, free_prompts) and the recommended prompts (recommended_prompts),
 * plus what /prompts needs of the user's own prompts.
 *
 *   listFreeStacks · getFreePrompt · listOwnPromptsForStacks
 *   listRecommendedPrompts (search, category, page of 9, total) · listRecommendedCategories
 *   saveRecommendedPrompt (login and a non-empty name required)
 *
 * Same `{ data, error }` answers as shared/data/prompts.ts; saving while signed out gives code
 * 'login_required', a blank name code 'invalid', each with the texts of RECOMMENDED_TEXTS.
 */

type FreePromptRow = Omit<Tables<'free_prompts'>, 'sort_order'> & { free_prompt_premium_texts: { prompt_text: string } | null };
// A premium prompt's own text comes only with the plan (the database leaves the embed empty otherwise).
const FREE_COLUMNS =
  'id, category_id, name, prompt_text, llm_provider, template_id, is_premium, questions, free_prompt_premium_texts(prompt_text)';
const toFreePrompt = (r: FreePromptRow): FreePrompt => ({
  id: r.id,
  categoryId: r.category_id,
  name: r.name,
  promptText: r.free_prompt_premium_texts?.prompt_text ?? r.prompt_text,
  llmProvider: r.llm_provider,
  templateId: r.template_id,
  isPremium: r.is_premium,
  locked: r.is_premium && !r.free_prompt_premium_texts,
  questions: questionsOf(r.questions),
});

/** questions is jsonb: the catalogue stores { label, placeholderKey } objects there; anything else is left out. */
export function questionsOf(value: Json): PromptQuestion[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    item && typeof item === 'object' && !Array.isArray(item) && typeof item.label === 'string' && typeof item.placeholderKey === 'string'
      ? [{ label: item.label, placeholderKey: item.placeholderKey }]
      : [],
  );
}

/** The free categories and their prompts, each in their set order. */
export async function listFreeStacks(client: AppClient): Promise<DataResult<{ categories: FreeCategory[]; prompts: FreePrompt[] }>> {
  const [categories, prompts] = await Promise.all([
    client.from('free_prompt_categories').select('id, name, description').order('sort_order').order('id'),
    client.from('free_prompts').select(FREE_COLUMNS).order('category_id').order('sort_order').order('id'),
  ]);
  if (categories.error) return fail(categories.error);
  if (prompts.error) return fail(prompts.error);
  return ok({ categories: categories.data, prompts: prompts.data.map(toFreePrompt) });
}

/** One built-in free prompt (run-prompt of fp1 …), or null. */
export async function getFreePrompt(client: AppClient, id: string): Promise<DataResult<FreePrompt | null>> {
  const { data, error } = await client.from('free_prompts').select(FREE_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toFreePrompt(data) : null);
}

/** The user's prompts with their folder's name, by name, for /prompts. */
export async function listOwnPromptsForStacks(client: AppClient): Promise<DataResult<OwnPrompt[]>> {
  const result = await fetchAllPages((from, to) =>
    client
      .from('saved_prompts')
      .select('id, name, prompt_text, is_premium, folder_id, prompt_folders(name)')
      .order('sort_name')
      .order('id')
      .range(from, to),
  );
  if (result.error) return result;
  return ok(
    result.data.map((r) => ({
      id: r.id,
      name: r.name,
      promptText: r.prompt_text,
      isPremium: r.is_premium,
      folderId: r.folder_id,
      folderName: r.prompt_folders?.name ?? null,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Recommended prompts

type RecommendedRow = Omit<Tables<'recommended_prompts'>, 'created_at' | 'is_public'>;
const RECOMMENDED_COLUMNS = 'id, name, description, prompt_text, category, tags, llm_suitability';
const toRecommended = (r: RecommendedRow): RecommendedPrompt => ({
  id: r.id,
  name: r.name,
  description: r.description,
  promptText: r.prompt_text,
  category: r.category,
  tags: r.tags,
  llmSuitability: r.llm_suitability,
});

export interface RecommendedPage {
  prompts: RecommendedPrompt[];
  /** Matching prompts over all pages. */
  total: number;
  /** The page shown (1-based, kept within range). */
  page: number;
  pageCount: number;
}

/**
 * One page of the public catalogue, ordered by category then name: optionally only
 * one category, and only prompts whose name, description or a tag contains the search.
 */
export async function listRecommendedPrompts(
  client: AppClient,
  {
    search = '',
    category = null,
    page = 1,
    pageSize = RECOMMENDED_PAGE_SIZE,
  }: { search?: string; category?: string | null; page?: number; pageSize?: number } = {},
): Promise<DataResult<RecommendedPage>> {
  const query = (wanted: number) => {
    let q = client.rpc('search_recommended_prompts', { search: search.trim() }, { count: 'exact' }).select(RECOMMENDED_COLUMNS);
    if (category) q = q.eq('category', category);
    const from = (wanted - 1) * pageSize;
    return q
      .order('category')
      .order('name')
      .order('id')
      .range(from, from + pageSize - 1);
  };
  let wanted = Math.max(1, Math.floor(page) || 1);
  let result = await query(wanted);
  // A page past the end (the results shrank): show the last page instead.
  if (result.error?.code === RANGE_PAST_END) {
    const first = await query(1);
    if (first.error) return fail(first.error);
    wanted = clampPage(wanted, first.count ?? 0, pageSize);
    result = wanted === 1 ? first : await query(wanted);
  }
  if (result.error) return fail(result.error);
  const total = result.count ?? 0;
  return ok({ prompts: (result.data ?? []).map(toRecommended), total, page: wanted, pageCount: pageCount(total, pageSize) });
}

/** The category tabs, alphabetically (the page adds its 'All' tab). */
export async function listRecommendedCategories(client: AppClient): Promise<DataResult<string[]>> {
  const { data, error } = await client.rpc('recommended_prompt_categories');
  return error ? fail(error) : ok(data ?? []);
}

/**
 * Saves a copy of a recommended prompt into the user's library under the name they chose (only
 * signed in, and only with a non-blank name: refused before anything is sent), with its description, tags and the first
 * provider it suits.
 */
export async function saveRecommendedPrompt(
  client: AppClient,
  prompt: RecommendedPrompt,
  { name, folderId = null }: { name: string; folderId?: string | null },
): Promise<DataResult<LibraryPrompt>> {
  const { data: session } = await client.auth.getSession();
  if (!session.session) return fail({ message: RECOMMENDED_TEXTS.loginRequired.description, code: 'login_required' }, 'refused');
  if (!name.trim()) return invalid(RECOMMENDED_TEXTS.nameRequired.description);
  return createPrompt(client, {
    name,
    promptText: prompt.promptText,
    description: prompt.description,
    tags: prompt.tags,
    llmProvider: defaultProviderFor(prompt),
    folderId,
  });
}
