import { useCallback, useEffect } from 'react';
import { atom, useAtom, useSetAtom } from 'jotai';
import type { ProviderId } from '../../shared/core/providerKeys.ts';
import {
  clearLocalProviderKeys,
  emptyProviderKeysState,
  loadProviderKeys,
  saveBaseUrl,
  saveProviderKey,
  type KeyDeps,
  type ProviderKeysState,
  type SaveResult,
} from '../../shared/data/apiKeys.ts';
import { useNotify } from '../../shared/ui/notices.tsx';
import { webStorage } from './storage.ts';
import { supabase } from './supabase.ts';

/**
 * Provider keys in the dashboard (spec §3.1, §4): one in-memory copy shared by every screen,
 * loaded from the cloud record when signed in (else local storage), saved through the shared
 * flows in shared/data/apiKeys.ts, and dropped from memory and local storage on sign-out.
 */

interface KeysMemory {
  /** The user the keys were loaded for (null: signed out); undefined until loaded. */
  loadedFor: string | null | undefined;
  loading: boolean;
  state: ProviderKeysState;
}

const initial = (): KeysMemory => ({ loadedFor: undefined, loading: false, state: emptyProviderKeysState() });

export const providerKeysAtom = atom<KeysMemory>(initial());

/** Bumped on sign-out, so a load that was in flight cannot put keys back afterwards. */
let generation = 0;

const deps = (userId: string | null): KeyDeps => ({ storage: webStorage, client: supabase, userId });

/**
 * The keys for `userId` (null: signed out; undefined: the session is still loading), with save
 * actions that show the spec's notices.
 */
export function useProviderKeys(userId: string | null | undefined) {
  const [memory, setMemory] = useAtom(providerKeysAtom);
  const notify = useNotify();

  useEffect(() => {
    if (userId === undefined || memory.loadedFor === userId || memory.loading) return;
    const started = generation;
    setMemory((m) => ({ ...m, loading: true }));
    void loadProviderKeys(deps(userId)).then(({ state, notices }) => {
      if (started !== generation) return;
      setMemory({ loadedFor: userId, loading: false, state });
      for (const notice of notices) notify(notice);
    });
  }, [userId, memory.loadedFor, memory.loading, setMemory, notify]);

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

  const ready = userId !== undefined && memory.loadedFor === userId && !memory.loading;
  return { ready, state: memory.state, saveKey, saveBaseUrl: saveCustomBaseUrl };
}

/**
 * Sign-out clean-up (called by SessionProvider): the keys leave memory and local storage
 * (spec §4 session events).
 */
export function useClearProviderKeys(): () => void {
  const setMemory = useSetAtom(providerKeysAtom);
  return useCallback(() => {
    generation += 1;
    setMemory(initial());
    void clearLocalProviderKeys(webStorage);
  }, [setMemory]);
}
