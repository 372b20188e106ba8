import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_FEEDBACK_URL, DEFAULT_MARKETPLACE_URL } from '@/shared/core/config.ts';
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM_PATH, SCREENSHOT_DIR } from './chromium.ts';
import { STACK_URL, WEB_PORT } from './ports.ts';
import { anonClient, createUser, passwordSession, SESSION_STORAGE_KEY, type TestUser } from './support.ts';

/**
 * Host-prefix apps: marketplace.<host> shows the marketplace in a full-screen
 * frame; feedback.<host> the feedback site in a full-page frame when signed in, otherwise it sends
 * the visitor to the main site's login. The test host names resolve to this machine.
 */
test.use({
  launchOptions: {
    executablePath: HEADLESS_CHROMIUM_PATH,
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
  page.on('pageerror', (error) => errors.push(error.message));
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

/** The sign-in link the feedback host sends its visitors to. */
const mainLogin = (returnTo: string) =>
  `${MAIN_SITE}/auth?mode=signin&next=${encodeURIComponent(`/auth/feedback?return_to=${encodeURIComponent(returnTo)}`)}`;

/** Whether an origin's own storage holds a session (each origin keeps its own). */
const hasSessionOn = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key) !== null, SESSION_STORAGE_KEY);

async function signInOnMainSite(page: Page, user: TestUser) {
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('the feedback host sends a signed-out visitor to the main site login', async ({ page }) => {
  await page.goto(`${FEEDBACK_HOST}/`);
  await expect(page).toHaveURL(mainLogin(`${FEEDBACK_HOST}/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  expect(page.frames().some((f) => f.url().startsWith(DEFAULT_FEEDBACK_URL))).toBe(false);
});

test('signing in on the main site brings the visitor back to the feedback host signed in there', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await createUser();
  const tokensInUrls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('token_hash=')) tokensInUrls.push(frame.url());
  });
  await page.goto(`${FEEDBACK_HOST}/`);
  await expect(page).toHaveURL(mainLogin(`${FEEDBACK_HOST}/`));
  await signInOnMainSite(page, user);

  await expectFullWindow(page, 'Provide Feedback');
  // The token came back in the fragment only, and left the address bar.
  await expect(page).toHaveURL(`${FEEDBACK_HOST}/`);
  expect(tokensInUrls.length).toBeGreaterThan(0);
  for (const url of tokensInUrls) expect(new URL(url).search).not.toContain('token_hash');
  await expect(page.frameLocator('iframe[title="Provide Feedback"]').getByRole('heading', { name: 'Fake feedback board' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/host-feedback.png` });
  // Each origin has a session of its own: the feedback host's came from the token, not from the test.
  expect(await hasSessionOn(page)).toBe(true);
  const tokenReuse = await anonClient().auth.verifyOtp({
    token_hash: new URLSearchParams(new URL(tokensInUrls[0]!).hash.slice(1)).get('token_hash')!,
    type: 'magiclink',
  });
  // One-time: Auth no longer knows the token.
  expect(tokenReuse.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });

  // A reload keeps this host's own session.
  await page.reload();
  await expectFullWindow(page, 'Provide Feedback');
  expect(errors).toEqual([]);
});

test('a visitor already signed in on the main site comes straight back, without the form', async ({ page }) => {
  const user = await createUser();
  await page.goto(`${MAIN_SITE}/auth?mode=signin`);
  await signInOnMainSite(page, user);
  await expect(page).toHaveURL(`${MAIN_SITE}/dashboard`);
  await page.goto(`${FEEDBACK_HOST}/`);
  await expectFullWindow(page, 'Provide Feedback');
  await expect(page).toHaveURL(`${FEEDBACK_HOST}/`);
});

test('the main site hands a token only to the feedback host (no open redirect)', async ({ page }) => {
  const user = await createUser();
  await page.goto(`${MAIN_SITE}/auth?mode=signin`);
  await signInOnMainSite(page, user);
  await expect(page).toHaveURL(`${MAIN_SITE}/dashboard`);
  let tokenAsked = false;
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/session-handoff')) tokenAsked = true;
  });
  for (const target of [
    'https://evil.example/',
    `http://evil.aivault.test:${WEB_PORT}/`,
    `http://feedback.aivault.test.evil.example:${WEB_PORT}/`,
  ]) {
    await page.goto(`${MAIN_SITE}/auth/feedback?return_to=${encodeURIComponent(target)}`);
    await expect(page.getByText('This link does not lead back to the feedback site.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${MAIN_SITE}/auth/feedback`));
  }
  expect(tokenAsked).toBe(false);
});

test('the feedback host shows a spinner while the session loads', async ({ page }) => {
  // An expired access token makes supabase-js refresh it before the session is known; hold that answer.
  // The session is put on the feedback host's origin only.
  const session = await passwordSession(await createUser());
  await page.addInitScript(
    ([origin, key, value]) => {
      if (window.location.origin === origin) window.localStorage.setItem(key!, value!);
    },
    [FEEDBACK_HOST, SESSION_STORAGE_KEY, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })],
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
