import { useCallback, useEffect } from 'react';
import { atom, useAtom, useSetAtom } from 'jotai';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import {
  adoptKeyOwner,
  clearLocalProviderKeys,
  emptyProviderKeysState,
  loadProviderKeys,
  saveBaseUrl,
  saveProviderKey,
  type KeyDeps,
  type ProviderKeysState,
  type SaveResult,
} from '@/shared/data/providerKeys.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { webStorage } from './storage.ts';
import { supabase } from './supabase.ts';

/**
 * Provider keys in the dashboard: one in-memory copy shared by every screen,
 * loaded from the cloud record when signed in (else local storage), saved through the shared
 * flows in shared/data/apiKeys.ts, and dropped from memory and local storage on sign-out. The
 * session provider loads them as soon as a sign-in completes, so keys saved signed out reach the
 * account then (not only once a page with keys is opened).
 */

interface KeysMemory {
  /** The user the keys were loaded for (null: signed out); undefined until loaded. */
  loadedFor: string | null | undefined;
  loading: boolean;
  state: ProviderKeysState;
}

const initial = (): KeysMemory => ({ loadedFor: undefined, loading: false, state: emptyProviderKeysState() });

const providerKeysAtom = atom<KeysMemory>(initial());

const NO_KEYS = emptyProviderKeysState();

/** Bumped on sign-out, so a load that was in flight cannot put keys back afterwards. */
let generation = 0;

/**
 * Every load and clean-up of local storage runs one after the other: a load for the previous
 * account must not write its keys back after the next account's load (or the sign-out) ran.
 */
let storageQueue: Promise<unknown> = Promise.resolve();
const queued = <T>(task: () => Promise<T>): Promise<T> => {
  const run = storageQueue.then(task);
  storageQueue = run.catch(() => undefined);
  return run;
};

/** The users (null: signed out) with a load queued, so several screens asking start one. */
const pendingLoads = new Set<string | null>();

/** At start-up, once the restored session is known: keys stored before owners were recorded are its user's (or nobody's). */
export function adoptStoredKeyOwner(userId: string | null): void {
  void queued(() => adoptKeyOwner(webStorage, userId)).catch(() => undefined);
}

const deps = (userId: string | null): KeyDeps => ({ storage: webStorage, client: supabase, userId });

/**
 * The keys for `userId` (null: signed out; undefined: the session is still loading, or the
 * caller does not need them), with save actions that show the key notices.
 */
export function useProviderKeys(userId: string | null | undefined) {
  const [memory, setMemory] = useAtom(providerKeysAtom);
  const notify = useNotify();

  useEffect(() => {
    if (userId === undefined || memory.loadedFor === userId || pendingLoads.has(userId)) return;
    const started = generation;
    pendingLoads.add(userId);
    setMemory((m) => ({ ...m, loading: true }));
    void queued(() => loadProviderKeys(deps(userId)))
      .then(({ state, notices }) => {
        if (started !== generation) return;
        setMemory({ loadedFor: userId, loading: false, state });
        for (const notice of notices) notify(notice);
      })
      .finally(() => pendingLoads.delete(userId));
  }, [userId, memory.loadedFor, setMemory, notify]);

  const apply = useCallback(
    (result: SaveResult, update: (state: ProviderKeysState) => ProviderKeysState) => {
      setMemory((m) => ({ ...m, state: { ...update(m.state), hasCloudRecord: result.hasCloudRecord } }));
      notify(result.notice);
    },
    [setMemory, notify],
  );

  const saveKey = useCallback(
    async (provider: ProviderId, raw: string) => {
      const result = await saveProviderKey(deps(userId ?? null), provider, raw, memory.state.hasCloudRecord);
      apply(result, (state) => (result.next ? { ...state, keys: { ...state.keys, [provider]: result.next } } : state));
      return result;
    },
    [userId, memory.state.hasCloudRecord, apply],
  );

  const saveCustomBaseUrl = useCallback(
    async (raw: string) => {
      const result = await saveBaseUrl(deps(userId ?? null), raw, memory.state.hasCloudRecord);
      apply(result, (state) => (result.next ? { ...state, baseUrl: result.next } : state));
      return result;
    },
    [userId, memory.state.hasCloudRecord, apply],
  );

  const current = userId !== undefined && memory.loadedFor === userId;
  // Keys loaded for someone else (the previous account) are never handed out while this user's keys load.
  return { ready: current && !memory.loading, state: current ? memory.state : NO_KEYS, saveKey, saveBaseUrl: saveCustomBaseUrl };
}

/**
 * Sign-out clean-up (called by SessionProvider): the keys leave memory and local storage
 * when the session signs out.
 */
export function useClearProviderKeys(): () => void {
  const setMemory = useSetAtom(providerKeysAtom);
  return useCallback(() => {
    generation += 1;
    setMemory(initial());
    // At once, and again after a load still in flight (it may write the keys back meanwhile).
    void clearLocalProviderKeys(webStorage);
    void queued(() => clearLocalProviderKeys(webStorage));
  }, [setMemory]);
}
