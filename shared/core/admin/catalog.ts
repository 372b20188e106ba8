/**
 * The admin editors of the prompt catalogues (recommended prompts, free prompt stacks): what a
 * draft must hold before it is saved, readable ids for new free rows, moving a row up or down,
 * and the search of the admin list. Pure: shared/data/admin/catalog.ts writes the rows.
 */

import { parsePrompt, type PromptQuestion } from '../placeholders.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, type ProviderId, isProviderId } from '../providerKeys.ts';

import { CATALOG_TEXTS } from './catalogTexts.ts';

/** The providers a catalogue prompt can be marked as suited to (or run with), with their labels. */
export const CATALOG_PROVIDERS: readonly { id: ProviderId; label: string }[] = PROVIDER_IDS.map((id) => ({
  id,
  label: PROVIDER_KEYS[id].label,
}));

export interface RecommendedDraft {
  name: string;
  description: string;
  promptText: string;
  category: string;
  tags: string[];
  llmSuitability: string[];
  isPublic: boolean;
}

export interface FreeCategoryDraft {
  name: string;
  description: string;
}

export interface FreePromptDraft {
  name: string;
  promptText: string;
  llmProvider: string;
  isPremium: boolean;
  questions: PromptQuestion[];
}

export type RecommendedErrors = Partial<Record<'name' | 'promptText' | 'category' | 'llmSuitability', string>>;
export type FreeCategoryErrors = Partial<Record<'name', string>>;
export interface FreePromptErrors {
  name?: string;
  promptText?: string;
  llmProvider?: string;
  /** One entry per question row: its problem, or null. */
  questions: (string | null)[];
}

const blank = (value: string): boolean => value.trim() === '';

/** 'SEO, seo , Ads,' → ['SEO', 'Ads']: trimmed, without blanks or repeats (ignoring case), in the order typed. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/** What to save: the draft with its texts trimmed (the prompt text keeps its inner layout). */
export function cleanRecommended(draft: RecommendedDraft): RecommendedDraft {
  return {
    ...draft,
    name: draft.name.trim(),
    description: draft.description.trim(),
    promptText: draft.promptText.trim(),
    category: draft.category.trim(),
    tags: parseTags(draft.tags.join(',')),
    llmSuitability: PROVIDER_IDS.filter((id) => draft.llmSuitability.includes(id)),
  };
}

export function validateRecommended(draft: RecommendedDraft): RecommendedErrors {
  const errors: RecommendedErrors = {};
  if (blank(draft.name)) errors.name = CATALOG_TEXTS.nameRequired;
  if (blank(draft.promptText)) errors.promptText = CATALOG_TEXTS.textRequired;
  if (blank(draft.category)) errors.category = CATALOG_TEXTS.categoryRequired;
  if (draft.llmSuitability.some((id) => !isProviderId(id))) errors.llmSuitability = CATALOG_TEXTS.unknownProvider;
  return errors;
}

export function validateFreeCategory(draft: FreeCategoryDraft): FreeCategoryErrors {
  return blank(draft.name) ? { name: CATALOG_TEXTS.nameRequired } : {};
}

/** A question's key as written, without surrounding brackets: '[ Topic ]' → 'Topic'. */
const bareKey = (key: string): string => key.trim().replace(/^\[\s*(.*?)\s*\]$/, '$1');
/** Placeholder names match ignoring case and runs of spaces (as parsePrompt matches them). */
const keyId = (key: string): string => bareKey(key).replace(/\s+/g, ' ').toLowerCase();

/** The names of the text's [bracketed] placeholders (page variables such as {{url}} are filled by the page, not asked). */
export function placeholderNames(promptText: string): string[] {
  return parsePrompt(promptText).fields.flatMap((f) => (f.kind === 'page' ? [] : [f.name]));
}

/**
 * Name, text and a known provider are required; each question needs a label and the key of a
 * [bracketed] placeholder of the text, asked once.
 */
export function validateFreePrompt(draft: FreePromptDraft): FreePromptErrors {
  const errors: FreePromptErrors = { questions: [] };
  if (blank(draft.name)) errors.name = CATALOG_TEXTS.nameRequired;
  if (blank(draft.promptText)) errors.promptText = CATALOG_TEXTS.textRequired;
  if (!isProviderId(draft.llmProvider)) errors.llmProvider = CATALOG_TEXTS.unknownProvider;
  const placeholders = new Set(placeholderNames(draft.promptText).map(keyId));
  const asked = new Set<string>();
  errors.questions = draft.questions.map((q) => {
    const id = keyId(q.placeholderKey);
    if (blank(q.label)) return CATALOG_TEXTS.questionLabelRequired;
    if (!id) return CATALOG_TEXTS.questionKeyRequired;
    if (!placeholders.has(id)) return CATALOG_TEXTS.questionKeyMissing(bareKey(q.placeholderKey));
    if (asked.has(id)) return CATALOG_TEXTS.questionKeyRepeated(bareKey(q.placeholderKey));
    asked.add(id);
    return null;
  });
  return errors;
}

/** The first problem of a validation, to show in a notice; null when there is none. */
export function firstProblem(errors: { questions?: (string | null)[] } & Record<string, unknown>): string | null {
  for (const [field, value] of Object.entries(errors)) {
    if (field === 'questions') continue;
    if (typeof value === 'string') return value;
  }
  return errors.questions?.find((q) => q !== null) ?? null;
}

/** What to save: trimmed texts, and each question's key as written in the text (without brackets). */
export function cleanFreePrompt(draft: FreePromptDraft): FreePromptDraft {
  return {
    ...draft,
    name: draft.name.trim(),
    promptText: draft.promptText.trim(),
    questions: draft.questions.map((q) => ({ label: q.label.trim(), placeholderKey: bareKey(q.placeholderKey) })),
  };
}

export const cleanFreeCategory = (draft: FreeCategoryDraft): FreeCategoryDraft => ({
  name: draft.name.trim(),
  description: draft.description.trim(),
});

const SLUG_MAX = 48;

/**
 * A readable id for a new free category or prompt from its name ('Launch Week!' → 'launch-week'),
 * made unique against the ids already taken with -2, -3, …
 */
export function catalogSlug(name: string, taken: Iterable<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, SLUG_MAX)
      .replace(/^-+|-+$/g, '') || 'item';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The ids with one moved a place up (-1) or down (+1); unchanged at either end or when it is not there. */
export function moveId(ids: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

/** The admin list's search: name, category or a tag containing the words, ignoring case; blank keeps all. */
export function filterCatalog<T extends { name: string; category: string; tags: readonly string[] }>(
  rows: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter(
    (r) =>
      r.name.toLowerCase().includes(needle) ||
      r.category.toLowerCase().includes(needle) ||
      r.tags.some((t) => t.toLowerCase().includes(needle)),
  );
}
