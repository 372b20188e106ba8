import { useMemo } from 'react';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import type { AvailableKeys } from '@/shared/ui/ai/ModelPicker.tsx';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useAuthStatus, useUser } from '@/web/lib/sessionState.ts';

/**
 * The visitor's AI keys for the model picker: the account's keys when signed in, else those kept
 * in this browser's local storage (keys work signed out too). `ready` once they are loaded.
 */
export function useAvailableKeys(): { ready: boolean; available: AvailableKeys; signedIn: boolean } {
  const status = useAuthStatus();
  const user = useUser();
  const userId = status === 'loading' ? undefined : (user?.id ?? null);
  const { ready, state } = useProviderKeys(userId);
  const available = useMemo<AvailableKeys>(
    () => ({
      keys: Object.fromEntries(PROVIDER_IDS.map((id) => [id, state.keys[id].value])) as Record<ProviderId, string | null>,
      customBaseUrl: state.baseUrl.value,
    }),
    [state],
  );
  return { ready, available, signedIn: Boolean(user) };
}
