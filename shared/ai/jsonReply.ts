import type { ZodType } from 'zod';
import { AiJsonError } from './aiErrors.ts';

/**
 * The JSON value in a model's answer: the whole answer, a ```json fenced block, or the first
 * balanced {...} / [...] in it (models wrap JSON in prose more often than they should).
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    // Not bare JSON: look inside.
  }
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced) {
    try {
      return JSON.parse(fenced[1]!.trim());
    } catch {
      // Fall through to the scan.
    }
  }
  const start = trimmed.search(/[[{]/);
  if (start >= 0) {
    const open = trimmed[start]!;
    const close = open === '{' ? '}' : ']';
    let depth = 0;
    let inString = false;
    for (let i = start; i < trimmed.length; i++) {
      const ch = trimmed[i];
      if (inString) {
        if (ch === '\\') i++;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === open) depth++;
      else if (ch === close && --depth === 0) {
        try {
          return JSON.parse(trimmed.slice(start, i + 1));
        } catch {
          break;
        }
      }
    }
  }
  throw new AiJsonError('The answer holds no JSON.', text);
}

/** Parses and validates; any failure is an AiJsonError (→ 'The AI returned an unexpected data format. Please try again.'). */
export function parseJsonReply<T>(text: string, schema: ZodType<T>): T {
  const value = extractJson(text);
  const result = schema.safeParse(value);
  if (!result.success)
    throw new AiJsonError(`The answer does not have the expected shape: ${result.error.issues[0]?.message ?? 'invalid'}`, text);
  return result.data;
}
