import { z } from 'zod';
import { fail } from './http.ts';

/**
 * A request body checked against its zod schema. Every function answers a bad body the same way:
 * 400 with `{ error }` (what supabase-js' functions.invoke surfaces), the message being the first
 * problem's own text — schemas carry the sentences users see.
 */
export type BodyResult<T> = { ok: true; body: T } | { ok: false; response: Response };

export const NOT_JSON = 'The request body must be JSON.';

export async function readBody<S extends z.ZodType>(req: Request, schema: S): Promise<BodyResult<z.infer<S>>> {
  let raw: unknown;
  try {
    const text = await req.text();
    raw = text.trim() ? JSON.parse(text) : {};
  } catch {
    return { ok: false, response: fail(NOT_JSON, 400) };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, response: fail(parsed.error.issues[0]?.message ?? 'The request is not valid.', 400) };
}
