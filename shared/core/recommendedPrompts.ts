/**
 * The recommended-prompt catalogue: page size 9,
 * numbered pagination, tags shown as the first 3 then '+n more', and the save-to-library checks.
 * Pure: shared/data/promptsCatalog.ts queries the rows.
 */

export const RECOMMENDED_PAGE_SIZE = 9;
const RECOMMENDED_TAGS_SHOWN = 3;
/** The tab that shows every category. */
export const ALL_CATEGORIES = 'All';

export interface RecommendedPrompt {
  id: string;
  name: string;
  description: string;
  promptText: string;
  category: string;
  tags: string[];
  /** Providers it suits ('openai', 'anthropic', …). */
  llmSuitability: string[];
}

/** Saving needs login and a non-empty name (the texts are ours). */
export const RECOMMENDED_TEXTS = {
  loginRequired: { title: 'Login Required', description: 'Please sign in to save prompts to your library.' },
  nameRequired: { title: 'Name Required', description: 'Please enter a name for the prompt.' },
  saved: (name: string) => ({ title: 'Saved to your library', description: `"${name}" is in My Prompts.` }),
  saveFailed: (message: string) => ({ title: 'Error saving prompt', description: message, variant: 'destructive' as const }),
  loadFailed: (message: string) => ({ title: 'Error loading recommended prompts', description: message, variant: 'destructive' as const }),
  noResults: 'No recommended prompts match your search.',
} as const;

/** The first 3 tags and the '+n more' label (null when nothing is hidden). */
export function tagsPreview(tags: readonly string[]): { shown: string[]; more: string | null } {
  const hidden = tags.length - RECOMMENDED_TAGS_SHOWN;
  return { shown: tags.slice(0, RECOMMENDED_TAGS_SHOWN), more: hidden > 0 ? `+${hidden} more` : null };
}

export const pageCount = (total: number, pageSize = RECOMMENDED_PAGE_SIZE): number => Math.max(1, Math.ceil(total / pageSize));

/** A 1-based page kept within 1 … pageCount. */
export const clampPage = (page: number, total: number, pageSize = RECOMMENDED_PAGE_SIZE): number =>
  Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), pageCount(total, pageSize));

/** The provider a saved copy runs with: the first it suits, else openai. */
export const defaultProviderFor = (prompt: Pick<RecommendedPrompt, 'llmSuitability'>): string => prompt.llmSuitability[0] ?? 'openai';

/** Why the save cannot happen, or null. */
export function saveRecommendedProblem(signedIn: boolean, name: string): { title: string; description: string } | null {
  if (!signedIn) return RECOMMENDED_TEXTS.loginRequired;
  if (!name.trim()) return RECOMMENDED_TEXTS.nameRequired;
  return null;
}
