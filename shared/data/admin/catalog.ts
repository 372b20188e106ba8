import type { AppClient } from '../supabase.ts';
import {
  catalogSlug,
  cleanFreeCategory,
  cleanFreePrompt,
  cleanRecommended,
  firstProblem,
  validateFreeCategory,
  validateFreePrompt,
  validateRecommended,
  type FreeCategoryDraft,
  type FreePromptDraft,
  type RecommendedDraft,
} from '../../core/admin/catalog.ts';
import { CATALOG_TEXTS } from '../../core/admin/catalogTexts.ts';
import type { RecommendedPrompt } from '../../core/recommendedPrompts.ts';
import { fetchAllPages } from '../paging.ts';
import { questionsOf } from '../promptCatalog.ts';
import { fail, invalid, ok, RLS_REFUSED, type DataResult } from '../result.ts';

/**
 * What the admin editors read and write of the prompt catalogues. Row-level security lets only
 * admins write (and see hidden recommended prompts and premium texts); a write it filters out
 * touches no row, which is answered as a refusal rather than a silent success.
 *
 *   listRecommendedForAdmin · saveRecommended · deleteRecommended
 *   listFreeCatalogForAdmin · createFreeCategory · updateFreeCategory · deleteFreeCategory · reorderFreeCategories
 *   createFreePrompt · updateFreePrompt · deleteFreePrompt · reorderFreePrompts
 */

export interface AdminRecommended extends RecommendedPrompt {
  isPublic: boolean;
}

export interface AdminFreeCategory {
  id: string;
  name: string;
  description: string;
}

export interface AdminFreePrompt extends FreePromptDraft {
  id: string;
  categoryId: string;
}

export interface AdminFreeCatalog {
  /** In their set order. */
  categories: AdminFreeCategory[];
  /** Grouped by category, each in its set order. */
  prompts: AdminFreePrompt[];
}

const refused = () => fail({ message: CATALOG_TEXTS.refused, code: '42501' }, 'refused');
const UNIQUE_VIOLATION = '23505';

const RECOMMENDED_COLUMNS = 'id, name, description, prompt_text, category, tags, llm_suitability, is_public';

/** Every recommended prompt, hidden ones included, by category then name. */
export async function listRecommendedForAdmin(client: AppClient): Promise<DataResult<AdminRecommended[]>> {
  const result = await fetchAllPages((from, to) =>
    client.from('recommended_prompts').select(RECOMMENDED_COLUMNS).order('category').order('name').order('id').range(from, to),
  );
  if (result.error) return result;
  return ok(
    result.data.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      promptText: r.prompt_text,
      category: r.category,
      tags: r.tags,
      llmSuitability: r.llm_suitability,
      isPublic: r.is_public,
    })),
  );
}

/** Adds (id null) or changes a recommended prompt; the draft is checked first. */
export async function saveRecommended(client: AppClient, id: string | null, draft: RecommendedDraft): Promise<DataResult<{ id: string }>> {
  const problem = firstProblem({ ...validateRecommended(draft) });
  if (problem) return invalid(problem);
  const d = cleanRecommended(draft);
  const row = {
    name: d.name,
    description: d.description,
    prompt_text: d.promptText,
    category: d.category,
    tags: d.tags,
    llm_suitability: d.llmSuitability,
    is_public: d.isPublic,
  };
  const { data, error } = id
    ? await client.from('recommended_prompts').update(row).eq('id', id).select('id')
    : await client.from('recommended_prompts').insert(row).select('id');
  if (error) return fail(error);
  return data[0] ? ok({ id: data[0].id }) : refused();
}

export async function deleteRecommended(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('recommended_prompts').delete().eq('id', id).select('id');
  if (error) return fail(error);
  return data.length ? ok() : refused();
}

/** The free categories and their prompts, premium prompts with their whole text (admins may read it). */
export async function listFreeCatalogForAdmin(client: AppClient): Promise<DataResult<AdminFreeCatalog>> {
  const [categories, prompts] = await Promise.all([
    client.from('free_prompt_categories').select('id, name, description').order('sort_order').order('id'),
    client
      .from('free_prompts')
      .select('id, category_id, name, prompt_text, llm_provider, is_premium, questions, free_prompt_premium_texts(prompt_text)')
      .order('category_id')
      .order('sort_order')
      .order('id'),
  ]);
  if (categories.error) return fail(categories.error);
  if (prompts.error) return fail(prompts.error);
  return ok({
    categories: categories.data,
    prompts: prompts.data.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      name: r.name,
      promptText: r.free_prompt_premium_texts?.prompt_text ?? r.prompt_text,
      llmProvider: r.llm_provider,
      isPremium: r.is_premium,
      questions: questionsOf(r.questions),
    })),
  });
}

