/**
 * The typed storage item map, shared by both front ends. Each front end plugs in its own
 * backing store (chrome.storage.local in the extension, localStorage in the dashboard) through
 * the small `KeyValueStore` interface. Keys keep the original product's names (openai_api_key, supabaseUser) so existing browser data
 * still reads.
 */

export interface StoredUser {
  id: string;
  email: string;
}

/** The account the locally stored provider keys belong to: a user id, or null for keys saved signed out. */
export interface KeyOwnerRecord {
  userId: string | null;
}

export const STORAGE_SCHEMA = {
  version: 1,
  items: {
    /** The personal AI provider key. */
    openai_api_key: null as string | null,
    /** The other providers' keys, named like their user_api_keys columns. */
    gemini_api_key: null as string | null,
    anthropic_api_key: null as string | null,
    cohere_api_key: null as string | null,
    ai21_api_key: null as string | null,
    huggingface_api_key: null as string | null,
    /** The Custom ChatGPT key (provider chatgpt_custom), used with custom_base_url when set. */
    chatgpt_api_key: null as string | null,
    /** Optional OpenAI-compatible base URL (Ollama, LM Studio). */
    custom_base_url: null as string | null,
    /** The signed-in indicator. */
    supabaseUser: null as StoredUser | null,
    /** Whose keys the items above are (see shared/data/apiKeys.ts); absent on installs from before it existed. */
    provider_keys_owner: null as KeyOwnerRecord | null,
    /** The language dictation listens for (a BCP 47 tag); null: the browser's own language. */
    dictation_language: null as string | null,
  },
} as const;

export type StorageItems = { -readonly [K in keyof typeof STORAGE_SCHEMA.items]: (typeof STORAGE_SCHEMA.items)[K] };
export type StorageKey = keyof StorageItems;

/** The key under which the schema version is stored. */
export const STORAGE_VERSION_KEY = 'ai_vault_storage_version';

/** A string key-value store, sync or async (localStorage, chrome.storage adapters). */
export interface KeyValueStore {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export interface TypedStorage {
  get<K extends StorageKey>(key: K): Promise<StorageItems[K]>;
  set<K extends StorageKey>(key: K, value: StorageItems[K]): Promise<void>;
  remove(key: StorageKey): Promise<void>;
}

/** Items stored as plain strings rather than JSON: the provider keys and the base URL. */
const PLAIN_ITEMS = new Set<StorageKey>([
  'openai_api_key',
  'gemini_api_key',
  'anthropic_api_key',
  'cohere_api_key',
  'ai21_api_key',
  'huggingface_api_key',
  'chatgpt_api_key',
  'custom_base_url',
]);

/**
 * Typed access over a store. Values are JSON, except the provider keys and the base URL which
 * stay plain strings (the original format of `openai_api_key`, kept so existing values still read). Unreadable values
 * read as the item's default.
 */
export function createTypedStorage(store: KeyValueStore): TypedStorage {
  const plain = PLAIN_ITEMS;
  return {
    async get(key) {
      const fallback = STORAGE_SCHEMA.items[key] as StorageItems[typeof key];
      const raw = await store.getItem(key);
      if (raw === null) return fallback;
      if (plain.has(key)) return raw as StorageItems[typeof key];
      try {
        return JSON.parse(raw) as StorageItems[typeof key];
      } catch {
        return fallback;
      }
    },
    async set(key, value) {
      if (value === null || value === undefined) return store.removeItem(key);
      await store.setItem(key, plain.has(key) ? String(value) : JSON.stringify(value));
      await store.setItem(STORAGE_VERSION_KEY, String(STORAGE_SCHEMA.version));
    },
    async remove(key) {
      await store.removeItem(key);
    },
  };
}

/** An in-memory store (tests, or when no persistent storage is available). */
export function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
