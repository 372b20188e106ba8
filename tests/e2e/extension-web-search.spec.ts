import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { DEFAULT_ANON_KEY } from '@/supabase/local/config.ts';
import { FAKE_SEARCH_KEYS } from '../fixtures/fake-search.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, openSidePanel, screenshotPanel, signInInPanel, test } from './extension-support.ts';
import { PAGES_URL, STACK_URL } from './ports.ts';
import { createUser, passwordSession } from './support.ts';

/**
 * "Search the web" in the side panel's run view against the strict Brave fake:
 * the answer cites [n], the sources show with the path used and open their pages, the search is
 * recorded in the account's ledger as the panel's, and the run keeps its sources.
 */

test.describe.configure({ timeout: 120_000 });

const OPENAI_KEY = 'sk-fake-good-0123456789abcdef';
/**
 * This account's searches: each search a service answered is a row in the account's ledger.
 * Counted per account, not on the shared fake, which the tests running beside this one also call.
 */
async function searchesBy(client: SupabaseClient): Promise<number> {
  const { data, error } = await client.from('usage_events').select('searches').eq('feature', 'search');
  expect(error).toBeNull();
  return (data ?? []).reduce((sum, row) => sum + (row.searches as number), 0);
}

/** An account with the fake OpenAI key and a Brave search key saved as Settings saves it (through the web-search function, encrypted). */
async function searchingAccount() {
  const user = await createUser();
  const session = await passwordSession(user);
  const client = createClient(STACK_URL, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    realtime: { transport: WebSocket as never },
  });
  expect(
    (await client.from('user_api_keys').upsert({ user_id: user.id, openai_api_key: OPENAI_KEY, updated_at: new Date().toISOString() }))
      .error,
  ).toBeNull();
  expect(
    (await client.functions.invoke('web-search', { body: { action: 'save', provider: 'brave', apiKey: FAKE_SEARCH_KEYS.brave } })).error,
  ).toBeNull();
  return { user, client };
}

test('the side panel runs a prompt grounded in a web search: [n] citations, linked sources, the path used', async ({
  context,
  cdp,
  extensionId,
}) => {
  const { user, client } = await searchingAccount();
  expect(
    (
      await client
        .from('saved_prompts')
        .insert({ name: 'Market scan', prompt_text: 'Compare the prices of AI writing tools.', llm_provider: 'openai' })
    ).error,
  ).toBeNull();

  const web: Page = await context.newPage();
  await web.goto(`${PAGES_URL}/article.html`);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await signInInPanel(panel, user);
  await panel.getByRole('button', { name: /^Market scan/ }).click();
  await expect(panel.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 20_000 });

  expect(await searchesBy(client)).toBe(0);
  await panel.getByRole('switch', { name: WEB_SEARCH_TEXTS.switchLabel }).check();
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  await expect(panel.getByText(/From the web: Compare the prices of AI writing tools\. — market report 2026 \[1\]\[2\]\./)).toBeVisible({
    timeout: 30_000,
  });
  const aside = panel.getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });
  await expect(aside.getByTestId('panel-web-sources-path')).toHaveText('Searched the web with Brave Search: 5 sources');
  await expect(aside.getByRole('link', { name: 'Pricing of the leading tools' })).toHaveAttribute(
    'href',
    'https://pricing.example.org/compare',
  );
  await expect
    .poll(async () => (await client.from('usage_events').select('feature, surface, provider, searches').eq('feature', 'search')).data)
    .toEqual([{ feature: 'search', surface: 'panel', provider: 'brave', searches: 1 }]);
  await expect
    .poll(async () => ((await client.from('prompt_runs').select('web_sources')).data?.[0]?.web_sources as unknown[] | undefined)?.length)
    .toBe(5);
  await aside.scrollIntoViewIfNeeded();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-web-search.png`);
});

test('the side panel chat grounds a question in a web search and keeps its sources; switched off, nothing is searched', async ({
  context,
  cdp,
  extensionId,
}) => {
  const { user, client } = await searchingAccount();

  const web: Page = await context.newPage();
  await web.goto(`${PAGES_URL}/article.html`);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await signInInPanel(panel, user);
  await panel.getByRole('tab', { name: 'Chat' }).click();
  const main = panel.getByRole('main');
  await expect(main.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 20_000 });
  // "Ask about this page" once the page is read, "Ask anything" without it: the search does not depend on the page.
  const box = main.getByRole('textbox', { name: /^Ask (about this page|anything)$/ });

  expect(await searchesBy(client)).toBe(0);
  await main.getByRole('switch', { name: WEB_SEARCH_TEXTS.switchLabel }).check();
  await box.fill('Compare the prices of AI writing tools.');
  await box.press('Control+Enter');
  const answer = main.getByTestId('conversation-answer').last();
  const aside = answer.getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });
  await expect(aside.getByTestId('answer-1-web-sources-path')).toHaveText('Searched the web with Brave Search: 5 sources', {
    timeout: 30_000,
  });
  await expect(aside.getByRole('link', { name: 'Pricing of the leading tools' })).toHaveAttribute(
    'href',
    'https://pricing.example.org/compare',
  );
  await expect.poll(() => searchesBy(client)).toBe(1);
  // Kept with the answer.
  await expect
    .poll(
      async () =>
        (
          (await client.from('conversation_messages').select('web_sources').eq('role', 'assistant')).data?.[0]?.web_sources as
            unknown[] | null
        )?.length,
    )
    .toBe(5);
  await aside.scrollIntoViewIfNeeded();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-chat-web-search.png`);

  // Off: the next question is not searched, and its answer has no sources. The switch is held
  // while the answer is saved; Send comes back with it.
  await expect(main.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  // By keyboard: the panel's layout can still move under a pointer here (the notices leaving), and
  // a click landing beside the switch leaves it on.
  const searchSwitch = main.getByRole('switch', { name: WEB_SEARCH_TEXTS.switchLabel });
  await expect(searchSwitch).toBeChecked();
  await searchSwitch.press('Space');
  await expect(searchSwitch).not.toBeChecked();
  await box.fill('Thanks. Which one is cheapest?');
  await box.press('Control+Enter');
  await expect(main.getByTestId('conversation-answer')).toHaveCount(2, { timeout: 30_000 });
  await expect(main.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  await expect(main.getByTestId('conversation-answer').last().getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources })).toHaveCount(
    0,
  );
  expect(await searchesBy(client)).toBe(1);
});
