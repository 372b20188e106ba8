import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { migrateLibrarySnapshotV2, type LibrarySnapshot } from './librarySnapshot.ts';
import { STORAGE_SCHEMA, type StorageItems, type StorageKey, type TypedStorage } from '@/shared/storage.ts';

/**
 * The extension's one typed map of storage items (chrome.storage.local through WXT's storage,
 * each item versioned so its shape can change with a migration). The first group mirrors the
 * dashboard's items (provider keys, base URL, signed-in indicator) under the same names, so the
 * shared key flows run unchanged on either front end; the rest belongs to the extension only.
 */

type Item<T> = WxtStorageItem<T, Record<string, never>>;

const sharedItem = <K extends StorageKey>(key: K): Item<StorageItems[K]> =>
  storage.defineItem<StorageItems[K]>(`local:${key}`, { fallback: STORAGE_SCHEMA.items[key] as StorageItems[K], version: 1 }) as Item<
    StorageItems[K]
  >;

/** The side panel's remembered choices. */
export interface PanelPrefs {
  provider: string | null;
  model: string | null;
  /** Characters of page text put into {{page}} before it is cut (with a note). */
  pageTextLimit: number;
}

export const DEFAULT_PANEL_PREFS: PanelPrefs = { provider: null, model: null, pageTextLimit: 12_000 };

/** A prompt the user ran lately (popup's quick list; works offline). */
export interface RecentPrompt {
  id: string;
  name: string;
  ranAt: string;
}

const RECENT_PROMPTS_LIMIT = 5;

/** The recent list with the account it belongs to (v2): the next account never sees it. */
export interface RecentPrompts {
  /** Who ran them; null: nobody known (a v1 list), shown to no one. */
  userId: string | null;
  prompts: RecentPrompt[];
}

export const NO_RECENT_PROMPTS: RecentPrompts = { userId: null, prompts: [] };

/** v1 → v2: a bare list names no account (it may be a previous user's), so it is dropped. */
export const migrateRecentPromptsV2 = (_v1: RecentPrompt[]): RecentPrompts => NO_RECENT_PROMPTS;

/** Version 1 of PendingRun (kept for its migration). */
export interface PendingRunV1 {
  promptId: string;
  selection: string | null;
  createdAt: string;
}

/** A run queued by the popup or context menu for the side panel to start when it opens. */
export interface PendingRun {
  /** The prompt to run, or null: let the user choose one (context menu without favourites). */
  promptId: string | null;
  /** The selection the run was started on (context menu). */
  selection: string | null;
  /** Where it was queued: the popup's recent list or the page's context menu. */
  source: 'popup' | 'menu';
  /** The tab it is meant for (the one right-clicked in), when known. */
  tabId: number | null;
  createdAt: string;
}

/** v1 → v2: a queued run gains its source (a selection meant the context menu) and tab. */
export function migratePendingRunV2(old: PendingRunV1 | null): PendingRun | null {
  if (!old) return null;
  return { ...old, source: old.selection === null ? 'popup' : 'menu', tabId: null };
}

/** A queued run older than this is stale (the panel was not opened for it) and is dropped. */
const PENDING_RUN_MAX_AGE_MS = 2 * 60_000;

export const isFreshPendingRun = (run: PendingRun | null, now: Date): run is PendingRun =>
  Boolean(
    run && now.getTime() - Date.parse(run.createdAt) <= PENDING_RUN_MAX_AGE_MS && Date.parse(run.createdAt) <= now.getTime() + 60_000,
  );

export const extItems = {
  openai_api_key: sharedItem('openai_api_key'),
  gemini_api_key: sharedItem('gemini_api_key'),
  anthropic_api_key: sharedItem('anthropic_api_key'),
  cohere_api_key: sharedItem('cohere_api_key'),
  ai21_api_key: sharedItem('ai21_api_key'),
  huggingface_api_key: sharedItem('huggingface_api_key'),
  chatgpt_api_key: sharedItem('chatgpt_api_key'),
  custom_base_url: sharedItem('custom_base_url'),
  supabaseUser: sharedItem('supabaseUser'),
  provider_keys_owner: sharedItem('provider_keys_owner'),
  dictation_language: sharedItem('dictation_language'),

  panelPrefs: storage.defineItem<PanelPrefs>('local:panel_prefs', { fallback: DEFAULT_PANEL_PREFS, version: 1 }),
  recentPrompts: storage.defineItem<RecentPrompts>('local:recent_prompts', {
    fallback: NO_RECENT_PROMPTS,
    version: 2,
    migrations: { 2: migrateRecentPromptsV2 },
  }),
  // The library root as the panel last showed it (librarySnapshot.ts); removed at sign-out.
  panelLibrary: storage.defineItem<LibrarySnapshot | null>('local:panel_library', {
    fallback: null,
    version: 2,
    migrations: { 2: migrateLibrarySnapshotV2 },
  }),
  pendingRun: storage.defineItem<PendingRun | null>('local:pending_run', {
    fallback: null,
    version: 2,
    migrations: { 2: migratePendingRunV2 },
  }),
} as const;

/** The shared items as the dashboard's TypedStorage interface (for shared/data/apiKeys.ts flows). */
export const extTypedStorage: TypedStorage = {
  get: (key) => (extItems[key] as Item<StorageItems[typeof key]>).getValue(),
  set: async (key, value) => {
    const item = extItems[key] as Item<StorageItems[typeof key]>;
    await (value === null || value === undefined ? item.removeValue() : item.setValue(value));
  },
  remove: (key) => extItems[key].removeValue(),
};

/** One account's recent prompts (none for any other account, or signed out). */
export const recentPromptsOf = (stored: RecentPrompts, userId: string | null | undefined): RecentPrompt[] =>
  userId && stored.userId === userId ? stored.prompts : [];

/** Adds a run to an account's list (newest first, no duplicates, at most RECENT_PROMPTS_LIMIT); another account's list is replaced. */
export function withRecent(stored: RecentPrompts, userId: string, entry: RecentPrompt): RecentPrompts {
  const kept = recentPromptsOf(stored, userId).filter((item) => item.id !== entry.id);
  return { userId, prompts: [entry, ...kept].slice(0, RECENT_PROMPTS_LIMIT) };
}

/** Puts a prompt on top of the recent list of the account the background holds (nothing when signed out). */
export async function rememberRecentPrompt(entry: RecentPrompt): Promise<void> {
  const user = await extItems.supabaseUser.getValue();
  if (!user) return;
  await extItems.recentPrompts.setValue(withRecent(await extItems.recentPrompts.getValue(), user.id, entry));
}
