import { expect as baseExpect, test, type Page } from '@playwright/test';
import { screenshots, toast, watchErrors } from './screens.ts';
import { createUser, signInAs, withOpenAiKey } from './support.ts';

/**
 * Generate All runs in the tab that started it; the user's other tabs see it: the offer builder of
 * another tab shows its progress, waits with whole-offer actions and then shows the results (the
 * tabs share the browser's working copy), and every other page shows it in a strip with a way back.
 */

// The machine is shared and busy: AI answers and first page loads get room.
const expect = baseExpect.configure({ timeout: 30_000 });
const GENERATE_ALL = 'Generate All Categories With One Click!';
const elsewhere = (page: Page) => page.getByTestId('offer-job-elsewhere');
const strip = (page: Page) => page.getByTestId('other-tab-job');

test('a Generate All in one tab shows its progress in the others, then its results', async ({ context }) => {
  test.setTimeout(240_000);
  const user = await createUser();
  await withOpenAiKey(user);
  const running = await context.newPage();
  const errors = watchErrors(running);
  await signInAs(running, user);
  await running.goto('/prompt-stacks');
  await running.getByLabel('Idea, niche or keyword').fill('pottery classes');
  await running.getByRole('button', { name: 'Generate Idea For Offer Framework' }).click();
  await expect(running.locator('#offer-framework-title')).toBeVisible();
  const title = (await running.locator('#offer-framework-title').textContent())!;

  // The other tabs of the same browser: the builder (it reads the same working copy) and the dashboard.
  const watching = await context.newPage();
  await watching.goto('/prompt-stacks');
  await expect(watching.locator('#offer-framework-title')).toHaveText(title);
  const dashboard = await context.newPage();
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByRole('heading', { level: 1 })).toBeVisible();

  // The asset answers wait until the other tabs have been looked at.
  let release!: () => void;
  const answers = new Promise<void>((resolve) => (release = resolve));
  await running.route('**/chat/completions', async (route) => {
    await answers;
    await route.fallback();
  });
  await running.getByRole('button', { name: GENERATE_ALL }).click();
  await expect(running.getByTestId('generate-all-progress')).toHaveText(/^0 of \d+ done$/);
  const total = Number((await running.getByTestId('generate-all-progress').textContent())!.split(' of ')[1]!.split(' ')[0]);

  await expect(elsewhere(watching)).toContainText(`Generate All in another tab: 0 of ${total} done`);
  await expect(elsewhere(watching)).toContainText(`It works on "${title}"`);
  await expect(watching.getByRole('button', { name: GENERATE_ALL })).toBeDisabled();
  await expect(watching.getByRole('button', { name: 'New offer' })).toBeDisabled();
  await expect(strip(dashboard)).toHaveText(`Generate All in another tab: 0 of ${total} done · ${title}`);
  await expect(dashboard.getByRole('progressbar', { name: 'Generate All progress in another tab' })).toBeVisible();
  await screenshots(watching, 'offer-builder-generate-all-elsewhere');
  await screenshots(dashboard, 'dashboard-job-in-another-tab');
  // The strip's Open leads to where the results appear.
  await dashboard.getByRole('button', { name: 'Open Generate All' }).click();
  await expect(dashboard).toHaveURL(/\/prompt-stacks$/);
  await expect(elsewhere(dashboard)).toBeVisible();
  await dashboard.goBack();
  await expect(strip(dashboard)).toBeVisible();

  release();
  await expect(toast(running)).toContainText(`All ${total} categories have been generated.`, { timeout: 90_000 });
  const generated = (await running.getByTestId('generated-count').textContent())!;
  // The job is over everywhere, and the builder of the other tab shows what it produced.
  await expect(elsewhere(watching)).toHaveCount(0);
  await expect(watching.getByTestId('generated-count')).toHaveText(generated);
  await expect(watching.getByRole('button', { name: GENERATE_ALL })).toBeEnabled();
  await expect(strip(dashboard)).toHaveCount(0);

  expect(errors).toEqual([]);
});
