import { expect, type Page } from '@playwright/test';
import { PROVIDER_KEY_COLUMNS, PROVIDER_KEYS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { FAKE_OF } from '../fixtures/fake-ai-services.ts';
import { FAKE_KEYS, fakeProviderURLs, type FakeProviderKind } from '../fixtures/fake-providers/index.ts';
import { AI_ORIGINS } from './ports.ts';
import { createUser, serviceClient, type TestUser } from './support.ts';

/**
 * The per-provider end-to-end specs' set-up: one account per provider with that provider's key in
 * the account (the custom provider: the fake Ollama as its base URL, no key), the option the
 * provider pickers show, and what the provider's fake saw from the browser.
 */

export const MATRIX_PROVIDERS: readonly ProviderId[] = ['openai', 'gemini', 'anthropic', 'cohere', 'ai21', 'huggingface', 'chatgpt_custom'];

/** The fake that answers a provider: its own, or the fake Ollama at the custom base URL. */
const fakeOf = (provider: ProviderId): FakeProviderKind => (provider === 'chatgpt_custom' ? 'ollama' : FAKE_OF[provider]);

export const labelOf = (provider: ProviderId): string => PROVIDER_KEYS[provider].label;

/** An account whose only AI provider is `provider`, synced as Settings would have it. */
export async function accountWith(provider: ProviderId, key: 'good' | 'bad' = 'good'): Promise<TestUser> {
  const user = await createUser();
  const row =
    provider === 'chatgpt_custom'
      ? { custom_base_url: fakeProviderURLs('ollama', AI_ORIGINS.ollama).baseURL }
      : { [PROVIDER_KEY_COLUMNS[provider]]: FAKE_KEYS[FAKE_OF[provider]][key] };
  const { error } = await serviceClient()
    .from('user_api_keys')
    .upsert({ user_id: user.id, ...row, updated_at: new Date().toISOString() });
  if (error) throw new Error(error.message);
  return user;
}

/** Chooses the provider in a picker (the run screens' "AI provider") and waits for its model list's default. */
export async function chooseProvider(page: Page, scope: ReturnType<Page['getByRole']> | Page, provider: ProviderId) {
  const picker = scope.getByRole('combobox', { name: 'AI provider' });
  // The prompt screens name OpenAI by the product's label ("GPT-4 Turbo").
  const name = provider === 'openai' ? /^(OpenAI|GPT-4 Turbo)/ : new RegExp(`^${labelOf(provider)}`);
  // The options are relabelled while the account's keys load ("Cohere (no key)" → "Cohere"): a click
  // landing as the list re-renders can be lost and leave it open, so the choice is made again until
  // the picker shows it.
  await expect(async () => {
    if (!(await page.getByRole('listbox', { name: 'AI provider' }).isVisible())) await picker.click();
    await page.getByRole('option', { name }).click({ timeout: 5_000 });
    await expect(picker).toHaveText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(scope.getByRole('combobox', { name: 'Model' })).toHaveValue(/.+/, { timeout: 20_000 });
}

interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  origin: string | null;
}

/** Every request the provider's fake has seen (fakes run in the e2e servers' process). */
export async function seenBy(provider: ProviderId): Promise<SeenRequest[]> {
  const res = await fetch(`${AI_ORIGINS[fakeOf(provider)]}/__fake/requests`);
  return (await res.json()) as SeenRequest[];
}
