import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { SCREENSHOT_DIR } from './chromium.ts';
import {
  askBackground,
  expect,
  extensionStorage,
  extensionUrl,
  openSidePanel,
  screenshotPanel,
  signInInPanel,
  test,
  type ChromeGlobal,
} from './extension-support.ts';
import { CHROME_EXTENSION_ID } from '@/extension/lib/extensionIdentity.ts';
import { AI_BASE_URLS, PAGES_URL, STACK_URL, WEB_URL } from './ports.ts';
import { screenshots, seriousViolations } from './screens.ts';
import { anonClient, createUser, SESSION_STORAGE_KEY, signInAs } from './support.ts';

/**
 * The extension's account in real Chromium against the e2e stack: manifest and permissions,
 * signed-out use with local keys, sign-in in the side panel (password, TOTP), sign-out clearing the
 * keys, the dashboard's "Connect extension", the extension opening the dashboard signed in, and the
 * dashboard asking before a handoff link switches it to another account.
 */

const OPENAI_KEY = 'sk-fake-good-0123456789abcdef';
const notice = (page: Page) => page.getByRole('region', { name: /^Notifications/ });
const article = `${PAGES_URL}/article.html`;

test.describe.configure({ timeout: 60_000 });

/** A 6-digit code outside the server's ±1 step window. */
function wrongCode(totp: OTPAuth.TOTP): string {
  for (let n = 0; ; n++) {
    const candidate = String((Number(totp.generate()) + 111_111 + n) % 1_000_000).padStart(6, '0');
    if (totp.validate({ token: candidate, window: 1 }) === null) return candidate;
  }
}

test('manifest: side panel, popup, shortcut, minimal permissions, strict CSP', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(extensionUrl(extensionId, 'popup.html'));
  const manifest = await page.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);
  // The fixed key gives the id the auth server's redirect list names.
  expect(extensionId).toBe(CHROME_EXTENSION_ID);
  expect(manifest.side_panel?.default_path).toBe('sidepanel.html');
  expect(manifest.action?.default_popup).toBe('popup.html');
  // Exactly these (docs/extension.md, "Permissions", says why each is needed); nothing else slips in.
  expect(manifest.permissions).toEqual(['storage', 'sidePanel', 'activeTab', 'contextMenus', 'scripting', 'tabs', 'identity']);
  expect(manifest.host_permissions).toEqual([
    `${STACK_URL}/*`,
    'https://api.openai.com/*',
    'https://generativelanguage.googleapis.com/*',
    'https://api.anthropic.com/*',
    'https://api.cohere.ai/*',
    'https://api.cohere.com/*',
    'https://api.ai21.com/*',
    'https://router.huggingface.co/*',
    'https://huggingface.co/*',
    // This build's development overrides (the AI fakes), granted what the real hosts are; a store package has none.
    ...[...new Set(Object.values(JSON.parse(AI_BASE_URLS) as Record<string, string>).map((url) => `${new URL(url).origin}/*`))],
  ]);
  expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
  expect(manifest.optional_permissions).toBeUndefined();
  expect(manifest.commands?.['toggle-side-panel']?.suggested_key).toEqual({ default: 'Alt+Shift+Y' });
  expect(manifest.content_security_policy).toEqual({
    extension_pages: "script-src 'self'; object-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  });
  expect(manifest.content_scripts).toEqual([{ matches: ['http://127.0.0.1/*'], js: ['content-scripts/dashboard-bridge.js'] }]);
});

