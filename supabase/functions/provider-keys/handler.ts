import { CUSTOM_BASE_URL_COLUMN, PROVIDER_KEY_COLUMNS } from '@/shared/core/providerKeys.ts';
import { callerOf, env, fail, json, optionalEnv, preflight, type Caller } from '../_shared/http.ts';
import { decryptKey, encryptKey, isEncrypted } from '@/shared/core/keyCipher.ts';

/**
 * POST /functions/v1/provider-keys (signed in): the caller's AI provider keys, encrypted at rest.
 * The database holds only ciphertext (shared/core/keyCipher.ts); the secret that opens it is this
 * function's (PROVIDER_KEYS_SECRET), so a dump or backup of the database shows no key. Every read
 * and write goes to user_api_keys as the caller, so its row-level security (owner only, and a
 * two-factor session for accounts with a factor) still decides.
 *   { action: 'get', userId }               → { row } (decrypted) or { row: null }
 *   { action: 'save', userId, values }      → { saved: true }   values: key columns and custom_base_url
 *   { action: 'clear', userId, column }     → { cleared: true }
 * A row written before encryption (plaintext) is returned as it is and sealed on that first read.
 */

const KEY_COLUMNS: readonly string[] = Object.values(PROVIDER_KEY_COLUMNS);
const COLUMNS = new Set([...KEY_COLUMNS, CUSTOM_BASE_URL_COLUMN]);

type Row = Record<string, string | null>;

const secret = (): string | null => optionalEnv('PROVIDER_KEYS_SECRET') ?? null;

/** The table as the caller: PostgREST with their token. */
async function asCaller(caller: Caller, query: string, init: RequestInit = {}): Promise<{ ok: boolean; status: number; body: unknown }> {
  const res = await fetch(`${env('SUPABASE_URL')}/rest/v1/user_api_keys${query}`, {
    ...init,
    headers: {
      apikey: env('SUPABASE_ANON_KEY'),
      authorization: `Bearer ${caller.token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  const text = await res.text();
  return { ok: res.ok, status: res.status, body: text ? JSON.parse(text) : null };
}

const refused = (answer: { status: number; body: unknown }) => {
  const body = (answer.body ?? {}) as { message?: string; code?: string };
  return json(
    { error: body.message ?? 'The keys could not be stored.', code: body.code ?? null },
    answer.status >= 400 ? answer.status : 500,
  );
};

async function seal(key: string, userId: string, values: Row): Promise<Row> {
  const out: Row = {};
  for (const [column, value] of Object.entries(values)) {
    out[column] = value && KEY_COLUMNS.includes(column) && !isEncrypted(value) ? await encryptKey(key, userId, column, value) : value;
  }
  return out;
}

async function read(caller: Caller, key: string): Promise<Response> {
  const answer = await asCaller(caller, `?select=*&user_id=eq.${caller.id}`);
  if (!answer.ok) return refused(answer);
  const stored = (answer.body as Row[])[0];
  if (!stored) return json({ row: null });
  const row: Row = { ...stored };
  const legacy: Row = {};
  for (const column of KEY_COLUMNS) {
    const value = stored[column];
    if (!value) continue;
    if (isEncrypted(value)) row[column] = await decryptKey(key, caller.id, column, value);
    else legacy[column] = value;
  }
  if (Object.keys(legacy).length) {
    // Sealed on first read; if that write is refused, the next read tries again.
    await asCaller(caller, `?user_id=eq.${caller.id}`, { method: 'PATCH', body: JSON.stringify(await seal(key, caller.id, legacy)) });
  }
  return json({ row });
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const key = secret();
  if (!key) return fail('Key storage is not configured (PROVIDER_KEYS_SECRET).', 503);
  const body = (await req.json().catch(() => null)) as { action?: unknown; userId?: unknown; values?: unknown; column?: unknown } | null;
  // Only ever the caller's own record, whatever id was asked for.
  if (body?.userId !== undefined && body.userId !== caller.id)
    return body.action === 'get' ? json({ row: null }) : fail('These are not your keys.', 403);
  switch (body?.action) {
    case 'get':
      return read(caller, key);
    case 'save': {
      const values = body.values as Row | undefined;
      if (!values || typeof values !== 'object' || !Object.keys(values).every((c) => COLUMNS.has(c)))
        return fail('Unknown key column.', 400);
      const sealed = await seal(key, caller.id, values);
      const answer = await asCaller(caller, '?on_conflict=user_id', {
        method: 'POST',
        headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
        body: JSON.stringify({ user_id: caller.id, ...sealed, updated_at: new Date().toISOString() }),
      });
      return answer.ok ? json({ saved: true }) : refused(answer);
    }
    case 'clear': {
      const column = typeof body.column === 'string' ? body.column : '';
      if (!COLUMNS.has(column)) return fail('Unknown key column.', 400);
      const answer = await asCaller(caller, `?user_id=eq.${caller.id}`, {
        method: 'PATCH',
        headers: { prefer: 'return=minimal' },
        body: JSON.stringify({ [column]: null, updated_at: new Date().toISOString() }),
      });
      return answer.ok ? json({ cleared: true }) : refused(answer);
    }
    default:
      return fail('Unknown action: use get, save or clear.', 400);
  }
}
