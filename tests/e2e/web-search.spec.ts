import { test, type Page } from '@playwright/test';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { FAKE_SEARCH_KEYS } from '../fixtures/fake-search.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, lookAt, member } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * "Search the web" on a prompt's run page, against the strict fake of Brave
 * Search (tests/fixtures/fake-search.ts, reached by the stack's web-search function) and the
 * strict OpenAI fake: without a search key one sentence and no request at all; with a Brave key
 * saved in Settings the answer cites [n], the sources list shows title, site and link with the
 * path used, the run keeps its sources; turned off, no search is made (the fake counts).
 */

test.describe.configure({ timeout: 180_000 });

const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const runButton = (page: Page) => page.getByRole('button', { name: /^(Run prompt|Run again)$/ });
const webSwitch = (page: Page) => page.getByRole('switch', { name: WEB_SEARCH_TEXTS.switchLabel });
const webSources = (page: Page) => page.getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });

/**
 * How many searches this account made: the web-search function records each search a service
 * answered in the account's ledger. Counted per account, not on the shared fake, whose other
 * callers are the tests running beside this one.
 */
async function searchesBy(client: SupabaseClient): Promise<number> {
  const { data, error } = await client.from('usage_events').select('searches').eq('feature', 'search');
  expect(error).toBeNull();
  return (data ?? []).reduce((sum, row) => sum + (row.searches as number), 0);
}

async function openRunner(page: Page) {
  await page.goto('/run-prompt/fp1');
  await expect(page.getByRole('heading', { level: 1, name: 'Catchy Ad Headline' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 20_000 });
  await page.getByLabel('What is the product or service?').fill('AI writing tools');
  await page.getByLabel('Who is the target audience?').fill('course creators');
  await page.getByLabel('What is the main benefit?').fill('current prices');
}

test('Search the web: refused without a key, then grounded in Brave results with [n] citations and linked sources; off sends no search', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);

  // No search key yet: one sentence, no search and no AI request (no run, no ledger row).
  await openRunner(page);
  await expect(webSwitch(page)).not.toBeChecked();
  await webSwitch(page).check();
  await runButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: WEB_SEARCH_TEXTS.noKey })).toBeVisible();
  await expect(runButton(page)).toHaveText('Run prompt');
  expect(await searchesBy(client)).toBe(0);
  expect((await client.from('prompt_runs').select('id')).data).toEqual([]);
  expect((await client.from('usage_events').select('id')).data).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/web-search-no-key.png`, fullPage: true });

  // Settings → Web search: a Brave key, kept in the account and never shown again.
  await page.goto('/settings');
  const card = page.getByRole('region', { name: WEB_SEARCH_TEXTS.settingsTitle });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByLabel('Brave Search API key').fill(FAKE_SEARCH_KEYS.brave);
  await card.getByRole('button', { name: WEB_SEARCH_TEXTS.save }).click();
  await expect(card.getByRole('status')).toHaveText(WEB_SEARCH_TEXTS.saved('brave'));
  await expect(card.getByTestId('web-search-current')).toHaveText('Web search uses Brave Search.');
  await expect(card.getByLabel('Brave Search API key')).toHaveValue('');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SCREENSHOT_DIR}/web-search-settings.png` });

  // Searched: the answer cites [1][2], the list says which path was used and links each page.
  await openRunner(page);
  await webSwitch(page).check();
  await runButton(page).click();
  // The fake titles its first page after the query: the prompt, searched as it is.
  await expect(output(page)).toContainText(
    /From the web: Write 10 catchy ad headlines for AI writing tools.* — market report 2026 \[1\]\[2\]\./,
    {
      timeout: 30_000,
    },
  );
  await expect(output(page).getByText('Done', { exact: true })).toBeVisible();
  const aside = webSources(page);
  await expect(aside.getByTestId('run-web-sources-path')).toHaveText('Searched the web with Brave Search: 5 sources');
  const items = aside.getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText('[1]');
  await expect(items.first()).toContainText('example.com · cited');
  const first = aside.getByRole('link', { name: /^Write 10 catchy ad headlines.* — market report 2026$/ });
  await expect(first).toHaveAttribute('href', 'https://www.example.com/report');
  await expect(first).toHaveAttribute('target', '_blank');
  await expect(aside.getByRole('link', { name: 'Trends & forecasts' })).toHaveAttribute('href', 'https://news.example.net/trends');
  await expect.poll(() => searchesBy(client)).toBe(1);

  // The run keeps its sources; the search is a ledger row beside the run's.
  await expect
    .poll(
      async () =>
        (await client.from('prompt_runs').select('web_sources')).data?.[0]?.web_sources as { n: number; url: string }[] | undefined,
    )
    .toHaveLength(5);
  const stored = (await client.from('prompt_runs').select('web_sources')).data![0]!.web_sources as { n: number; url: string }[];
  expect(stored[1]).toMatchObject({ n: 2, url: 'https://pricing.example.org/compare' });
  await expect
    .poll(async () => (await client.from('usage_events').select('feature, provider, searches').eq('feature', 'search')).data)
    .toEqual([{ feature: 'search', provider: 'brave', searches: 1 }]);

  await aside.scrollIntoViewIfNeeded();
  await aside.screenshot({ path: `${SCREENSHOT_DIR}/web-search-sources.png` });
  await lookAt(page, 'web-search-run');

  // Off: the next run sends no search and shows no web sources.
  await webSwitch(page).uncheck();
  await runButton(page).click();
  await expect.poll(async () => (await client.from('prompt_runs').select('id')).data?.length, { timeout: 30_000 }).toBe(2);
  await expect(output(page).getByText('Done', { exact: true })).toBeVisible();
  await expect(output(page)).not.toContainText('From the web:');
  await expect(webSources(page)).toHaveCount(0);
  expect(await searchesBy(client)).toBe(1);
  // Reopened from the history, the searched run shows the sources it was sent with.
  const searchedRun = page.getByRole('list', { name: 'Runs' }).getByRole('listitem').nth(1);
  await searchedRun.getByRole('button').first().click();
  const kept = searchedRun.getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });
  await expect(kept).toContainText(WEB_SEARCH_TEXTS.keptWithRun(5));
  await expect(kept.getByRole('link', { name: 'Pricing of the leading tools' })).toHaveAttribute(
    'href',
    'https://pricing.example.org/compare',
  );
  await searchedRun.screenshot({ path: `${SCREENSHOT_DIR}/web-search-history.png` });

  // The one refusal (no search key) is the web-search function's 400, which the browser logs.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});

