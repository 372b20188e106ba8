import { test, type Page } from '@playwright/test';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { startConversation } from '@/shared/data/conversations.ts';
import { accountWith, chooseProvider, seenBy } from './providers-support.ts';
import { expect, userClient } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * "Search the web" on a prompt's run page with a provider that has its own search tool
 * (docs/providers.md §13): Gemini's Google Search and Claude's web search, against their strict
 * fakes. No search key is needed: the provider's request carries its tool, the search fake of the
 * BYOK path is never asked, the answer cites [n], the sources show with the path used, the run
 * keeps them and the usage row counts the search.
 */

test.describe.configure({ timeout: 180_000 });

const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const webSwitch = (page: Page) => page.getByRole('switch', { name: WEB_SEARCH_TEXTS.switchLabel });
const webSources = (page: Page) => page.getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });

/**
 * The user's searches through their search key: each is a usage row of feature `search` (the
 * web-search function writes it). Per user, so a test beside this one searching the same fake
 * does not count.
 */
async function byokSearches(client: Awaited<ReturnType<typeof userClient>>): Promise<number> {
  const { count } = await client.from('usage_events').select('id', { count: 'exact', head: true }).eq('feature', 'search');
  return count ?? 0;
}

const TOOLS = {
  gemini: { tools: [{ google_search: {} }], path: "Searched the web with Gemini's Google Search: 4 sources" },
  anthropic: {
    tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
    path: "Searched the web with Claude's web search: 4 sources",
  },
} as const;

for (const provider of ['gemini', 'anthropic'] as const) {
  test(`${provider}: Search the web uses the provider's own search tool, without a search key`, async ({ page }) => {
    const errors = watchErrors(page);
    const user = await accountWith(provider);
    const client = await userClient(user);
    await signInAs(page, user);

    await page.goto('/run-prompt/fp1');
    await expect(page.getByRole('heading', { level: 1, name: 'Catchy Ad Headline' })).toBeVisible({ timeout: 30_000 });
    await chooseProvider(page, page, provider);
    await page.getByLabel('What is the product or service?').fill('AI writing tools');
    await page.getByLabel('Who is the target audience?').fill('course creators');
    await page.getByLabel('What is the main benefit?').fill('current prices');
    // The switch says the provider searches itself.
    await expect(page.getByText(WEB_SEARCH_TEXTS.switchHelpNative(provider))).toBeVisible();
    await webSwitch(page).check();

    const seenBefore = (await seenBy(provider)).length;
    await page.getByRole('button', { name: 'Run prompt' }).click();
    await expect(output(page).getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The answer cites the provider's sources, numbered from [1]; the list names the path used.
    await expect(output(page).getByTestId('run-output')).toContainText('[1][2]');
    const aside = webSources(page);
    await expect(aside.getByTestId('run-web-sources-path')).toHaveText(TOOLS[provider].path);
    await expect(aside.getByRole('listitem')).toHaveCount(4);
    await expect(aside.getByRole('listitem').first()).toContainText('example.com · cited');

    // The provider's request carried its tool and ran one search; the BYOK search was not asked.
    // This run's request (the fake is shared with tests beside this one): the one carrying its prompt.
    const sent = (await seenBy(provider))
      .slice(seenBefore)
      .filter(
        (r) => r.method === 'POST' && JSON.stringify((r as { body?: unknown }).body ?? '').includes('AI writing tools'),
      ) as unknown as {
      body: { tools?: unknown };
      searches?: string[];
    }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.tools).toEqual(TOOLS[provider].tools);
    expect(sent[0]!.searches).toHaveLength(1);
    expect(await byokSearches(client)).toBe(0);

    // The run keeps its sources; its usage row counts the search.
    await expect
      .poll(
        async () => ((await client.from('prompt_runs').select('web_sources')).data?.[0]?.web_sources as unknown[] | undefined)?.length,
        {
          timeout: 20_000,
        },
      )
      .toBe(4);
    await expect
      .poll(async () => (await client.from('usage_events').select('feature, provider, searches')).data)
      .toEqual([{ feature: 'run', provider, searches: 1 }]);
    expect(errors).toEqual([]);
  });
}

