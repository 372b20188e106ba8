import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BASE_URL_TEXTS,
  CUSTOM_BASE_URL_COLUMN,
  KEY_TEXTS,
  NO_ROW_CODE,
  PROVIDER_IDS,
  PROVIDER_KEY_COLUMNS,
  PROVIDER_KEYS,
  checkBaseUrl,
  checkProviderKey,
  type KeyNotice,
  type ProviderId,
  type ProviderKeyColumn,
} from '../core/providerKeys.ts';
import type { TypedStorage } from '../storage.ts';

/**
 * The user's provider keys: typed access to user_api_keys (one row per user, owner-only RLS) and
 * the save / clear / load flows of spec 000 §4 and §8 over any front end's typed storage. Keys
 * live in local storage and, when signed in, in the cloud record too.
 */

type KeyColumn = ProviderKeyColumn | typeof CUSTOM_BASE_URL_COLUMN;
const KEY_COLUMNS: KeyColumn[] = [...PROVIDER_IDS.map((id) => PROVIDER_KEY_COLUMNS[id]), CUSTOM_BASE_URL_COLUMN];

export type UserApiKeysRow = { user_id: string; updated_at: string } & Record<KeyColumn, string | null>;

export interface DbError {
  message: string;
  code?: string;
}

const dbError = (error: { message: string; code?: string }): DbError => ({ message: error.message, code: error.code });

/**
 * The user's cloud record, or null when none exists yet (PGRST116 is not an error, spec §8; asked
 * with maybeSingle so a missing row is no 406 in the browser's console either).
 */
export async function fetchUserApiKeys(
  client: SupabaseClient,
  userId: string,
): Promise<{ row: UserApiKeysRow | null; error: DbError | null }> {
  const { data, error } = await client
    .from('user_api_keys')
    .select([...KEY_COLUMNS, 'user_id', 'updated_at'].join(', '))
    .eq('user_id', userId)
    .maybeSingle();
  if (error) return error.code === NO_ROW_CODE ? { row: null, error: null } : { row: null, error: dbError(error) };
  return { row: (data ?? null) as unknown as UserApiKeysRow | null, error: null };
}

/** Upserts one column of the user's record (user_id, the column, updated_at; conflict on user_id, spec §7.2). */
export async function upsertUserApiKey(
  client: SupabaseClient,
  userId: string,
  column: KeyColumn,
  value: string | null,
): Promise<DbError | null> {
  const { error } = await client
    .from('user_api_keys')
    .upsert({ user_id: userId, [column]: value, updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
  return error ? dbError(error) : null;
}

/** Nulls one column of an existing record (spec 001 §7: "update the key field to null to disconnect"). */
export async function clearUserApiKey(client: SupabaseClient, userId: string, column: KeyColumn): Promise<DbError | null> {
  const { error } = await client
    .from('user_api_keys')
    .update({ [column]: null, updated_at: new Date().toISOString() })
    .eq('user_id', userId);
  return error ? dbError(error) : null;
}

// ---------------------------------------------------------------------------------------------
// Flows

/** Spec §4 key state: empty, loaded from the cloud record, or loaded from local storage. */
export type KeySource = 'empty' | 'cloud' | 'local';

export interface StoredKey {
  value: string | null;
  source: KeySource;
}

export interface ProviderKeysState {
  keys: Record<ProviderId, StoredKey>;
  baseUrl: StoredKey;
  /** Whether the signed-in user has a user_api_keys row. */
  hasCloudRecord: boolean;
}

export interface KeyDeps {
  storage: TypedStorage;
  client: SupabaseClient;
  /** The signed-in user, or null (local storage only). */
  userId: string | null;
}

const EMPTY: StoredKey = { value: null, source: 'empty' };
const fromLocal = (value: string | null): StoredKey => (value ? { value, source: 'local' } : EMPTY);
const fromCloud = (value: string | null): StoredKey => (value ? { value, source: 'cloud' } : EMPTY);

export const emptyProviderKeysState = (): ProviderKeysState => ({
  keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, EMPTY])) as Record<ProviderId, StoredKey>,
  baseUrl: EMPTY,
  hasCloudRecord: false,
});

/** Label used when the one fetch of the whole record fails. */
const ALL_PROVIDERS_LABEL = 'AI provider';

async function readLocal(storage: TypedStorage): Promise<Record<KeyColumn, string | null>> {
  const entries = await Promise.all(
    KEY_COLUMNS.map(async (column) => {
      try {
        return [column, await storage.get(column)] as const;
      } catch {
        return [column, null] as const;
      }
    }),
  );
  return Object.fromEntries(entries) as Record<KeyColumn, string | null>;
}

const stateFrom = (values: Record<KeyColumn, string | null>, make: (v: string | null) => StoredKey, hasCloudRecord: boolean): ProviderKeysState => ({
  keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, make(values[PROVIDER_KEY_COLUMNS[id]])])) as Record<ProviderId, StoredKey>,
  baseUrl: make(values[CUSTOM_BASE_URL_COLUMN]),
  hasCloudRecord,
});

/**
 * Loads the keys: from the cloud record when signed in and one exists (mirrored into local storage),
 * otherwise from local storage. A fetch error other than "no row" gives the fetch notice and falls
 * back to local storage.
 */
