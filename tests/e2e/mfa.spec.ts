import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { SCREENSHOT_DIR } from './chromium.ts';
import { createUser, latestMail, linkIn, signInAs, type TestUser } from './support.ts';

/** Two-factor authentication (TOTP): enrol in Settings, the code step at sign-in, removal. */

const notice = (page: Page) => page.getByRole('region', { name: /^Notifications/ });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const card = (page: Page) =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });

const totpFor = (secret: string) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });

// Each test enrols and signs in more than once.
test.describe.configure({ timeout: 60_000 });

/** A 6-digit code the server will refuse (not valid in the ±1 step window). */
function wrongCode(totp: OTPAuth.TOTP): string {
  for (let n = 0; ; n++) {
    const candidate = String((Number(totp.generate()) + 111_111 + n) % 1_000_000).padStart(6, '0');
    if (totp.validate({ token: candidate, window: 1 }) === null) return candidate;
  }
}

/** Turns 2FA on from Settings and returns the secret shown on screen. */
async function enrol(page: Page): Promise<string> {
  await page.goto('/settings');
  await expect(card(page).getByLabel('Two-factor authentication is off')).toBeVisible();
  await card(page).getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card(page).getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await card(page).getByLabel('Secret key').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const totp = totpFor(secret);
  await card(page).getByLabel('Verification code').fill(wrongCode(totp));
  await card(page).getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card(page).getByText('That code is not valid.', { exact: false })).toBeVisible();
  await card(page).getByLabel('Verification code').fill(totp.generate());
  await card(page).getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card(page).getByLabel('Two-factor authentication is on')).toBeVisible();
  await expect(notice(page)).toContainText('Two-Factor Authentication On');
  return secret;
}

async function signInWithPassword(page: Page, user: TestUser, path = '/auth?mode=signin') {
  await page.goto(path);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('enrol in Settings, then sign-in asks for the code (wrong → error, right → /dashboard); remove 2FA', async ({ page }) => {
  test.setTimeout(90_000); // the whole lifecycle in one test: ~15 s alone, more on a busy machine
  const user = await createUser();
  await signInAs(page, user);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings');
  await expect(card(page).getByLabel('Two-factor authentication is off')).toBeVisible();
  await shot(page, 'settings-2fa-off');
  await card(page).getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card(page).getByRole('img', { name: /QR code/ })).toBeVisible();
  // The QR code really renders (an SVG data URL that decodes to an image).
  const qrWidth = await card(page)
    .getByRole('img', { name: /QR code/ })
    .evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(qrWidth).toBeGreaterThan(0);
  await shot(page, 'settings-2fa-enrol');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settings-2fa-enrol-mobile');
  await page.setViewportSize({ width: 1280, height: 900 });
  await card(page).getByRole('button', { name: 'Cancel set-up' }).click();
  await expect(card(page).getByLabel('Two-factor authentication is off')).toBeVisible();

  const secret = await enrol(page);
  const totp = totpFor(secret);
  await shot(page, 'settings-2fa-on');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page)).toContainText('Signed Out');

  await signInWithPassword(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await shot(page, 'auth-2fa-step');

  // A reload in the middle keeps the code step (the session is aal1).
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();

  await page.getByLabel('Authentication code').fill(wrongCode(totp));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid.', { exact: false })).toBeVisible();
  await shot(page, 'auth-2fa-wrong');
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL('/dashboard');
  await expect(sidebar(page)).toBeVisible();

  await page.goto('/settings');
  await expect(card(page).getByLabel('Two-factor authentication is on')).toBeVisible();
  await card(page).getByRole('button', { name: 'Remove two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove two-factor authentication?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'settings-2fa-remove');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(card(page).getByLabel('Two-factor authentication is off')).toBeVisible();
  await expect(notice(page)).toContainText('Two-Factor Authentication Off');
  await page.reload();
  await expect(card(page).getByLabel('Two-factor authentication is off')).toBeVisible();

  // Without 2FA the password alone signs in again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page)).toContainText('Signed Out');
  await signInWithPassword(page, user);
  await expect(page).toHaveURL('/dashboard');
});

test('"Use a different account" on the code step signs out', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user);
  await enrol(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page)).toContainText('Signed Out');
  await signInWithPassword(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a different account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome Back!|Create an Account/ })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toHaveCount(0);
});

test('master login with 2FA: an admin enters the code and reaches /admin/dashboard', async ({ page }) => {
  const admin = await createUser({ role: 'admin' });
  await signInAs(page, admin);
  const totp = totpFor(await enrol(page));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page)).toContainText('Signed Out');
  await signInWithPassword(page, admin, '/master-login');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page).toHaveURL('/master-login');
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
});

test('password reset with 2FA: /update-password asks for the code before the new password', async ({ page }) => {
  test.setTimeout(90_000); // enrol, mail, reset, and a sign-in with the code
  const user = await createUser();
  await signInAs(page, user);
  const totp = totpFor(await enrol(page));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page)).toContainText('Signed Out');

  await page.goto('/forgot-password');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(notice(page)).toContainText('Check your email');
  await page.goto(linkIn(await latestMail(user.email), '/auth/v1/verify'));
  await expect(page).toHaveURL(/\/update-password/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  await shot(page, 'update-password-2fa');

  await page.getByLabel('Authentication code').fill(wrongCode(totp));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid.', { exact: false })).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();

  const newPassword = 'after-reset-pass-9';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(notice(page)).toContainText('Password Updated');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notice(page)).toContainText('Signed Out');
  await signInWithPassword(page, { ...user, password: newPassword });
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();
});
