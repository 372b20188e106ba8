import { useEffect, useState } from 'react';
import { PROVIDER_IDS, PROVIDER_KEY_COLUMNS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { extItems } from '@/extension/lib/items.ts';

/**
 * The keys in extension storage, kept current (they change when the user saves one, when the
 * background downloads the account's keys on sign-in and when it clears them on sign-out).
 */

export interface LocalKeys {
  loaded: boolean;
  keys: Record<ProviderId, string | null>;
  baseUrl: string | null;
}

const empty = (): LocalKeys => ({
  loaded: false,
  keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, null])) as Record<ProviderId, string | null>,
  baseUrl: null,
});

/** Whether a provider can be used: a key, or the custom server (which may need none). */
export const providerReady = (local: LocalKeys, provider: ProviderId): boolean =>
  Boolean(local.keys[provider]) || (provider === 'chatgpt_custom' && Boolean(local.baseUrl));

export function useKeyStatus(): LocalKeys {
  const [state, setState] = useState<LocalKeys>(empty);
  useEffect(() => {
    let alive = true;
    const read = async () => {
      const values = await Promise.all(PROVIDER_IDS.map((id) => extItems[PROVIDER_KEY_COLUMNS[id]].getValue()));
      const baseUrl = await extItems.custom_base_url.getValue();
      if (!alive) return;
      setState({
        loaded: true,
        keys: Object.fromEntries(PROVIDER_IDS.map((id, i) => [id, values[i] ?? null])) as LocalKeys['keys'],
        baseUrl,
      });
    };
    void read();
    const unwatch = [...PROVIDER_IDS.map((id) => extItems[PROVIDER_KEY_COLUMNS[id]]), extItems.custom_base_url].map((item) =>
      item.watch(() => void read()),
    );
    return () => {
      alive = false;
      unwatch.forEach((stop) => stop());
    };
  }, []);
  return state;
}
