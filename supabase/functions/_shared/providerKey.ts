import { decryptKey, isEncrypted } from '@/shared/core/keyCipher.ts';
import { PROVIDER_KEY_COLUMNS, type ProviderId, type ProviderKeyColumn } from '@/shared/core/providerKeys.ts';
import type { Tables } from '@/shared/data/database.types.ts';
import { callerDb, serviceDb, type Db } from './db.ts';
import { optionalEnv } from './http.ts';

type StoredColumn = ProviderKeyColumn | 'custom_base_url';

/**
 * The provider key an account synced (user_api_keys), decrypted; null when there is none or it
 * cannot be opened. Read as the caller (their token: RLS applies) or, for work done on the owner's
 * behalf without a caller (scheduled runs), with the service role. A read the database refuses
 * throws: an outage is not "no key".
 */
export async function storedProviderKey(owner: string, provider: ProviderId, token: string | 'service'): Promise<string | null> {
  const column = PROVIDER_KEY_COLUMNS[provider];
  const value = await storedColumn(owner, token, column);
  if (!value) return null;
  if (!isEncrypted(value)) return value;
  const secret = optionalEnv('PROVIDER_KEYS_SECRET');
  return secret ? decryptKey(secret, owner, column, value) : null;
}

/** The custom base URL an account synced (for chatgpt_custom), or null. */
export async function storedBaseUrl(owner: string, token: string | 'service'): Promise<string | null> {
  const value = await storedColumn(owner, token, 'custom_base_url');
  return value?.trim() ? value.trim() : null;
}

/** One column of the account's user_api_keys row; null when there is no row. */
async function storedColumn(owner: string, token: string | 'service', column: StoredColumn): Promise<string | null> {
  const db: Db = token === 'service' ? serviceDb() : callerDb(token);
  const { data, error } = await db
    .from('user_api_keys')
    .select(column)
    .eq('user_id', owner)
    .maybeSingle<Partial<Pick<Tables<'user_api_keys'>, StoredColumn>>>();
  if (error) throw new Error(`reading ${column} failed: ${error.message}`);
  return data?.[column] ?? null;
}
