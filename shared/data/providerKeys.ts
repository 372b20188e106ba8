import type { AppClient } from './supabase.ts';
import {
  BASE_URL_TEXTS,
  CUSTOM_BASE_URL_COLUMN,
  KEY_TEXTS,
  PROVIDER_IDS,
  PROVIDER_KEY_COLUMNS,
  PROVIDER_KEYS,
  checkBaseUrl,
  checkProviderKey,
  mergeKeyColumns,
  planKeyLoad,
  type KeyNotice,
  type ProviderId,
} from '../core/providerKeys.ts';
import type { TypedStorage } from '../storage.ts';
import type { DataError } from './result.ts';
import {
  clearUserApiKey,
  fetchUserApiKeys,
  KEY_COLUMNS,
  upsertUserApiKey,
  upsertUserApiKeys,
  type KeyColumn,
  type UserApiKeysRow,
} from './userApiKeys.ts';

/**
 * The user's provider keys: the save / clear / load flows over any front end's typed storage and
 * the cloud record (user_api_keys, reached through userApiKeys.ts). Keys live in local storage
 * and, when signed in, in the cloud record too. The flows never fail: every failure becomes the
 * notice to show. Storage also records whose keys it holds (`provider_keys_owner`), so signing in
 * never loses keys saved signed out and never hands one account's keys to another (planKeyLoad in
 * shared/core/providerKeys.ts).
 */

/** Where a key's value came from: none, the cloud record, or local storage. */
type KeySource = 'empty' | 'cloud' | 'local';

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
  client: AppClient;
  /** The signed-in user, or null (local storage only). */
  userId: string | null;
}

const EMPTY: StoredKey = { value: null, source: 'empty' };

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

const stateFrom = (
  values: Record<KeyColumn, string | null>,
  sourceOf: (column: KeyColumn) => KeySource,
  hasCloudRecord: boolean,
): ProviderKeysState => {
  const make = (column: KeyColumn): StoredKey => (values[column] ? { value: values[column], source: sourceOf(column) } : EMPTY);
  return {
    keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, make(PROVIDER_KEY_COLUMNS[id])])) as Record<ProviderId, StoredKey>,
    baseUrl: make(CUSTOM_BASE_URL_COLUMN),
    hasCloudRecord,
  };
};

const localState = async (storage: TypedStorage): Promise<ProviderKeysState> => stateFrom(await readLocal(storage), () => 'local', false);

/** Whose keys storage holds: a user id, null (saved signed out), or undefined when never recorded. */
async function readOwner(storage: TypedStorage): Promise<string | null | undefined> {
  try {
    const record = await storage.get('provider_keys_owner');
    return record ? record.userId : undefined;
  } catch {
    return undefined;
  }
}

async function writeOwner(storage: TypedStorage, userId: string | null): Promise<void> {
  try {
    await storage.set('provider_keys_owner', { userId });
  } catch {
    // Unrecorded counts as signed out: the next sign-in merges again, which loses nothing.
  }
}

async function mirror(storage: TypedStorage, values: Record<KeyColumn, string | null>): Promise<void> {
  await Promise.all(
    KEY_COLUMNS.map(async (column) => {
      try {
        await storage.set(column, values[column] || null);
      } catch {
        // The keys are in memory; local storage is only the offline copy.
      }
    }),
  );
}

/**
 * Keys saved signed out meet the account's record: the cloud wins where it has a value, every
 * other local key is uploaded. Until the upload succeeds the keys stay recorded as signed-out
 * ones, so the next sign-in tries again rather than letting the cloud's empty column win.
 */