export async function loadProviderKeys({ storage, client, userId }: KeyDeps): Promise<{ state: ProviderKeysState; notices: KeyNotice[] }> {
  if (!userId) return { state: stateFrom(await readLocal(storage), fromLocal, false), notices: [] };
  const { row, error } = await fetchUserApiKeys(client, userId);
  if (error) {
    return { state: stateFrom(await readLocal(storage), fromLocal, false), notices: [KEY_TEXTS.fetchError(ALL_PROVIDERS_LABEL, error.message)] };
  }
  if (!row) return { state: stateFrom(await readLocal(storage), fromLocal, false), notices: [] };
  await Promise.all(
    KEY_COLUMNS.map(async (column) => {
      try {
        await storage.set(column, row[column] || null);
      } catch {
        // The cloud copy is in memory; local storage is only the offline copy.
      }
    }),
  );
  return { state: stateFrom(row, fromCloud, true), notices: [] };
}

export interface SaveResult {
  notice: KeyNotice;
  /** The new value, or undefined when nothing changed (local storage failed). */
  next?: StoredKey;
  hasCloudRecord: boolean;
}

interface ColumnTexts {
  saved: KeyNotice;
  savedLocally: KeyNotice;
  cleared: KeyNotice;
  invalid: KeyNotice;
  dbSaveError: (message: string) => KeyNotice;
  dbClearError: (message: string) => KeyNotice;
}

async function removeEverywhere(
  deps: KeyDeps,
  column: KeyColumn,
  hasCloudRecord: boolean,
): Promise<{ localFailed: boolean; cloudError: DbError | null }> {
  let localFailed = false;
  try {
    await deps.storage.remove(column);
  } catch {
    localFailed = true;
  }
  // "Nulls it in the cloud if a record existed" (spec §4).
  const cloudError = deps.userId && hasCloudRecord ? await clearUserApiKey(deps.client, deps.userId, column) : null;
  return { localFailed, cloudError };
}

async function saveColumn(
  deps: KeyDeps,
  column: KeyColumn,
  input: { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; value: string },
  hasCloudRecord: boolean,
  texts: ColumnTexts,
): Promise<SaveResult> {
  if (input.kind !== 'valid') {
    const { localFailed, cloudError } = await removeEverywhere(deps, column, hasCloudRecord);
    const notice =
      input.kind === 'invalid' ? texts.invalid
      : localFailed ? KEY_TEXTS.storageError()
      : cloudError ? texts.dbClearError(cloudError.message)
      : texts.cleared;
    return { notice, next: EMPTY, hasCloudRecord };
  }
  try {
    await deps.storage.set(column, input.value);
  } catch {
    return { notice: KEY_TEXTS.storageError(), hasCloudRecord };
  }
  if (!deps.userId) return { notice: texts.savedLocally, next: { value: input.value, source: 'local' }, hasCloudRecord };
  const error = await upsertUserApiKey(deps.client, deps.userId, column, input.value);
  if (error) return { notice: texts.dbSaveError(error.message), next: { value: input.value, source: 'local' }, hasCloudRecord };
  return { notice: texts.saved, next: { value: input.value, source: 'cloud' }, hasCloudRecord: true };
}

/**
 * Saves what the user typed for a provider (spec §4): valid → local storage and, when signed in,
 * the cloud record; empty → cleared; invalid → cleared with the invalid-key notice.
 */
export function saveProviderKey(deps: KeyDeps, provider: ProviderId, raw: string, hasCloudRecord: boolean): Promise<SaveResult> {
  const { label } = PROVIDER_KEYS[provider];
  const checked = checkProviderKey(provider, raw);
  const input = checked.kind === 'valid' ? { kind: 'valid' as const, value: checked.key } : checked;
  return saveColumn(deps, PROVIDER_KEY_COLUMNS[provider], input, hasCloudRecord, {
    saved: KEY_TEXTS.saved(label),
    savedLocally: KEY_TEXTS.savedLocally(label),
    cleared: KEY_TEXTS.cleared(label),
    invalid: KEY_TEXTS.invalid(label),
    dbSaveError: (message) => KEY_TEXTS.dbSaveError(label, message),
    dbClearError: (message) => KEY_TEXTS.dbClearError(label, message),
  });
}

/** Saves the optional OpenAI-compatible base URL the same way (an invalid URL is cleared). */
export function saveBaseUrl(deps: KeyDeps, raw: string, hasCloudRecord: boolean): Promise<SaveResult> {
  const checked = checkBaseUrl(raw);
  const input = checked.kind === 'valid' ? { kind: 'valid' as const, value: checked.url } : checked;
  return saveColumn(deps, CUSTOM_BASE_URL_COLUMN, input, hasCloudRecord, {
    saved: BASE_URL_TEXTS.saved(),
    savedLocally: BASE_URL_TEXTS.savedLocally(),
    cleared: BASE_URL_TEXTS.cleared(),
    invalid: BASE_URL_TEXTS.invalid(),
    dbSaveError: (message) => BASE_URL_TEXTS.dbSaveError(message),
    dbClearError: (message) => ({ ...BASE_URL_TEXTS.dbSaveError(message), description: `Base URL cleared locally, but failed to clear it in the cloud: ${message}` }),
  });
}

/** Sign-out: every key and the base URL leave local storage (spec §4 session events). */
export async function clearLocalProviderKeys(storage: TypedStorage): Promise<void> {
  await Promise.all(KEY_COLUMNS.map((column) => storage.remove(column).catch(() => undefined)));
}
