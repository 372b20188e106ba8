import { fillPrompt, pageValues, type FieldValues, type ParsedPrompt } from '@/shared/core/placeholders.ts';
import type { PageContext } from './messaging.ts';

/**
 * Filling a prompt in the side panel: the page variables come from the tab (the context menu's
 * selection wins over the page's own, which a right-click may have changed), the user's fields
 * and edits come on top. Pure.
 */

/** The page variables' values from the tab; a selection handed over by the context menu replaces the page's. */
export function pageVariableValues(context: PageContext | null, selectionOverride: string | null = null): Record<string, string> {
  return pageValues({
    selection: selectionOverride ?? context?.selection,
    page: context?.text,
    url: context?.url,
    title: context?.title,
    transcript: context?.transcript ?? undefined,
  });
}

/** Why a page variable has no value, by variable name, where the page says (a video without a transcript). */
export function pageVariableNotes(context: PageContext | null): Record<string, string> {
  return context?.transcriptNote ? { transcript: context.transcriptNote } : {};
}

export const SELECTION_HEADING = 'Selected text:';

/**
 * The prompt to send: placeholders filled; when the run was started on a selection and the prompt
 * has no {{selection}} of its own, the selection is added under it so it is not lost.
 */
export function composePrompt(
  text: string,
  parsed: ParsedPrompt,
  values: FieldValues,
  startedOnSelection: string | null,
): { text: string; missing: string[] } {
  const filled = fillPrompt(text, values, parsed);
  const usesSelection = parsed.fields.some((f) => f.kind === 'page' && f.name === 'selection');
  const selection = startedOnSelection?.trim();
  const out = selection && !usesSelection ? `${filled.text.trimEnd()}\n\n${SELECTION_HEADING}\n${selection}` : filled.text;
  return { text: out, missing: filled.missing.map((f) => f.label) };
}

/** The visible note when {{page}} was cut, or null. */
export function pageCutNote(context: Pick<PageContext, 'truncated' | 'text' | 'fullLength'> | null): string | null {
  if (!context?.truncated) return null;
  const n = (v: number) => v.toLocaleString('en-US');
  return `Page text cut to ${n(context.text.length)} of ${n(context.fullLength)} characters. Change the size in Settings.`;
}