test('signed out: the panel signs in, keys stay in this browser with "Sign in to sync", the popup shows them', async ({
  context,
  cdp,
  extensionId,
}) => {
  const web = await context.newPage();
  await web.goto(article);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await expect(panel.getByRole('heading', { name: 'Sign in to AI Vault' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(await seriousViolations(panel)).toEqual([]);
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/ext-panel-signed-out.png` });

  await panel.getByRole('tab', { name: 'Settings' }).click();
  await expect(panel.getByText('Keys are kept in this browser only. Sign in to sync them to your account.')).toBeVisible();
  const openai = panel.getByTestId('provider-openai');
  await openai.getByLabel('OpenAI API Key').fill(OPENAI_KEY);
  await openai.getByRole('button', { name: 'Save' }).click();
  await expect(notice(panel)).toContainText('OpenAI API Key Saved Locally');
  await expect(openai.getByText('sk-…cdef')).toBeVisible();
  await expect(openai.getByText('This browser only')).toBeVisible();
  expect(await extensionStorage(panel, ['openai_api_key'])).toEqual({ openai_api_key: OPENAI_KEY });
  expect(await seriousViolations(panel)).toEqual([]);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-settings-signed-out.png`);

  const popup = await context.newPage();
  await popup.setViewportSize({ width: 360, height: 520 });
  await popup.goto(extensionUrl(extensionId, 'popup.html'));
  await expect(popup.getByText('Not signed in')).toBeVisible();
  await expect(popup.getByLabel('OpenAI: key set')).toBeVisible();
  await expect(popup.getByLabel('Gemini: no key')).toBeVisible();
  await expect(popup.getByText('Keys are kept in this browser only. Sign in to sync them to your account.')).toBeVisible();
  expect(await seriousViolations(popup)).toEqual([]);
  await popup.screenshot({ path: `${SCREENSHOT_DIR}/ext-popup-signed-out.png` });
});

test('sign in with password in the panel, then sign out clears the keys', async ({ context, cdp, extensionId }) => {
  const user = await createUser();
  const web = await context.newPage();
  await web.goto(article);
  const panel = await openSidePanel(context, cdp, extensionId, web);

  await panel.getByLabel('Email').fill(user.email);
  await panel.getByLabel('Password', { exact: true }).fill('wrong-password');
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(notice(panel)).toContainText('Sign In Error');
  await expect(notice(panel)).toContainText('Invalid login credentials');

  await signInInPanel(panel, user);
  await expect(notice(panel)).toContainText('Sign In Successful!');
  await expect(panel.getByText('This folder is empty. Create a new prompt or folder to get started!')).toBeVisible();
  expect(await askBackground(panel, 'auth:state')).toEqual({ user: { id: user.id, email: user.email }, needsSecondFactor: false });
  // The root it showed is remembered for this account, so the next opening draws it at once.
  await expect
    .poll(async () => ((await extensionStorage(panel, ['panel_library'])).panel_library as { userId?: string } | undefined)?.userId)
    .toBe(user.id);

  // A key saved while signed in goes to the account too.
  await panel.getByRole('tab', { name: 'Settings' }).click();
  const openai = panel.getByTestId('provider-openai');
  await openai.getByLabel('OpenAI API Key').fill(OPENAI_KEY);
  await openai.getByRole('button', { name: 'Save' }).click();
  await expect(notice(panel)).toContainText('OpenAI API Key Saved');
  await expect(openai.getByText('Synced')).toBeVisible();

  // This account's recent prompts (the popup's list) leave with it too.
  await panel.evaluate(
    (userId) =>
      (globalThis as unknown as ChromeGlobal).chrome.storage.local.set({
        recent_prompts: { userId, prompts: [{ id: 'p1', name: 'Mine', ranAt: new Date().toISOString() }] },
        recent_prompts$: { v: 2 },
      }),
    user.id,
  );
  await panel.getByRole('button', { name: `Account: ${user.email}` }).click();
  await panel.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(notice(panel)).toContainText('Signed Out');
  await expect(panel.getByRole('heading', { name: 'Sign in to AI Vault' })).toBeVisible();
  await expect.poll(() => extensionStorage(panel, ['openai_api_key', 'supabaseUser', 'panel_library', 'recent_prompts'])).toEqual({});
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await expect(panel.getByTestId('provider-openai').getByText('Not set')).toBeVisible();
});

test('an account with two-factor authentication enters its code in the panel', async ({ context, cdp, extensionId }) => {
  const user = await createUser();
  const client = anonClient();
  await client.auth.signInWithPassword({ email: user.email, password: user.password });
  const { data: enrolled, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (error || !enrolled) throw error;
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(enrolled.totp.secret) });
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: totp.generate() });
  expect(verified.error).toBeNull();

  const web = await context.newPage();
  await web.goto(article);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await panel.getByLabel('Email').fill(user.email);
  await panel.getByLabel('Password', { exact: true }).fill(user.password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await panel.getByLabel('Authentication code').fill(wrongCode(totp));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(notice(panel)).toContainText('Sign In Error');
  await panel.getByLabel('Authentication code').fill(totp.generate());
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByRole('button', { name: `Account: ${user.email}` })).toBeVisible();
  expect(await askBackground(panel, 'auth:state')).toMatchObject({ needsSecondFactor: false });
});

