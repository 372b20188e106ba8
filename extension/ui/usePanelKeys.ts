import { useCallback, useEffect, useRef, useState } from 'react';
import { checkBaseUrl, type ProviderId } from '@/shared/core/providerKeys.ts';
import {
  emptyProviderKeysState,
  loadProviderKeys,
  saveBaseUrl,
  saveProviderKey,
  type KeyDeps,
  type ProviderKeysState,
  type SaveResult,
} from '@/shared/data/providerKeys.ts';
import { extTypedStorage } from '@/extension/lib/items.ts';
import { originPatternOf } from '@/extension/lib/tabs.ts';
import type { ProviderKeysFlow } from '@/shared/ui/keys/ProviderKeysCard.tsx';
import { useNotify } from '@/shared/ui/notices.tsx';
import { extData } from './extClient.ts';

/**
 * The extension's provider keys (shared flows of shared/data/apiKeys.ts over extension storage):
 * usable signed out (this browser only), synced to user_api_keys when signed in. Reloaded when
 * the account changes (the shared load merges keys saved signed out into the account and drops
 * another account's); the background empties storage on sign-out, so nothing lingers.
 */

const NO_KEYS = emptyProviderKeysState();

/** Asks for access to a custom server's origin; runs inside the Save click (a user gesture). */
export type RequestOrigin = (pattern: string) => Promise<boolean>;

export function usePanelKeys(userId: string | null | undefined, requestOrigin?: RequestOrigin): ProviderKeysFlow {
  const notify = useNotify();
  const [memory, setMemory] = useState<{ loadedFor: string | null | undefined; state: ProviderKeysState }>({
    loadedFor: undefined,
    state: emptyProviderKeysState(),
  });
  const hasCloudRecord = useRef(false);
  hasCloudRecord.current = memory.state.hasCloudRecord;
  const deps = useCallback(
    async (): Promise<KeyDeps> => ({ storage: extTypedStorage, client: await extData(), userId: userId ?? null }),
    [userId],
  );

  useEffect(() => {
    if (userId === undefined) return;
    let alive = true;
    void deps()
      .then(loadProviderKeys)
      .then(({ state, notices }) => {
        if (!alive) return;
        setMemory({ loadedFor: userId, state });
        for (const notice of notices) notify(notice);
      });
    return () => {
      alive = false;
    };
  }, [userId, deps, notify]);

  const apply = useCallback(
    (result: SaveResult, update: (state: ProviderKeysState) => ProviderKeysState) => {
      setMemory((m) => ({ ...m, state: { ...update(m.state), hasCloudRecord: result.hasCloudRecord } }));
      notify(result.notice);
      return result;
    },
    [notify],
  );

  const saveKey = useCallback(
    async (provider: ProviderId, raw: string) => {
      const result = await saveProviderKey(await deps(), provider, raw, hasCloudRecord.current);
      return apply(result, (state) => (result.next ? { ...state, keys: { ...state.keys, [provider]: result.next } } : state));
    },
    [deps, apply],
  );

  const saveCustomBaseUrl = useCallback(
    async (raw: string) => {
      // Asked first, while the click still counts as the user's gesture.
      const checked = checkBaseUrl(raw);
      const pattern = checked.kind === 'valid' ? originPatternOf(checked.url) : null;
      const granted = pattern && requestOrigin ? await requestOrigin(pattern).catch(() => false) : true;
      const result = await saveBaseUrl(await deps(), raw, hasCloudRecord.current);
      apply(result, (state) => (result.next ? { ...state, baseUrl: result.next } : state));
      if (!granted) {
        notify({
          title: 'Permission Needed',
          description: `Saved, but AI Vault can't reach ${pattern} until you allow it. Save the base URL again and choose Allow.`,
          variant: 'destructive',
        });
      }
      return result;
    },
    [deps, apply, notify, requestOrigin],
  );

  const current = userId !== undefined && memory.loadedFor === userId;
  // The previous account's keys are never shown while the next account's keys load.
  return { ready: current, state: current ? memory.state : NO_KEYS, saveKey, saveBaseUrl: saveCustomBaseUrl };
}
