import { useMemo, useState } from 'react';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { hasUsableKey, type AvailableKeys, type ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { imageKeysOf, type RunTargetChoice } from '@/shared/ui/workflows/useWorkflowRun.ts';
import { useProviderKeys } from '@/web/lib/providerKeys.ts';
import { useUser } from '@/web/lib/sessionState.ts';

/**
 * The provider and model a workflow runs with, and the key sent with it: the key this browser holds
 * (so a key not synced yet works too), else the server uses the one synced to the account.
 */
export function useRunTarget(initial: { provider: ProviderId | null; model: string | null }) {
  const user = useUser();
  const keys = useProviderKeys(user?.id ?? null);
  const [choice, setChoice] = useState<ModelChoice>({ provider: initial.provider ?? 'openai', model: initial.model ?? '' });
  const available: AvailableKeys = useMemo(
    () => ({
      keys: Object.fromEntries(Object.entries(keys.state.keys).map(([id, key]) => [id, key.value])),
      customBaseUrl: keys.state.baseUrl.value,
    }),
    [keys.state],
  );
  const target = (): RunTargetChoice => ({
    provider: choice.provider,
    model: choice.model,
    apiKey: available.keys[choice.provider] ?? null,
    customBaseUrl: choice.provider === 'chatgpt_custom' ? available.customBaseUrl : null,
    imageApiKeys: imageKeysOf(available.keys),
  });
  return { choice, setChoice, available, target, keysReady: keys.ready, usable: hasUsableKey(choice.provider, available) };
}

export type RunTargetApi = ReturnType<typeof useRunTarget>;
