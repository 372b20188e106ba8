/** The notice after copying to the clipboard, everywhere. */
export const COPIED_TEXT = '✅ Copied to clipboard!';

/** Cuts text to at most `max` characters, at a word boundary when one is close. */
export function cutText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const slice = text.slice(0, max);
  const boundary = slice.lastIndexOf(' ');
  return { text: (boundary > max * 0.8 ? slice.slice(0, boundary) : slice).trimEnd(), truncated: true };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put inside HTML, in element content and in quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** "1 file", "3 files", "1,200 prompts": a count with its word (`many` for irregular plurals). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A markdown bullet list, one item a line. */
export const markdownList = (items: readonly string[]): string => items.map((item) => `- ${item}`).join('\n');

/** The text to show for a failure: an Error's message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
