import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { CUSTOM_BASE_URL_COLUMN, PROVIDER_IDS, PROVIDER_KEY_COLUMNS, type ProviderKeyColumn } from '../core/providerKeys.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { fail, ok, type DataResult } from './result.ts';

/**
 * The user's cloud record of provider keys: typed access to user_api_keys (one row per user,
 * owner-only RLS, encrypted at rest through the provider-keys Edge Function). The flows that use
 * it are providerKeys.ts.
 */

export type KeyColumn = ProviderKeyColumn | typeof CUSTOM_BASE_URL_COLUMN;
export const KEY_COLUMNS: KeyColumn[] = [...PROVIDER_IDS.map((id) => PROVIDER_KEY_COLUMNS[id]), CUSTOM_BASE_URL_COLUMN];

/** The decrypted record the provider-keys function answers: the table's row without created_at. */
export type UserApiKeysRow = Pick<Tables<'user_api_keys'>, 'user_id' | 'updated_at' | KeyColumn>;

/**
 * The cloud record goes through the provider-keys Edge Function, which holds the secret the keys
 * are encrypted with: the table itself stores only ciphertext. Errors keep the database's code
 * (42501 when row-level security refuses) and message.
 */
async function callProviderKeys<T>(client: AppClient, body: Record<string, unknown>): Promise<DataResult<T | null>> {
  const { data, error } = await client.functions.invoke<T>('provider-keys', { body });
  if (!error) return ok(data);
  const refusal = await functionRefusal(error);
  return fail({ message: refusal?.error ?? error.message, code: refusal?.code ?? undefined }, functionErrorKind(error, refusal));
}

/** The user's cloud record (decrypted), or null when none exists yet (no record is not an error). */
export async function fetchUserApiKeys(client: AppClient, userId: string): Promise<DataResult<UserApiKeysRow | null>> {
  const result = await callProviderKeys<{ row: UserApiKeysRow | null }>(client, { action: 'get', userId });
  return result.error ? result : ok(result.data?.row ?? null);
}

/** Upserts columns of the user's record (one row per user: the columns and updated_at). */
export async function upsertUserApiKeys(
  client: AppClient,
  userId: string,
  values: Partial<Record<KeyColumn, string | null>>,
): Promise<DataResult<void>> {
  const result = await callProviderKeys(client, { action: 'save', userId, values });
  return result.error ? result : ok();
}

/** Upserts one column of the user's record. */
export const upsertUserApiKey = (client: AppClient, userId: string, column: KeyColumn, value: string | null): Promise<DataResult<void>> =>
  upsertUserApiKeys(client, userId, { [column]: value });

/** Nulls one column of an existing record: disconnecting a provider keeps the record. */
export async function clearUserApiKey(client: AppClient, userId: string, column: KeyColumn): Promise<DataResult<void>> {
  const result = await callProviderKeys(client, { action: 'clear', userId, column });
  return result.error ? result : ok();
}
