import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './chromium.ts';
import { anonClient, createUser, latestMail, linkIn, SESSION_STORAGE_KEY, signInAs, storedKeys, uniqueEmail } from './support.ts';

/** Accounts: sign-up, sign-in, Google, reset, admin portal, master login. */

const notice = (page: Page) => page.getByRole('region', { name: /^Notifications/ });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
const hasSession = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key) !== null, SESSION_STORAGE_KEY);

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('/auth', () => {
  test('sign-up mode by default; validation shows field errors; the toggle and /login switch to sign-in', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
    await expect(page.getByText('Minimum 6 characters required.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('autocomplete', 'new-password');
    await shot(page, 'auth-signup');

    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toBeFocused();

    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/^Password/).fill('12345');
    await page.getByLabel(/^Password/).press('Enter');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
    await shot(page, 'auth-signup-errors');

    // Show / hide password.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await expect(page).toHaveURL('/auth?mode=signin');
    await expect(page.getByText('Minimum 6 characters required.')).toHaveCount(0);
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL('/auth?mode=signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await shot(page, 'auth-signin');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'auth-signin-mobile');
  });

  test('sign-up → success notice and dialog, fields cleared → the mailed link signs the user in on /dashboard', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // The dialog makes the rest of the page inert (aria-hidden), the notice included.
    const hiddenNotice = page.getByRole('region', { name: /^Notifications/, includeHidden: true });
    await expect(hiddenNotice).toContainText('Sign Up Successful!');
    await expect(hiddenNotice).toContainText('Please check your email to verify your account.');
    const dialog = page.getByRole('dialog', { name: 'Check your inbox' });
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('confirmation link');
    await shot(page, 'auth-signup-dialog');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(/^Email/)).toHaveValue('');
    await expect(page.getByLabel(/^Password/)).toHaveValue('');
    expect(await hasSession(page)).toBe(false);

    const mail = await latestMail(email);
    await page.goto(linkIn(mail, '/auth/v1/verify'));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(sidebar(page)).toBeVisible();
    expect(await hasSession(page)).toBe(true);
  });

  test('sign-in with a wrong password shows the backend message', async ({ page }) => {
    const user = await createUser();
    const { error } = await anonClient().auth.signInWithPassword({ email: user.email, password: 'wrong-password' });
    expect(error?.message).toBeTruthy();
    await page.goto('/auth?mode=signin');
    await signInThroughForm(page, user.email, 'wrong-password');
    const toast = notice(page).getByRole('alert');
    await expect(toast).toContainText('Sign In Error');
    await expect(toast).toContainText(error!.message);
    await expect(page).toHaveURL('/auth?mode=signin');
    await shot(page, 'auth-signin-error');
  });

  test('sign-in from a protected page returns there, with the success notice', async ({ page }) => {
    const user = await createUser();
    await page.goto('/settings');
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent('/settings')}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await signInThroughForm(page, user.email, user.password);
    await expect(page).toHaveURL('/settings');
    await expect(notice(page)).toContainText('Sign In Successful!');
    await expect(notice(page)).toContainText('Welcome back!');
  });

  test('a key saved while signed out survives signing in: it goes up to the account', async ({ page }) => {
    const user = await createUser();
    await page.goto('/auth?mode=signin');
    await page.evaluate(() => window.localStorage.setItem('openai_api_key', 'sk-saved-before-signing-in'));
    await signInThroughForm(page, user.email, user.password);
    await expect(page).toHaveURL('/dashboard');
    const cloudKey = async () => (await storedKeys(user.id))?.openai_api_key ?? null;
    // The upload follows the sign-in, the dashboard's first load and the key record's read: on a
    // machine running the whole suite that chain once took longer than the default wait.
    await expect.poll(cloudKey, { timeout: 45_000 }).toBe('sk-saved-before-signing-in');
    expect(await page.evaluate(() => window.localStorage.getItem('openai_api_key'))).toBe('sk-saved-before-signing-in');
  });

  test('Google: the round trip through (fake) Google lands on /dashboard signed in', async ({ page }) => {
    const email = uniqueEmail('google');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(sidebar(page)).toBeVisible();
    await expect(notice(page)).toContainText('Signed In!');
    expect(await hasSession(page)).toBe(true);
  });

  test('Google: a backend without Google says so instead of leaving the page', async ({ page }) => {
    await page.route('**/auth/v1/settings', (route) => route.fulfill({ json: { external: { google: false } } }));
    await page.goto('/auth?mode=signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const toast = notice(page).getByRole('alert');
    await expect(toast).toContainText('Google Sign-In Error');
    await expect(toast).toContainText('Google sign-in is not enabled on this server.');
    await expect(page).toHaveURL('/auth?mode=signin');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await shot(page, 'auth-google-disabled');
  });

  test('Google: an error brought back in the URL is shown as a Google Sign-In Error', async ({ page }) => {
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem('e2e-oauth-seeded')) {
        window.sessionStorage.setItem('e2e-oauth-seeded', '1');
        window.sessionStorage.setItem('ai_vault_oauth_pending', '1');
      }
    });
    await page.goto('/dashboard?error=access_denied&error_description=The+user+denied+access');
    await expect(page).toHaveURL(/\/auth/);
    const toast = notice(page).getByRole('alert');
    await expect(toast).toContainText('Google Sign-In Error');
    await expect(toast).toContainText('The user denied access');
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent('/dashboard')}`);
  });
});

test.describe('password reset', () => {
  test('forgot-password validation notices and the back link', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(notice(page)).toContainText('Email Required');
    await expect(notice(page)).toContainText('Please enter your email address to reset your password.');
    await page.getByLabel(/^Email/).fill('abc@def');
    await page.getByLabel(/^Email/).press('Enter');
    await expect(notice(page)).toContainText('Invalid Email');
    await expect(notice(page)).toContainText('Please enter a valid email address.');
    await shot(page, 'forgot-password');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'forgot-password-mobile');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL('/auth?mode=signin');
  });

  test('reset mail → /update-password → new password; the old one stops working', async ({ page }) => {
    test.setTimeout(60_000); // mail, reset, sign-out and two sign-ins
    const user = await createUser();
    const newPassword = 'brand-new-pass-7';
    await page.goto('/forgot-password');
    await page.getByLabel(/^Email/).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(notice(page)).toContainText('Check your email');
    await expect(notice(page)).toContainText('If an account exists for this email, a password reset link has been sent.');
    await shot(page, 'forgot-password-sent');

    const mail = await latestMail(user.email);
    await page.goto(linkIn(mail, '/auth/v1/verify'));
    await expect(page).toHaveURL(/\/update-password/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await shot(page, 'update-password');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(notice(page)).toContainText('Password Updated');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(notice(page)).toContainText('Signed Out');
    await page.goto('/auth?mode=signin');
    await signInThroughForm(page, user.email, user.password);
    await expect(notice(page).getByRole('alert')).toContainText('Sign In Error');
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('/update-password without a recovery session explains and links to a new reset', async ({ page }) => {
    await page.goto('/update-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset link not valid' })).toBeVisible();
    await expect(page.getByText('Email link is invalid or has expired')).toBeVisible();
    await shot(page, 'update-password-invalid');
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('/update-password for a normally signed-in user is not a way round the reset link', async ({ page }) => {
    await signInAs(page, await createUser());
    await page.goto('/update-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset link not valid' })).toBeVisible();
  });
});

test.describe('admin portal and master login', () => {
  test('/admin-access leads to /master-login, or to /auth for regular users', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin-access');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrative Access' })).toBeVisible();
    await shot(page, 'admin-access');
    await expect(page.getByRole('link', { name: 'Go to the regular sign-in' })).toHaveAttribute('href', '/auth');
    await page.getByRole('link', { name: 'Proceed to Master Login' }).click();
    await expect(page).toHaveURL('/master-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Master Login' })).toBeVisible();
    await shot(page, 'master-login');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL('/admin-access');
  });

  test('an admin signs in and reaches /admin/dashboard', async ({ page }) => {
    const admin = await createUser({ role: 'admin' });
    await page.goto('/master-login');
    await signInThroughForm(page, admin.email, admin.password);
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(sidebar(page)).toBeVisible();
    expect(await hasSession(page)).toBe(true);
  });

  test('a master_admin reaches /admin/dashboard too', async ({ page }) => {
    const master = await createUser({ role: 'master_admin' });
    await page.goto('/master-login');
    await signInThroughForm(page, master.email, master.password);
    await expect(page).toHaveURL('/admin/dashboard');
  });

  test('a normal user gets Access Denied and stays signed out; nothing in this browser changes', async ({ page }) => {
    const user = await createUser();
    const notices: string[] = [];
    await page.exposeFunction('e2eNotice', (text: string) => notices.push(text));
    await page.goto('/master-login');
    // A key kept in this browser while signed out (local storage under openai_api_key).
    await page.evaluate(() => window.localStorage.setItem('openai_api_key', 'sk-kept-while-signed-out'));
    // The app draws the region once its code has loaded (after the load event).
    await expect(page.getByRole('region', { name: /^Notifications/, includeHidden: true })).toBeAttached();
    await page.evaluate(() => {
      const region = document.querySelector('section[aria-label^="Notifications"]');
      new MutationObserver(
        () => void (window as unknown as { e2eNotice: (t: string) => void }).e2eNotice(region?.textContent ?? ''),
      ).observe(region!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await signInThroughForm(page, user.email, user.password);
    const toast = notice(page).getByRole('alert');
    await expect(toast).toContainText('Access Denied');
    await expect(toast).toContainText('You do not have permission to view this page.');
    await expect(page).toHaveURL('/master-login');
    expect(await hasSession(page)).toBe(false);
    await shot(page, 'master-login-denied');
    // No sign-in, no sign-out clean-up: the key is still there, and neither notice ever showed.
    expect(await page.evaluate(() => window.localStorage.getItem('openai_api_key'))).toBe('sk-kept-while-signed-out');
    expect(notices.join(' ')).not.toMatch(/Signed Out|Signed In!/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?next=/);
    expect(await page.evaluate(() => window.localStorage.getItem('openai_api_key'))).toBe('sk-kept-while-signed-out');
  });

  test('master login shows the backend message for a wrong password', async ({ page }) => {
    const admin = await createUser({ role: 'admin' });
    await page.goto('/master-login');
    await signInThroughForm(page, admin.email, 'not-the-password');
    await expect(notice(page).getByRole('alert')).toContainText('Sign In Error');
    await expect(page).toHaveURL('/master-login');
  });
});