test('Smart Queries combine the knowledge base and the web, numbered apart; off sends no search', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  expect(
    (await client.functions.invoke('web-search', { body: { action: 'save', provider: 'brave', apiKey: FAKE_SEARCH_KEYS.brave } })).error,
  ).toBeNull();
  expect(
    (
      await client
        .from('kb_documents')
        .insert({ name: 'Pricing', type: 'text', content: 'The Pro plan costs $29 per month and includes unlimited prompts.' })
    ).error,
  ).toBeNull();
  await signInAs(page, user);
  await page.goto('/ai-features/smart-queries');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue(/.+/, { timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Ask your knowledge base' });
  await webSwitch(page).check();
  await form.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('How much does the Pro plan cost?');
  await form.getByRole('button', { name: 'Ask' }).click();
  const answer = page.getByRole('region', { name: 'Answer' });
  await expect(answer.getByTestId('grounded-answer')).toBeVisible({ timeout: 30_000 });
  // The passage is [1]; the web's sources follow from [2].
  const sources = webSources(page);
  await expect(sources.getByTestId('smart-query-web-sources-path')).toHaveText('Searched the web with Brave Search: 5 sources');
  await expect(sources.getByText('[2]', { exact: true })).toBeVisible();
  await expect(sources.getByText('[1]', { exact: true })).toHaveCount(0);
  // The knowledge base's passage is listed under its own heading, as [1].
  const passages = page.getByRole('region', { name: 'Sources', exact: true });
  await expect(passages.getByRole('listitem').first()).toContainText('Pricing');
  await expect.poll(() => searchesBy(client)).toBe(1);
  await lookAt(page, 'smart-queries-web');

  await webSwitch(page).uncheck();
  await form.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('Does the Pro plan include unlimited prompts?');
  await form.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByRole('region', { name: 'Answer' }).getByTestId('grounded-answer')).toBeVisible({ timeout: 30_000 });
  await expect(webSources(page)).toHaveCount(0);
  expect(await searchesBy(client)).toBe(1);
  expect(errors).toEqual([]);
});