test("gemini: a reopened conversation searches with Gemini's own tool and keeps the answer's sources", async ({ page }) => {
  const errors = watchErrors(page);
  const user = await accountWith('gemini');
  const client = await userClient(user);
  const started = await startConversation(client, {
    source: 'chat',
    provider: 'gemini',
    model: 'gemini-3.8-flash',
    turns: [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi.', provider: 'gemini', model: 'gemini-3.8-flash', status: 'done' },
    ],
  });
  expect(started.error).toBeNull();
  await signInAs(page, user);
  await page.goto(`/conversations/${started.data!.id}`);
  await expect(page.getByText(WEB_SEARCH_TEXTS.switchHelpNative('gemini'))).toBeVisible({ timeout: 30_000 });
  await webSwitch(page).check();
  const seenBefore = (await seenBy('gemini')).length;
  const box = page.getByRole('textbox', { name: /follow-up/i });
  await box.fill('What do AI writing tools cost now?');
  await box.press('Control+Enter');
  const aside = page.getByTestId('conversation-answer').last().getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });
  await expect(aside.getByTestId('answer-3-web-sources-path')).toHaveText(TOOLS.gemini.path, { timeout: 30_000 });
  const sent = (await seenBy('gemini'))
    .slice(seenBefore)
    .filter(
      (r) => r.method === 'POST' && JSON.stringify((r as { body?: unknown }).body ?? '').includes('What do AI writing tools cost now?'),
    ) as unknown as {
    body: { tools?: unknown };
  }[];
  expect(sent.map((r) => r.body.tools)).toEqual([TOOLS.gemini.tools]);
  expect(await byokSearches(client)).toBe(0);
  await expect
    .poll(
      async () =>
        ((await client.from('conversation_messages').select('web_sources').eq('position', 3)).data?.[0]?.web_sources as unknown[] | null)
          ?.length,
    )
    .toBe(4);
  expect(errors).toEqual([]);
});

test("gemini: Smart Queries search with Gemini's own tool after the knowledge base's passages", async ({ page }) => {
  const errors = watchErrors(page);
  const user = await accountWith('gemini');
  const client = await userClient(user);
  expect(
    (
      await client
        .from('kb_documents')
        .insert({ name: 'Pricing', type: 'text', content: 'The Pro plan costs $29 per month and includes unlimited prompts.' })
    ).error,
  ).toBeNull();
  await signInAs(page, user);
  await page.goto('/ai-features/smart-queries');
  await chooseProvider(page, page, 'gemini');
  await expect(page.getByText(WEB_SEARCH_TEXTS.switchHelpNative('gemini'))).toBeVisible();
  await webSwitch(page).check();
  const seenBefore = (await seenBy('gemini')).length;
  const form = page.getByRole('form', { name: 'Ask your knowledge base' });
  await form.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('How much does the Pro plan cost?');
  await form.getByRole('button', { name: 'Ask' }).click();
  const sources = webSources(page);
  await expect(sources.getByTestId('smart-query-web-sources-path')).toHaveText(TOOLS.gemini.path, { timeout: 30_000 });
  // The passage is [1]; the provider's sources follow from [2].
  await expect(sources.getByText('[2]', { exact: true })).toBeVisible();
  await expect(sources.getByText('[1]', { exact: true })).toHaveCount(0);
  const sent = (await seenBy('gemini'))
    .slice(seenBefore)
    .filter(
      (r) =>
        r.method === 'POST' &&
        /:streamGenerateContent/.test(r.path) &&
        JSON.stringify((r as { body?: unknown }).body ?? '').includes('Pro plan cost'),
    ) as unknown as { body: { tools?: unknown } }[];
  expect(sent.map((r) => r.body.tools)).toEqual([TOOLS.gemini.tools]);
  expect(await byokSearches(client)).toBe(0);
  expect(errors).toEqual([]);
});
