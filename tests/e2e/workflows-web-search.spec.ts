import { test, type Page } from '@playwright/test';
import { WEB_SEARCH_TEXTS } from '@/shared/core/webSearch.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { FAKE_SEARCH_KEYS } from '../fixtures/fake-search.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * "Search the web" on a workflow step, in Chromium against the strict Brave Search and OpenAI
 * fakes: switched on in the builder for the first prompt step (and only offered on prompt steps),
 * the run page shows that step's numbered sources with the path used and links to each page, the
 * step without the switch searches nothing, and the reopened run still shows them.
 */

test.describe.configure({ timeout: 240_000 });

const stepInBuilder = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);
const stepOfRun = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n} · `) });
const webSwitch = (scope: ReturnType<Page['locator']>) => scope.getByRole('switch', { name: WEB_SEARCH_TEXTS.switchLabel });
const sourcesOf = (scope: ReturnType<Page['getByRole']>) => scope.getByRole('complementary', { name: WEB_SEARCH_TEXTS.sources });

test('a workflow step searches the web: switched on in the builder, its sources on the run page and the reopened run', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  // The search key as Settings saves it (through the web-search function, encrypted): Settings has its own test.
  expect(
    (await client.functions.invoke('web-search', { body: { action: 'save', provider: 'brave', apiKey: FAKE_SEARCH_KEYS.brave } })).error,
  ).toBeNull();
  await signInAs(page, user);

  await page.goto('/workflows/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New workflow' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Market watch');
  const research = stepInBuilder(page, 'step_1');
  await research.getByRole('textbox', { name: BUILDER_TEXTS.prompt }).fill('What changed this month about [topic]?');
  await expect(webSwitch(research)).not.toBeChecked();
  await webSwitch(research).check();
  await expect(research.getByText(BUILDER_TEXTS.webSearchHelp)).toBeVisible();
  await page.getByRole('button', { name: BUILDER_TEXTS.addPromptStep }).click();
  const post = stepInBuilder(page, 'step_2');
  await post.getByRole('textbox', { name: BUILDER_TEXTS.prompt }).fill('Write one tweet from {{steps.step_1.output}}');
  await expect(webSwitch(post)).not.toBeChecked();
  // Only a prompt step searches: an image step offers no switch.
  await page.getByRole('button', { name: BUILDER_TEXTS.addImageStep }).click();
  await expect(webSwitch(stepInBuilder(page, 'step_3'))).toHaveCount(0);
  await stepInBuilder(page, 'step_3')
    .getByRole('button', { name: BUILDER_TEXTS.deleteStep('step_3') })
    .click();
  await expect(stepInBuilder(page, 'step_3')).toHaveCount(0);
  await research.scrollIntoViewIfNeeded();
  await lookAt(page, 'workflow-builder-web-search');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
  const { data: rows } = await client.from('workflows').select('id, definition');
  const saved = (rows![0]!.definition as { steps: { webSearch?: boolean }[] }).steps;
  expect(saved.map((s) => s.webSearch === true)).toEqual([true, false]);

  await page.goto(`/workflows/${rows![0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Market watch' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'topic' }).fill('AI writing tools');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByTestId('workflow-progress')).toHaveText('Step 2 of 2 · Finished', { timeout: 60_000 });

  const sources = sourcesOf(stepOfRun(page, 1));
  await expect(sources.getByText('Searched the web with Brave Search: 5 sources')).toBeVisible();
  await expect(sources.getByRole('listitem')).toHaveCount(5);
  const first = sources.getByRole('link', { name: /— market report 2026$/ });
  await expect(first).toHaveAttribute('href', 'https://www.example.com/report');
  await expect(first).toHaveAttribute('target', '_blank');
  await expect(sources.getByRole('link', { name: 'Trends & forecasts' })).toHaveAttribute('href', 'https://news.example.net/trends');
  await expect(stepOfRun(page, 1)).toContainText('[1]');
  await expect(sourcesOf(stepOfRun(page, 2))).toHaveCount(0);
  // One search, tied to the first step; the second step searched nothing.
  await expect
    .poll(async () => (await client.from('usage_events').select('feature, provider, surface, step_index').eq('feature', 'search')).data)
    .toEqual([{ feature: 'search', provider: 'brave', surface: 'server', step_index: 0 }]);
  await stepOfRun(page, 1).scrollIntoViewIfNeeded();
  await lookAt(page, 'workflow-run-web-search');

  // The reopened run keeps them.
  await page.getByTestId('workflow-history-row').first().getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Run of Market watch' })).toBeVisible({ timeout: 30_000 });
  await expect(sourcesOf(stepOfRun(page, 1)).getByRole('listitem')).toHaveCount(5);
  await expect(sourcesOf(stepOfRun(page, 1)).getByText('Searched the web with Brave Search: 5 sources')).toBeVisible();
  expect(errors).toEqual([]);
});
