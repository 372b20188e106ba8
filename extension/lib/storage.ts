import { browser } from 'wxt/browser';
import type { KeyValueStore } from '@/shared/storage.ts';

/** chrome.storage.local as a `KeyValueStore` (for the typed storage map and the Supabase session). */
export const extensionStore: KeyValueStore = {
  async getItem(key) {
    const result = await browser.storage.local.get(key);
    const value = result[key];
    return typeof value === 'string' ? value : null;
  },
  async setItem(key, value) {
    await browser.storage.local.set({ [key]: value });
  },
  async removeItem(key) {
    await browser.storage.local.remove(key);
  },
};