test('Connect extension from the dashboard signs the extension in; the panel opens the dashboard signed in', async ({
  context,
  cdp,
  extensionId,
}) => {
  const user = await createUser();
  const dashboard = await context.newPage();
  await signInAs(dashboard, user);
  await dashboard.goto(`${WEB_URL}/settings`);
  const card = dashboard.locator('section').filter({ has: dashboard.getByRole('heading', { name: 'Connect extension' }) });
  await card.getByRole('button', { name: 'Connect extension' }).click();
  await expect(card.getByText(`Connected: the extension is signed in as ${user.email}.`)).toBeVisible();
  await expect(notice(dashboard)).toContainText('Extension Connected');
  await card.screenshot({ path: `${SCREENSHOT_DIR}/ext-connect-card.png` });

  const panel = await openSidePanel(context, cdp, extensionId, dashboard);
  await expect(panel.getByRole('button', { name: `Account: ${user.email}` })).toBeVisible();

  // A second browser profile's dashboard is signed out: the handoff signs it in. Here the same
  // profile's dashboard is signed in already, so sign it out first to see the handoff work.
  await dashboard.evaluate(() => window.localStorage.clear());
  const [opened] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: 'Open the dashboard' }).click()]);
  await expect(opened).toHaveURL(`${WEB_URL}/dashboard`);
  await expect(opened.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The one-time token never stays in the address bar or history.
  expect(opened.url()).not.toContain('token_hash');
});

test('a dashboard signed in as another account asks before switching: Stay keeps it, a link that lies is refused, Switch changes it', async ({
  context,
  cdp,
  extensionId,
}) => {
  const alice = await createUser();
  const bob = await createUser();
  const dashboard = await context.newPage();
  await signInAs(dashboard, alice);
  await dashboard.goto(`${WEB_URL}/dashboard`);
  await expect(dashboard.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const dashboardUser = (page: Page) =>
    page.evaluate(
      (key) => (JSON.parse(window.localStorage.getItem(key) ?? 'null') as { user?: { email?: string } } | null)?.user?.email ?? null,
      SESSION_STORAGE_KEY,
    );

  // The extension is Bob's; "Open the dashboard" hands over Bob's session.
  const panel = await openSidePanel(context, cdp, extensionId, dashboard);
  await signInInPanel(panel, bob);
  const [stay] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: 'Open the dashboard' }).click()]);
  const question = stay.getByRole('region', { name: 'Switch accounts?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText(`Signed in here${alice.email}`);
  await expect(question).toContainText(`This link signs in${bob.email}`);
  expect(stay.url()).not.toContain('token_hash');
  expect(await seriousViolations(stay)).toEqual([]);
  await screenshots(stay, 'ext-handoff-switch');
  await stay.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(stay).toHaveURL(`${WEB_URL}/dashboard`);
  expect(await dashboardUser(stay)).toBe(alice.email);
  await stay.close();

  // A crafted link: Bob's token, but it claims another address. Switching refuses it and keeps Alice.
  const bobClient = anonClient();
  await bobClient.auth.signInWithPassword({ email: bob.email, password: bob.password });
  const tokenFor = async () =>
    (await bobClient.functions.invoke<{ token_hash: string }>('session-handoff', { method: 'POST' })).data!.token_hash;
  const crafted = await context.newPage();
  await crafted.goto(
    `${WEB_URL}/auth/handoff#${new URLSearchParams({ token_hash: await tokenFor(), email: 'someone-else@example.com', next: '/settings' })}`,
  );
  await expect(crafted.getByRole('region', { name: 'Switch accounts?' })).toContainText('someone-else@example.com');
  await crafted.getByRole('button', { name: 'Switch account' }).click();
  await expect(crafted.getByRole('alert')).toContainText(`This link signs in as ${bob.email}, not as someone-else@example.com as it says.`);
  expect(await dashboardUser(crafted)).toBe(alice.email);
  await crafted.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(crafted).toHaveURL(`${WEB_URL}/dashboard`);
  await crafted.close();

  // Asked again, the user switches: the dashboard is Bob's.
  const [switched] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: 'Open the dashboard' }).click()]);
  await switched.getByRole('button', { name: 'Switch account' }).click();
  await expect(switched).toHaveURL(`${WEB_URL}/dashboard`);
  await expect(switched.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect.poll(() => dashboardUser(switched)).toBe(bob.email);
});
