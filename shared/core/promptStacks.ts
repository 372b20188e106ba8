/**
 * The Prompt Stacks page (/prompts): the built-in free stacks and the
 * user's own prompts as one list of category cards and prompts, search, the three empty texts and
 * the Free / Subscription badges; and the run-prompt rules for premium prompts.
 * Pure: shared/data/promptsCatalog.ts loads the rows.
 */

import type { PromptQuestion } from './placeholders.ts';

export const STACK_TEXTS = {
  noMatch: 'No prompts match your search.',
  emptyCategory: 'No prompts in this category currently.',
  nothing: 'No prompts found. Start by exploring free categories or create your own!',
  clearFilters: 'Clear Filters',
  usePrompt: 'Use Prompt',
  free: 'Free',
  subscription: 'Subscription',
  uncategorized: 'Uncategorized (Yours)',
  freeFolder: (category: string) => `Free - ${category}`,
  /** A built-in prompt that needs a plan is not filed under "Free": its folder says what its badge says. */
  subscriptionFolder: (category: string) => `Subscription - ${category}`,
} as const;

/** The folder a built-in prompt is shown in: 'Free - {category}', or 'Subscription - {category}' for premium ones. */
export const builtInFolderOf = (category: string, isPremium: boolean): string =>
  isPremium ? STACK_TEXTS.subscriptionFolder(category) : STACK_TEXTS.freeFolder(category);

export interface FreeCategory {
  id: string;
  name: string;
  description: string;
}

export interface FreePrompt {
  id: string;
  categoryId: string;
  name: string;
  promptText: string;
  llmProvider: string;
  templateId: string | null;
  isPremium: boolean;
  /** Premium without the plan: `promptText` is only the teaser, and it cannot be run. */
  locked: boolean;
  questions: PromptQuestion[];
}

/** The user's prompt as the page needs it (with its folder's name joined from prompt_folders). */
export interface OwnPrompt {
  id: string;
  name: string;
  promptText: string;
  isPremium: boolean;
  folderId: string | null;
  folderName: string | null;
}

export type Badge = typeof STACK_TEXTS.free | typeof STACK_TEXTS.subscription;

export interface StackPrompt {
  id: string;
  name: string;
  promptText: string;
  source: 'free' | 'own';
  /** The category card it belongs to. */
  categoryKey: string;
  /** 'Free - Marketing Magic' ('Subscription - …' for premium), the folder's name, or 'Uncategorized (Yours)'. */
  folderName: string;
  badge: Badge;
  isPremium: boolean;
  /** /run-prompt/{id}. */
  runPath: string;
}

export interface StackCategory {
  key: string;
  name: string;
  description: string;
  source: 'free' | 'own';
  count: number;
}

export const badgeOf = (isPremium: boolean): Badge => (isPremium ? STACK_TEXTS.subscription : STACK_TEXTS.free);
export const runPromptPath = (id: string): string => `/run-prompt/${encodeURIComponent(id)}`;

const UNCATEGORIZED_KEY = 'own:uncategorized';

/** Free categories first (in their order), then the user's folders by name, then Uncategorized. */
export function buildPromptStacks(
  free: { categories: readonly FreeCategory[]; prompts: readonly FreePrompt[] },
  own: readonly OwnPrompt[],
): { categories: StackCategory[]; prompts: StackPrompt[] } {
  const categoryNames = new Map(free.categories.map((c) => [c.id, c.name]));
  const prompts: StackPrompt[] = [];
  for (const p of free.prompts) {
    const category = categoryNames.get(p.categoryId);
    if (category === undefined) continue;
    prompts.push({
      id: p.id,
      name: p.name,
      promptText: p.promptText,
      source: 'free',
      categoryKey: `free:${p.categoryId}`,
      folderName: builtInFolderOf(category, p.isPremium),
      badge: badgeOf(p.isPremium),
      isPremium: p.isPremium,
      runPath: runPromptPath(p.id),
    });
  }
  const ownFolders = new Map<string, StackCategory>();
  for (const p of own) {
    const key = p.folderId ? `own:${p.folderId}` : UNCATEGORIZED_KEY;
    const folderName = p.folderId && p.folderName ? p.folderName : STACK_TEXTS.uncategorized;
    const category = ownFolders.get(key) ?? { key, name: folderName, description: '', source: 'own' as const, count: 0 };
    category.count++;
    ownFolders.set(key, category);
    prompts.push({
      id: p.id,
      name: p.name,
      promptText: p.promptText,
      source: 'own',
      categoryKey: key,
      folderName,
      badge: badgeOf(p.isPremium),
      isPremium: p.isPremium,
      runPath: runPromptPath(p.id),
    });
  }
  const freeCategories: StackCategory[] = free.categories.map((c) => ({
    key: `free:${c.id}`,
    name: c.name,
    description: c.description,
    source: 'free',
    count: prompts.filter((p) => p.categoryKey === `free:${c.id}`).length,
  }));
  const ownCategories = [...ownFolders.values()].sort((a, b) =>
    a.key === UNCATEGORIZED_KEY ? 1 : b.key === UNCATEGORIZED_KEY ? -1 : a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
  );
  return { categories: [...freeCategories, ...ownCategories], prompts };
}

export interface StackFilter {
  search: string;
  /** null: every category. */
  categoryKey: string | null;
}

/** Case-insensitive search across name and prompt text, within the chosen category. */
export function filterStackPrompts(prompts: readonly StackPrompt[], filter: StackFilter): StackPrompt[] {
  const needle = filter.search.trim().toLowerCase();
  return prompts.filter(
    (p) =>
      (filter.categoryKey === null || p.categoryKey === filter.categoryKey) &&
      (!needle || p.name.toLowerCase().includes(needle) || p.promptText.toLowerCase().includes(needle)),
  );
}

/** The empty text for an empty result (null when there are results), and whether to link to /my-prompts. */
export function stacksEmptyState(
  shown: number,
  filter: StackFilter,
  signedIn: boolean,
): { text: string | null; showMyPromptsLink: boolean } {
  if (shown > 0) return { text: null, showMyPromptsLink: false };
  const text = filter.search.trim() ? STACK_TEXTS.noMatch : filter.categoryKey !== null ? STACK_TEXTS.emptyCategory : STACK_TEXTS.nothing;
  return { text, showMyPromptsLink: signedIn };
}

export const hasActiveFilters = (filter: StackFilter): boolean => filter.search.trim() !== '' || filter.categoryKey !== null;
