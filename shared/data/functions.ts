import { FunctionsFetchError } from '@supabase/supabase-js';
import { ACCOUNT_TEXTS } from '../core/account/texts.ts';
import { kindOfCode, type DataErrorKind } from './result.ts';

/**
 * Failed Edge Function calls. supabase-js reports a non-2xx answer as an error whose `context` is
 * the Response; our functions put the user-facing text in its JSON body as `error`, with an
 * optional machine `code` (the database's, when it refused) and toast `title`.
 */

export interface FunctionRefusal {
  error?: string;
  code?: string | null;
  title?: string;
}

/**
 * The refusal body of a failed call, or null when the function never answered or sent no JSON.
 * The gateway's own refusal (no JWT, or one it cannot verify: an expired session) comes as
 * `{ code: 401, message }` before any function runs; it reads as the functions' "sign in" sentence.
 */
export async function functionRefusal(error: unknown): Promise<FunctionRefusal | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return null;
  const body = (await context.json().catch(() => null)) as (FunctionRefusal & { message?: unknown }) | null;
  if (context.status === 401 && body && typeof body.error !== 'string' && typeof body.message === 'string') {
    return { error: ACCOUNT_TEXTS.signIn, code: null };
  }
  return body;
}

const KIND_OF_STATUS: Readonly<Record<number, DataErrorKind>> = {
  400: 'invalid',
  401: 'refused',
  403: 'refused',
  404: 'not_found',
  429: 'limit',
};

/** The kind of a failed call: unreachable, what the refusal's code implies, or what its HTTP status says. */
export function functionErrorKind(error: unknown, refusal: FunctionRefusal | null): DataErrorKind {
  if (error instanceof FunctionsFetchError) return 'network';
  const byCode = kindOfCode(refusal?.code ?? undefined);
  if (byCode !== 'server') return byCode;
  const context = (error as { context?: unknown } | null)?.context;
  return (context instanceof Response && KIND_OF_STATUS[context.status]) || 'server';
}
