import { z } from 'zod';
import { CUSTOM_BASE_URL_COLUMN, PROVIDER_KEY_COLUMNS, type ProviderKeyColumn } from '@/shared/core/providerKeys.ts';
import type { Tables, TablesUpdate } from '@/shared/data/database.types.ts';
import { decryptKey, encryptKey, isEncrypted } from '@/shared/core/keyCipher.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb, type Db } from '../_shared/db.ts';
import { callerOf, fail, json, optionalEnv, preflight, type Caller } from '../_shared/http.ts';

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

const KEY_COLUMNS: readonly ProviderKeyColumn[] = Object.values(PROVIDER_KEY_COLUMNS);
const UNKNOWN_COLUMN = 'Unknown key column.';
const Column = z.enum([...KEY_COLUMNS, CUSTOM_BASE_URL_COLUMN], { error: UNKNOWN_COLUMN });
type Column = z.infer<typeof Column>;
type Values = Partial<Record<Column, string | null>>;

/** userId is only compared with the caller (another's: nothing to see, or 403), so any value passes here. */
const KeysBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('get'), userId: z.unknown().optional() }),
    z.object({
      action: z.literal('save'),
      userId: z.unknown().optional(),
      values: z.partialRecord(Column, z.string({ error: 'A key must be text (or null to remove it).' }).nullable(), {
        error: UNKNOWN_COLUMN,
      }),
    }),
    z.object({ action: z.literal('clear'), userId: z.unknown().optional(), column: Column }),
  ],
  { error: 'Unknown action: use get, save or clear.' },
);

const secret = (): string | null => optionalEnv('PROVIDER_KEYS_SECRET') ?? null;

/** The database's refusal, as the dashboard shows it. */
const refused = (error: { message: string; code: string }, status: number) =>
  json({ error: error.message || 'The keys could not be stored.', code: error.code || null }, status >= 400 ? status : 500);

async function seal(key: string, userId: string, values: Values): Promise<Values> {
  const out: Values = {};
  for (const column of Column.options) {
    const value = values[column];
    if (value === undefined) continue;
    out[column] = value && isKeyColumn(column) && !isEncrypted(value) ? await encryptKey(key, userId, column, value) : value;
  }
  return out;
}

const isKeyColumn = (column: Column): column is ProviderKeyColumn => column !== CUSTOM_BASE_URL_COLUMN;

async function read(db: Db, caller: Caller, key: string): Promise<Response> {
  const { data: stored, error, status } = await db.from('user_api_keys').select('*').eq('user_id', caller.id).maybeSingle();
  if (error) return refused(error, status);
  if (!stored) return json({ row: null });
  const row: Tables<'user_api_keys'> = { ...stored };
  const legacy: Values = {};
  for (const column of KEY_COLUMNS) {
    const value = stored[column];
    if (!value) continue;
    if (isEncrypted(value)) row[column] = await decryptKey(key, caller.id, column, value);
    else legacy[column] = value;
  }
  if (Object.keys(legacy).length) {
    // Sealed on first read; if that write is refused, the next read tries again.
    await db
      .from('user_api_keys')
      .update(await seal(key, caller.id, legacy))
      .eq('user_id', caller.id);
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
  const parsed = await readBody(req, KeysBody);
  if (!parsed.ok) return parsed.response;
  const body = parsed.body;
  // Only ever the caller's own record, whatever id was asked for.
  if (body.userId !== undefined && body.userId !== caller.id)
    return body.action === 'get' ? json({ row: null }) : fail('These are not your keys.', 403);
  const db = callerDb(caller.token);
  switch (body.action) {
    case 'get':
      return read(db, caller, key);
    case 'save': {
      const sealed = await seal(key, caller.id, body.values);
      const { error, status } = await db
        .from('user_api_keys')
        .upsert({ user_id: caller.id, ...sealed, updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
      return error ? refused(error, status) : json({ saved: true });
    }
    case 'clear': {
      const cleared: TablesUpdate<'user_api_keys'> = { updated_at: new Date().toISOString() };
      cleared[body.column] = null;
      const { error, status } = await db.from('user_api_keys').update(cleared).eq('user_id', caller.id);
      return error ? refused(error, status) : json({ cleared: true });
    }
  }
}
