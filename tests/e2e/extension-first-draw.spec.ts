import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, extensionStorage, extensionUrl, openSidePanel, screenshotPanel, signInInPanel, test } from './extension-support.ts';
import { ARTICLE, PANEL, seed } from './panel-setup.ts';
import { seriousViolations } from './screens.ts';

/**
 * The side panel's first view, drawn from extension storage in plain DOM before the app loads:
 * the remembered library shows before the server answers and the live list then replaces it, the
 * plain view and the app's are laid out alike (no jump at the swap), a click on a remembered row
 * opens the prompt, and signing out forgets the library.
 */

test.describe.configure({ timeout: 90_000 });

const SAVED_PROMPTS = /\/rest\/v1\/saved_prompts\?/;

/** Where each control of the view sits (by the `data-fd` key the plain view and the app share). */
function layout(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => {
    const scope = document.getElementById('first-draw') ?? document.getElementById('root')!;
    const boxes: Record<string, number[]> = {};
    for (const el of scope.querySelectorAll<HTMLElement>('[data-fd]')) {
      const r = el.getBoundingClientRect();
      if (r.width) boxes[el.dataset.fd!] = [r.x, r.y, r.width, r.height].map((n) => Math.round(n));
    }
    return boxes;
  });
}

/** The plain first view alone (the app is not loaded), in a tab as wide as the panel. */
async function plainView(page: Page, extensionId: string): Promise<void> {
  await page.setViewportSize(PANEL);
  await page.goto(`${extensionUrl(extensionId, 'sidepanel.html')}?first-draw-only`);
  await expect(page.locator('#first-draw')).toBeVisible();
}

test('the remembered library is drawn before the server answers, laid out as the app draws it, then replaced by the live list', async ({
  context,
  cdp,
  extensionId,
}) => {
  const { user, client } = await seed();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await panel.setViewportSize(PANEL);
  await signInInPanel(panel, user);
  await expect(panel.getByRole('button', { name: /^Title idea/ })).toBeVisible();
  await expect
    .poll(async () => ((await extensionStorage(panel, ['panel_library'])).panel_library as { email?: string } | undefined)?.email)
    .toBe(user.email);

  // The plain view and the app's view put every control in the same place.
  const plain = await context.newPage();
  await plainView(plain, extensionId);
  await expect(plain.getByRole('list', { name: 'Prompts' }).getByRole('button', { name: /^Title idea/ })).toBeVisible();
  await expect(plain.getByRole('searchbox', { name: 'Search your prompts' })).toBeVisible();
  await expect(plain.getByRole('tab', { name: 'Prompts' })).toHaveAttribute('aria-selected', 'true');
  expect(await seriousViolations(plain)).toEqual([]);
  await screenshotPanel(plain, `${SCREENSHOT_DIR}/ext-panel-first-draw-cached.png`);
  const app = await context.newPage();
  await app.setViewportSize(PANEL);
  await app.goto(extensionUrl(extensionId, 'sidepanel.html'));
  await expect(app.locator('#first-draw')).toHaveCount(0);
  await expect(app.getByRole('progressbar', { name: 'Loading prompts' })).toHaveCount(0);
  const [plainBoxes, appBoxes] = [await layout(plain), await layout(app)];
  expect(Object.keys(plainBoxes).length).toBeGreaterThan(10);
  for (const [key, box] of Object.entries(plainBoxes)) {
    if (key === 'offer') continue; // enabled or not, the app's sits in a wrapper of the same size
    expect(appBoxes[key], key).toBeDefined();
    box.forEach((n, i) => expect(Math.abs(n - appBoxes[key]![i]!), `${key} [x, y, width, height][${i}]`).toBeLessThanOrEqual(1));
  }
  await screenshotPanel(app, `${SCREENSHOT_DIR}/ext-panel-first-draw-live.png`);
  await Promise.all([plain.close(), app.close()]);

  // Another prompt arrives from elsewhere while the server holds the panel's library read.
  expect(
    (await client.from('saved_prompts').insert({ name: 'Added elsewhere', prompt_text: 'Hello [name]', llm_provider: 'openai' })).error,
  ).toBeNull();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldReads = 0;
  // Routed on the panel itself: it is reached over its own CDP connection, outside `context`.
  await panel.route(SAVED_PROMPTS, async (route) => {
    heldReads += 1;
    await held;
    await route.continue();
  });
  await panel.reload();
  await expect(panel.getByRole('list', { name: 'Prompts' }).getByRole('button', { name: /^Title idea/ })).toBeVisible();
  await expect.poll(() => heldReads).toBeGreaterThan(0);
  await expect(panel.getByRole('button', { name: /^Added elsewhere/ })).toHaveCount(0);
  await expect(panel.getByRole('progressbar', { name: 'Loading prompts' })).toBeVisible();
  // The app takes over from the plain view (with the remembered rows) while the read is still held.
  await expect(panel.locator('#first-draw')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Added elsewhere/ })).toHaveCount(0);
  release();
  await expect(panel.getByRole('button', { name: /^Added elsewhere/ })).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Loading prompts' })).toHaveCount(0);
  await panel.unroute(SAVED_PROMPTS);

  // Search typed into the first view carries into the app's search.
  await panel.reload();
  const search = panel.getByRole('searchbox', { name: 'Search your prompts' });
  await search.fill('Added');
  await expect(panel.locator('#first-draw')).toHaveCount(0);
  await expect(search).toHaveValue('Added');
  await expect(panel.getByRole('list', { name: 'Search results' }).getByRole('button', { name: /^Added elsewhere/ })).toBeVisible();

  // A click on a remembered row as soon as it shows opens the prompt (handed to the app if it has not taken over yet).
  await panel.reload();
  await panel
    .getByRole('list', { name: 'Prompts' })
    .getByRole('button', { name: /^Title idea/ })
    .click();
  await expect(panel.getByRole('button', { name: 'Back to your prompts' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Back to your prompts' })).toHaveCount(1);

  // Signing out forgets the library: the next opening draws the sign-in form, no rows.
  await panel.getByRole('button', { name: `Account: ${user.email}` }).click();
  await panel.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(panel.getByRole('heading', { name: 'Sign in to AI Vault' })).toBeVisible();
  await expect.poll(() => extensionStorage(panel, ['panel_library', 'supabaseUser'])).toEqual({});
  const after = await context.newPage();
  await plainView(after, extensionId);
  await expect(after.getByRole('heading', { name: 'Sign in to AI Vault' })).toBeVisible();
  await expect(after.getByRole('list', { name: 'Prompts' })).toHaveCount(0);
  expect(await seriousViolations(after)).toEqual([]);
  await screenshotPanel(after, `${SCREENSHOT_DIR}/ext-panel-first-draw-signed-out.png`);
  await panel.reload();
  await expect(panel.getByRole('heading', { name: 'Sign in to AI Vault' })).toBeVisible();
  await expect(panel.getByText('Title idea')).toHaveCount(0);
});

test('signed out, what is typed into the first view’s sign-in form carries into the app’s', async ({ context, cdp, extensionId }) => {
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await panel.reload();
  await panel.getByLabel('Email').fill('someone@example.com');
  await expect(panel.locator('#first-draw')).toHaveCount(0);
  await expect(panel.getByLabel('Email')).toHaveValue('someone@example.com');
  await expect(panel.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});
