import { createTypedStorage, type KeyValueStore } from '@/shared/storage.ts';

/** localStorage, looked up at each call: the module also loads where there is none (the build's pre-rendering). */
const localStore: KeyValueStore = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
  removeItem: (key) => window.localStorage.removeItem(key),
};

/** The dashboard's typed storage (localStorage), keys named as the original product named them (openai_api_key, supabaseUser). */
export const webStorage = createTypedStorage(localStore);
