import { PROVIDER_KEYS, type ProviderId } from '@/shared/core/providerKeys.ts';

/** How a provider choice names the providers, where a screen names them its own way. */
export type ProviderLabels = Partial<Record<ProviderId, string>>;

/**
 * The provider names in the prompt screens, exact texts ('GPT-4 Turbo', 'Gemini Pro (Requires API Key)',
 * 'Custom ChatGPT (Requires API Key)'), (the prompt dialog of the
 * library and the run page). The other providers keep their own names there.
 */
export const PROMPT_SCREEN_PROVIDER_LABELS: ProviderLabels = {
  openai: 'GPT-4 Turbo',
  gemini: 'Gemini Pro (Requires API Key)',
  chatgpt_custom: 'Custom ChatGPT (Requires API Key)',
};

/**
 * A provider's option text: its label, and '(no key)' when the user has none — unless the label
 * already says a key is required, so no option reads "(Requires API Key) (no key)".
 */
export function providerOptionLabel(provider: ProviderId, hasKey: boolean, labels: ProviderLabels = {}): string {
  const label = labels[provider] ?? PROVIDER_KEYS[provider].label;
  if (hasKey || /requires api key/i.test(label)) return label;
  return `${label} (no key)`;
}
