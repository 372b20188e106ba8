// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_TEXTS } from '@/shared/core/providerKeys.ts';
import { currentNoticeAtom } from '@/shared/ui/notices.tsx';
import { createQueryClient } from '@/shared/ui/query.ts';
import { useClearProviderKeys } from '@/web/lib/providerKeys.ts';
import { sessionAtom } from '@/web/lib/sessionState.ts';
import { ProviderKeysCard } from '@/web/pages/settings/ProviderKeysCard.tsx';

/**
 * The card for a visitor (local storage only, told to sign in to sync). /settings itself
 * is signed-in only, so this is where the signed-out path of the card is checked.
 */

let store: ReturnType<typeof createStore>;
let clear: () => void = () => undefined;

function ClearHook() {
  clear = useClearProviderKeys();
  return null;
}

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Provider store={store}>
        <MemoryRouter initialEntries={['/settings']}>
          <ClearHook />
          <ProviderKeysCard />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
}

const openaiRow = () => within(screen.getByTestId('provider-openai'));

beforeEach(() => {
  localStorage.clear();
  store = createStore();
  store.set(sessionAtom, null); // signed out
});
afterEach(cleanup);

describe('ProviderKeysCard, signed out', () => {
  // jsdom + MUI is slow on a busy machine: generous timeouts.
  it('shows the "Sign in to sync" notice with a sign-in link back to the page', () => {
    renderCard();
    expect(screen.getByText(KEY_TEXTS.signInToSync)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth?next=%2Fsettings');
  }, 20_000);

  it('saves a key locally only, masked, with reveal and clear', async () => {
    const user = userEvent.setup();
    renderCard();
    const field = await openaiRow().findByLabelText('OpenAI API Key');
    await user.click(field);
    await user.paste('sk-local-abcdefgh7890');
    await user.click(openaiRow().getByRole('button', { name: 'Save' }));

    expect(await openaiRow().findByText('sk-…7890')).toBeTruthy();
    expect(store.get(currentNoticeAtom)).toMatchObject({
      title: 'OpenAI API Key Saved Locally',
      description: 'Saved locally. Sign in to sync to your account. Keep it secure!',
    });
    expect(localStorage.getItem('openai_api_key')).toBe('sk-local-abcdefgh7890');
    expect(openaiRow().getByText('This browser only')).toBeTruthy();
    expect((openaiRow().getByLabelText('Replace OpenAI API key') as HTMLInputElement).value).toBe('');

    await user.click(openaiRow().getByRole('button', { name: 'Show OpenAI key' }));
    expect(openaiRow().getByText('sk-local-abcdefgh7890')).toBeTruthy();
    await user.click(openaiRow().getByRole('button', { name: 'Hide OpenAI key' }));
    expect(openaiRow().queryByText('sk-local-abcdefgh7890')).toBeNull();

    await user.click(openaiRow().getByRole('button', { name: 'Clear OpenAI key' }));
    expect(await openaiRow().findByText('Not set')).toBeTruthy();
    expect(store.get(currentNoticeAtom)?.title).toBe('OpenAI API Key Cleared');
    expect(localStorage.getItem('openai_api_key')).toBeNull();
  }, 20_000);

  it('loads keys kept in this browser, and the sign-out clean-up empties memory and storage', async () => {
    localStorage.setItem('anthropic_api_key', `sk-ant-api03-${'x'.repeat(30)}QRST`);
    renderCard();
    const row = within(screen.getByTestId('provider-anthropic'));
    expect(await row.findByText('sk-ant-…QRST')).toBeTruthy();
    act(() => clear());
    expect(localStorage.getItem('anthropic_api_key')).toBeNull();
    expect(await row.findByText('Not set')).toBeTruthy();
  }, 20_000);
});
