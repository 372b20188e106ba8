import { useEffect, useRef, useState } from 'react';
import { isProviderId } from '@/shared/core/providerKeys.ts';
import { DEFAULT_PANEL_PREFS, extItems } from '@/extension/lib/items.ts';
import type { ModelChoice } from '@/shared/ui/ai/ModelPicker.tsx';
import { useStoredItem } from './useStoredItem.ts';

/**
 * The panel's provider and model: the last one chosen in the panel (kept in extension storage),
 * else the screen's own default, else OpenAI. A choice made here is remembered for the next one.
 */
export function usePanelChoice(
  fallback: { provider: string | null; model: string | null } | null,
): [ModelChoice, (next: ModelChoice) => void] {
  const prefs = useStoredItem(extItems.panelPrefs, DEFAULT_PANEL_PREFS);
  const [choice, setChoice] = useState<ModelChoice>(() => {
    if (isProviderId(prefs.provider)) return { provider: prefs.provider, model: prefs.model ?? '' };
    if (isProviderId(fallback?.provider)) return { provider: fallback.provider, model: fallback.model ?? '' };
    return { provider: 'openai', model: '' };
  });
  // The stored preference arrives after the first render: adopt it once.
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current || !isProviderId(prefs.provider)) return;
    adopted.current = true;
    setChoice({ provider: prefs.provider, model: prefs.model ?? '' });
  }, [prefs.provider, prefs.model]);
  const choose = (next: ModelChoice) => {
    adopted.current = true;
    setChoice(next);
    void extItems.panelPrefs.setValue({ ...prefs, provider: next.provider, model: next.model || null });
  };
  return [choice, choose];
}
