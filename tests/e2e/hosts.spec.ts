import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_FEEDBACK_URL, DEFAULT_MARKETPLACE_URL } from '../../shared/core/config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SCREENSHOT_DIR } from './chromium.ts';
import { STACK_URL, WEB_PORT } from './ports.ts';
import { createUser, passwordSession, SESSION_STORAGE_KEY, signInAs } from './support.ts';

/**
 * Host-prefix apps (spec §2.1, §2.10): marketplace.<host> shows the marketplace in a full-screen
 * frame; feedback.<host> the feedback site in a full-page frame when signed in, otherwise it sends
 * the visitor to the main site's login. The test host names resolve to this machine.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.aivault.test 127.0.0.1, MAP aivault.test 127.0.0.1'],
  },
});

const MARKETPLACE_HOST = `http://marketplace.aivault.test:${WEB_PORT}`;
const FEEDBACK_HOST = `http://feedback.aivault.test:${WEB_PORT}`;
const MAIN_SITE = `http://aivault.test:${WEB_PORT}`;
const VIEWPORT = { width: 1280, height: 800 };

/** The external sites are third-party: answer them with a small local page. */
async function fakeExternalSites(page: Page) {
  for (const [url, heading] of [
    [DEFAULT_MARKETPLACE_URL, 'Fake marketplace'],
    [DEFAULT_FEEDBACK_URL, 'Fake feedback board'],
  ] as const) {
    await page.route(`${url}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>${heading}</title><h1>${heading}</h1>` }),
    );
  }
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    // signInAs' init script also runs inside the third-party frame, where storage is off limits.
    if (/Failed to read the 'sessionStorage' property/.test(error.message)) return;
    errors.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The frame fills the whole viewport. */
async function expectFullWindow(page: Page, title: string) {
  const frame = page.getByTitle(title);
  await expect(frame).toBeVisible();
  expect(await frame.boundingBox()).toEqual({ x: 0, y: 0, ...VIEWPORT });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(VIEWPORT);
  await fakeExternalSites(page);
});

test('the marketplace host shows the marketplace in a full-screen frame', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${MARKETPLACE_HOST}/`);
  await expect(page).toHaveTitle('AI Marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Marketplace' })).toBeAttached();
  await expectFullWindow(page, 'AI Marketplace');
  await expect(page.frameLocator('iframe[title="AI Marketplace"]').getByRole('heading', { name: 'Fake marketplace' })).toBeVisible();
  expect(page.frames().map((f) => f.url())).toContain(`${DEFAULT_MARKETPLACE_URL}/`);
  // No dashboard chrome and no support button: the whole window is the marketplace.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/host-marketplace.png` });
  expect(errors).toEqual([]);
});

test('the feedback host sends a signed-out visitor to the main site login', async ({ page }) => {
  await page.goto(`${FEEDBACK_HOST}/`);
  await expect(page).toHaveURL(`${MAIN_SITE}/auth`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(page.frames().some((f) => f.url().startsWith(DEFAULT_FEEDBACK_URL))).toBe(false);
});

test('the feedback host shows the feedback site when signed in', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, await createUser());
  await page.goto(`${FEEDBACK_HOST}/`);
  await expectFullWindow(page, 'Provide Feedback');
  await expect(page).toHaveURL(`${FEEDBACK_HOST}/`);
  await expect(page).toHaveTitle('Provide Feedback');
  await expect(page.frameLocator('iframe[title="Provide Feedback"]').getByRole('heading', { name: 'Fake feedback board' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/host-feedback.png` });
  expect(errors).toEqual([]);
});

test('the feedback host shows a spinner while the session loads', async ({ page }) => {
  // An expired access token makes supabase-js refresh it before the session is known; hold that answer.
  const session = await passwordSession(await createUser());
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [SESSION_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })],
  );
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${STACK_URL}/auth/v1/token*`, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`${FEEDBACK_HOST}/`);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await expect(page.getByTitle('Provide Feedback')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/host-feedback-loading.png` });
  release();
  await expectFullWindow(page, 'Provide Feedback');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});
