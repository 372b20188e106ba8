import type { ForEachSettings } from './definition.ts';
import { WORKFLOW_LIMITS } from './limits.ts';
import { WORKFLOW_TEXTS } from './texts.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * The items of a "for each" step, split from an earlier output. Lines: each non-empty line, with
 * list markers ("- ", "* ", "1. ", "2) ") taken off, since models answer lists that way. JSON: the
 * first JSON array in the output (a fenced ```json block or bare), each element as text (strings as
 * they are, objects as JSON). Pure.
 */

const LIST_MARKER = /^\s*(?:[-*•]\s+|\d{1,3}[.)]\s+)/;

function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(LIST_MARKER, '').trim())
    .filter((line) => line.length > 0);
}

function firstJsonArray(text: string): unknown[] | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  for (const candidate of [fenced, text].filter((t): t is string => typeof t === 'string')) {
    const start = candidate.indexOf('[');
    const end = candidate.lastIndexOf(']');
    if (start < 0 || end <= start) continue;
    try {
      const value: unknown = JSON.parse(candidate.slice(start, end + 1));
      if (Array.isArray(value)) return value;
    } catch {
      // not JSON here; try the next candidate
    }
  }
  return null;
}

export function splitItems(output: string, split: ForEachSettings['split']): Check<string[]> {
  let items: string[];
  if (split === 'lines') items = splitLines(output);
  else {
    const array = firstJsonArray(output);
    if (!array) return refused(WORKFLOW_TEXTS.noJsonArray);
    items = array.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).filter((v) => v.trim().length > 0);
  }
  if (items.length === 0) return refused(WORKFLOW_TEXTS.noItems);
  if (items.length > WORKFLOW_LIMITS.forEachItems) return refused(WORKFLOW_TEXTS.tooManyItems(items.length));
  return passed(items);
}

/** A for-each step's output: each item's answer under its number, in item order. */
export function joinItemOutputs(outputs: readonly string[]): string {
  return outputs.map((text, i) => `## ${i + 1}\n\n${text.trim()}`).join('\n\n');
}

/**
 * Runs `work` over the items with at most `limit` at once, results in item order. Stops starting
 * new items once `signal` is aborted; a failure of one item does not stop the others (the caller
 * sees each outcome).
 */
export async function mapBounded<T>(
  count: number,
  limit: number,
  work: (index: number) => Promise<T>,
  signal?: AbortSignal,
): Promise<(T | undefined)[]> {
  const results: (T | undefined)[] = new Array(count).fill(undefined);
  let next = 0;
  const lane = async () => {
    while (next < count && !signal?.aborted) {
      const index = next++;
      results[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), count) }, lane));
  return results;
}
