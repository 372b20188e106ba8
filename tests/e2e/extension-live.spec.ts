import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, openSidePanel, screenshotPanel, signInInPanel, test } from './extension-support.ts';
import { ARTICLE, PANEL, seed } from './panel-setup.ts';
import { signInAs } from './support.ts';
import { WEB_URL } from './ports.ts';

/**
 * Live updates: with the side panel open, what the user does to their library in a dashboard tab
 * shows in the panel at once (Realtime), without reopening or reloading it; so does a Generate All
 * running there.
 */

test.describe.configure({ timeout: 150_000 });

test('a prompt saved, renamed and deleted in the dashboard shows in the open side panel without a reload', async ({
  context,
  cdp,
  extensionId,
}) => {
  const { user } = await seed();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await panel.setViewportSize(PANEL);
  await signInInPanel(panel, user);
  const library = panel.getByRole('main');
  await expect(library.getByRole('button', { name: /^Title idea/ })).toBeVisible();
  // The panel's document is never replaced: a marker set now must survive every change below.
  await panel.evaluate(() => ((window as unknown as { liveMarker: string }).liveMarker = 'same page'));

  const dashboard = await context.newPage();
  await signInAs(dashboard, user);
  await dashboard.goto(`${WEB_URL}/my-prompts`);
  const dialog = dashboard.getByRole('dialog');
  await dashboard.getByRole('button', { name: 'New prompt' }).click({ timeout: 90_000 });
  await dialog.getByLabel('Prompt name').fill('Launch tweet');
  await dialog.getByLabel('Prompt text').fill('A tweet announcing [product]');
  await dialog.getByRole('button', { name: 'Save Prompt' }).click();
  await expect(dialog).toBeHidden();

  await expect(library.getByRole('button', { name: /^Launch tweet/ })).toBeVisible();
  await web.bringToFront();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-live-prompt.png`);

  await dashboard.bringToFront();
  await dashboard.getByRole('button', { name: 'Edit Launch tweet' }).click();
  await dialog.getByLabel('Prompt name').fill('Launch thread');
  await dialog.getByRole('button', { name: 'Save Prompt' }).click();
  await expect(dialog).toBeHidden();
  await expect(library.getByRole('button', { name: /^Launch thread/ })).toBeVisible();
  await expect(library.getByRole('button', { name: /^Launch tweet/ })).toHaveCount(0);

  await dashboard.getByRole('button', { name: 'Delete Launch thread' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(library.getByRole('button', { name: /^Launch thread/ })).toHaveCount(0);
  await expect(library.getByRole('button', { name: /^Title idea/ })).toBeVisible();
  expect(await panel.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe('same page');

  // A Generate All running in the dashboard shows in the panel while it runs, with a way there.
  await dashboard.goto(`${WEB_URL}/prompt-stacks`);
  await dashboard.getByLabel('Idea, niche or keyword').fill('pottery classes');
  await dashboard.getByRole('button', { name: 'Generate Idea For Offer Framework' }).click();
  await expect(dashboard.locator('#offer-framework-title')).toBeVisible({ timeout: 60_000 });
  let release!: () => void;
  const answers = new Promise<void>((resolve) => (release = resolve));
  await dashboard.route('**/chat/completions', async (route) => {
    await answers;
    await route.fallback();
  });
  await dashboard.getByRole('button', { name: 'Generate All Categories With One Click!' }).click();
  const job = panel.getByTestId('other-tab-job');
  await expect(job).toContainText(/^Generate All in another tab: 0 of \d+ done · /);
  await expect(panel.getByRole('button', { name: 'Open Generate All' })).toBeVisible();
  await web.bringToFront();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-job-in-another-tab.png`);
  release();
  await expect(job).toHaveCount(0, { timeout: 90_000 });
});
