/**
 * What every Edge Function here shares: configuration (process.env locally, Deno.env on hosted
 * Supabase), JSON answers with CORS for the dashboard and extension, and the caller's account
 * checked with Supabase Auth (plain fetch: the same file runs in Node, on the local stack, and
 * Deno). The database is reached through db.ts (typed supabase-js); request bodies through body.ts.
 */

declare const Deno: { env: { get(name: string): string | undefined } } | undefined;

export function env(name: string): string {
  const value =
    (typeof process !== 'undefined' ? process.env[name] : undefined) ?? (typeof Deno !== 'undefined' ? Deno.env.get(name) : undefined);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** A setting that may be absent. */
export function optionalEnv(name: string): string | undefined {
  try {
    return env(name);
  } catch {
    return undefined;
  }
}

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...CORS_HEADERS } });
}

/** An error answer in the shape supabase-js' functions.invoke surfaces: { error: message }. */
export const fail = (message: string, status: number): Response => json({ error: message }, status);

/** The sentence of a { error } answer (body.ts' refusal of a body), for a function that answers in a shape of its own ({ error, title }, { error, code }). */
export async function errorOf(answer: Response): Promise<string> {
  const body: unknown = await answer.json().catch(() => null);
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
    ? body.error
    : 'The request is not valid.';
}

export const preflight = (req: Request): Response | null =>
  req.method === 'OPTIONS' ? new Response('ok', { headers: CORS_HEADERS }) : null;

export interface Caller {
  id: string;
  email: string;
  token: string;
}

/** The signed-in caller (Auth checks the JWT), or null for anon keys, expired or forged tokens. */
export async function callerOf(req: Request): Promise<Caller | null> {
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) return null;
  const res = await fetch(`${env('SUPABASE_URL')}/auth/v1/user`, {
    headers: { apikey: env('SUPABASE_ANON_KEY'), authorization: `Bearer ${token}` },
  });
  if (!res.ok) return null;
  const user = (await res.json()) as { id?: string; email?: string };
  return user.id ? { id: user.id, email: user.email ?? '', token } : null;
}
