/**
 * What the prompt library accepts: folder names, prompt drafts and tags, within the limits the
 * database checks too (PROMPT_LIMITS). Pure.
 */
import { LIBRARY_TEXTS, PROMPT_LIMITS, type PromptDraft } from './library.ts';

/** 'Folder name cannot be empty' or null; the name to save is trimmed. */
export function folderNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return LIBRARY_TEXTS.folderNameRequired;
  if (trimmed.length > PROMPT_LIMITS.nameMax) return `Folder name must be at most ${PROMPT_LIMITS.nameMax} characters.`;
  return null;
}

/** 'Prompt name and text are required.', a length limit, or null. */
export function promptDraftProblem(draft: Pick<PromptDraft, 'name' | 'promptText' | 'description' | 'tags'>): string | null {
  if (!draft.name.trim() || !draft.promptText.trim()) return LIBRARY_TEXTS.promptFieldsRequired;
  if (draft.name.trim().length > PROMPT_LIMITS.nameMax) return `Prompt name must be at most ${PROMPT_LIMITS.nameMax} characters.`;
  if (draft.promptText.length > PROMPT_LIMITS.textMax)
    return `Prompt text must be at most ${PROMPT_LIMITS.textMax.toLocaleString('en-US')} characters.`;
  if ((draft.description ?? '').length > PROMPT_LIMITS.descriptionMax)
    return `Description must be at most ${PROMPT_LIMITS.descriptionMax.toLocaleString('en-US')} characters.`;
  return null;
}

/**
 * Tags as stored: trimmed, inner spaces collapsed, commas split (a tag never holds one, so CSV can
 * join them), cut at 40 characters, the first spelling of case-insensitive repeats kept, at most 20.
 */
export function normalizeTags(input: readonly string[] | string): string[] {
  const raw = typeof input === 'string' ? [input] : input;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of raw.flatMap((t) => t.split(','))) {
    const tag = Array.from(part.replace(/\s+/g, ' ').trim()).slice(0, PROMPT_LIMITS.tagMax).join('').trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === PROMPT_LIMITS.tagsMax) break;
  }
  return tags;
}