async function mergeIntoAccount(
  { storage, client }: KeyDeps,
  userId: string,
  row: UserApiKeysRow | null,
): Promise<{ state: ProviderKeysState; notices: KeyNotice[] }> {
  const { values, uploads } = mergeKeyColumns(KEY_COLUMNS, await readLocal(storage), row);
  const uploadError = uploads.length
    ? (await upsertUserApiKeys(client, userId, Object.fromEntries(uploads.map((c) => [c, values[c]])))).error
    : null;
  await mirror(storage, values);
  if (!uploadError) await writeOwner(storage, userId);
  const notUploaded = new Set<KeyColumn>(uploadError ? uploads : []);
  const hasCloudRecord = Boolean(row) || (uploads.length > 0 && !uploadError);
  return {
    state: stateFrom(values, (column) => (notUploaded.has(column) ? 'local' : 'cloud'), hasCloudRecord),
    notices: uploadError ? [KEY_TEXTS.dbSaveError(ALL_PROVIDERS_LABEL, uploadError.message)] : [],
  };
}

/**
 * Loads the keys and where each came from. Signed in: this user's own stored keys give way to the
 * cloud record (mirrored into local storage; without a record they stay as they are); keys saved
 * signed out are merged into the account; another account's keys are removed first. Signed out:
 * local storage, unless it holds an account's keys (removed). A fetch error other than "no row"
 * gives the fetch notice and falls back to local storage.
 */
export async function loadProviderKeys(deps: KeyDeps): Promise<{ state: ProviderKeysState; notices: KeyNotice[] }> {
  const { storage, client, userId } = deps;
  const plan = planKeyLoad(await readOwner(storage), userId);
  if (plan.clearFirst) await clearLocalProviderKeys(storage);
  if (!userId) return { state: await localState(storage), notices: [] };
  const { data: row, error } = await fetchUserApiKeys(client, userId);
  if (error) return { state: await localState(storage), notices: [KEY_TEXTS.fetchError(ALL_PROVIDERS_LABEL, error.message)] };
  if (plan.mode === 'merge') return mergeIntoAccount(deps, userId, row);
  if (!row) return { state: await localState(storage), notices: [] };
  await mirror(storage, row);
  return { state: stateFrom(row, () => 'cloud', true), notices: [] };
}

/**
 * Installs from before the owner was recorded: the keys in storage are taken to be those of the
 * session restored at start-up (null: signed out). Run once the session is known, before any
 * sign-in can change it. A recorded owner is left alone.
 */
export async function adoptKeyOwner(storage: TypedStorage, userId: string | null): Promise<void> {
  if ((await readOwner(storage)) === undefined) await writeOwner(storage, userId);
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
): Promise<{ localFailed: boolean; cloudError: DataError | null }> {
  let localFailed = false;
  try {
    await deps.storage.remove(column);
  } catch {
    localFailed = true;
  }
  // Only an existing cloud record is changed: clearing never creates one.
  const cloudError = deps.userId && hasCloudRecord ? (await clearUserApiKey(deps.client, deps.userId, column)).error : null;
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
      input.kind === 'invalid'
        ? texts.invalid
        : localFailed
          ? KEY_TEXTS.storageError()
          : cloudError
            ? texts.dbClearError(cloudError.message)
            : texts.cleared;
    return { notice, next: EMPTY, hasCloudRecord };
  }
  try {
    await deps.storage.set(column, input.value);
  } catch {
    return { notice: KEY_TEXTS.storageError(), hasCloudRecord };
  }
  if (!deps.userId) return { notice: texts.savedLocally, next: { value: input.value, source: 'local' }, hasCloudRecord };
  const { error } = await upsertUserApiKey(deps.client, deps.userId, column, input.value);
  if (error) return { notice: texts.dbSaveError(error.message), next: { value: input.value, source: 'local' }, hasCloudRecord };
  return { notice: texts.saved, next: { value: input.value, source: 'cloud' }, hasCloudRecord: true };
}

/**
 * Saves what the user typed for a provider: valid → local storage and, when signed in,
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
    dbClearError: (message) => ({
      ...BASE_URL_TEXTS.dbSaveError(message),
      description: `Base URL cleared locally, but failed to clear it in the cloud: ${message}`,
    }),
  });
}

/** Sign-out: every key and the base URL leave local storage, so the next person on this device finds none; what is left is nobody's. */
export async function clearLocalProviderKeys(storage: TypedStorage): Promise<void> {
  await Promise.all(KEY_COLUMNS.map((column) => storage.remove(column).catch(() => undefined)));
  await writeOwner(storage, null);
}