/**
 * Inserts a row under a readable id made from its name; when another admin took that id in the
 * meantime, the next free one is tried.
 */
async function insertWithSlug(
  name: string,
  taken: readonly string[],
  insert: (id: string) => PromiseLike<{ data: { id: string }[] | null; error: { message: string; code?: string } | null }>,
): Promise<DataResult<{ id: string }>> {
  const used = [...taken];
  for (let attempt = 0; ; attempt++) {
    const id = catalogSlug(name, used);
    const { data, error } = await insert(id);
    if (error?.code === UNIQUE_VIOLATION && attempt < 3) {
      used.push(id);
      continue;
    }
    if (error) return fail(error);
    return data?.[0] ? ok({ id: data[0].id }) : refused();
  }
}

/** A new category, last in the order. `existing` are the category ids in their order. */
export async function createFreeCategory(
  client: AppClient,
  draft: FreeCategoryDraft,
  existing: readonly string[],
): Promise<DataResult<{ id: string }>> {
  const problem = firstProblem({ ...validateFreeCategory(draft) });
  if (problem) return invalid(problem);
  const d = cleanFreeCategory(draft);
  return insertWithSlug(d.name, existing, (id) =>
    client
      .from('free_prompt_categories')
      .insert({ id, name: d.name, description: d.description, sort_order: existing.length + 1 })
      .select('id'),
  );
}

export async function updateFreeCategory(client: AppClient, id: string, draft: FreeCategoryDraft): Promise<DataResult<void>> {
  const problem = firstProblem({ ...validateFreeCategory(draft) });
  if (problem) return invalid(problem);
  const d = cleanFreeCategory(draft);
  const { data, error } = await client
    .from('free_prompt_categories')
    .update({ name: d.name, description: d.description })
    .eq('id', id)
    .select('id');
  if (error) return fail(error);
  return data.length ? ok() : refused();
}

/** Deletes a category and, with it, its prompts. */
export async function deleteFreeCategory(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('free_prompt_categories').delete().eq('id', id).select('id');
  if (error) return fail(error);
  return data.length ? ok() : refused();
}

/**
 * One database call that numbers the rows 1, 2, … in the given order (the ids given first, any
 * others after), all or nothing; admins only.
 */
async function renumber(
  client: AppClient,
  fn: 'reorder_free_prompt_categories' | 'reorder_free_prompts',
  ids: readonly string[],
): Promise<DataResult<void>> {
  const { error } = await client.rpc(fn, { ordered_ids: [...ids] });
  if (!error) return ok();
  return error.code === RLS_REFUSED ? refused() : fail(error);
}

/** Puts the categories in this order (every category id, first to last). */
export const reorderFreeCategories = (client: AppClient, ids: readonly string[]): Promise<DataResult<void>> =>
  renumber(client, 'reorder_free_prompt_categories', ids);

/** Puts one category's prompts in this order (its prompt ids, first to last). */
export const reorderFreePrompts = (client: AppClient, ids: readonly string[]): Promise<DataResult<void>> =>
  renumber(client, 'reorder_free_prompts', ids);

const freePromptRow = (d: FreePromptDraft) => ({
  name: d.name,
  prompt_text: d.promptText,
  llm_provider: d.llmProvider,
  is_premium: d.isPremium,
  questions: d.questions.map((q) => ({ label: q.label, placeholderKey: q.placeholderKey })),
});

/**
 * A new prompt, last in its category. `takenIds` are every free prompt's id (ids are unique over
 * all categories); `position` is its place in the category (the count of prompts already there).
 */
export async function createFreePrompt(
  client: AppClient,
  categoryId: string,
  draft: FreePromptDraft,
  { takenIds, position }: { takenIds: readonly string[]; position: number },
): Promise<DataResult<{ id: string }>> {
  const problem = firstProblem({ ...validateFreePrompt(draft) });
  if (problem) return invalid(problem);
  const d = cleanFreePrompt(draft);
  return insertWithSlug(d.name, takenIds, (id) =>
    client
      .from('free_prompts')
      .insert({ id, category_id: categoryId, sort_order: position + 1, ...freePromptRow(d) })
      .select('id'),
  );
}

/** Changes a prompt; a premium prompt's text is moved apart by the database. */
export async function updateFreePrompt(client: AppClient, id: string, draft: FreePromptDraft): Promise<DataResult<void>> {
  const problem = firstProblem({ ...validateFreePrompt(draft) });
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('free_prompts')
    .update(freePromptRow(cleanFreePrompt(draft)))
    .eq('id', id)
    .select('id');
  if (error) return fail(error);
  return data.length ? ok() : refused();
}

export async function deleteFreePrompt(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('free_prompts').delete().eq('id', id).select('id');
  if (error) return fail(error);
  return data.length ? ok() : refused();
}
