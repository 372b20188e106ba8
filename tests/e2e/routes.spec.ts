import { expect, test, type Page } from '@playwright/test';
import { PROTECTED_ROUTES, PUBLIC_ROUTES, SIGNED_IN_REDIRECTS } from '@/shared/core/routes.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { seriousViolations } from './screens.ts';
import { createUser, signInAs } from './support.ts';

/** Every route's guard and redirect, and the signed-in shell. */

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'sample-id');
const pathOf = (page: Page) => new URL(page.url()).pathname;
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('signed out', () => {
  test('every signed-in-only route sends the visitor to /auth, remembering where they were', async ({ page }) => {
    // One page load per route: on a busy two-core machine this outlasts the default 30 s.
    test.setTimeout(120_000);
    for (const pattern of PROTECTED_ROUTES) {
      const path = concrete(pattern);
      await page.goto(path);
      await expect(page, `${path} → /auth`).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
    }
  });

  test('every public route stays where it is', async ({ page }) => {
    test.setTimeout(120_000);
    for (const pattern of PUBLIC_ROUTES) {
      const path = concrete(pattern);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), `${path} renders`).toBeVisible();
      expect(pathOf(page), `${path} is not redirected`).toBe(path);
    }
  });

  test('unknown paths go to the landing page', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL('/');
  });

  test('/login is the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/auth?mode=signin');
  });
});

test.describe('signed in', () => {
  test('the sign-in pages send a signed-in user to /dashboard, or to a safe ?next', async ({ page }) => {
    await signInAs(page, await createUser());
    for (const path of SIGNED_IN_REDIRECTS) {
      await page.goto(path);
      await expect(page, `${path} → /dashboard`).toHaveURL('/dashboard');
    }
    await page.goto(`/auth?next=${encodeURIComponent('/settings?tab=keys')}`);
    await expect(page).toHaveURL('/settings?tab=keys');
    await page.goto(`/auth?next=${encodeURIComponent('https://evil.example/')}`);
    await expect(page).toHaveURL('/dashboard');
  });

  test('unknown paths go to /dashboard', async ({ page }) => {
    await signInAs(page, await createUser());
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/dashboard');
  });

  test('every signed-in-only route opens inside the shell', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, await createUser());
    for (const pattern of PROTECTED_ROUTES) {
      const path = concrete(pattern);
      await page.goto(path);
      await expect(sidebar(page), `${path} has the sidebar`).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first(), `${path} renders`).toBeVisible();
      expect(pathOf(page)).toBe(path);
    }
  });
});

test.describe('signed-in shell', () => {
  const ENTRIES = [
    ['Main Dashboard', '/dashboard'],
    ['AI Tools', '/ai-tools'],
    ['Manage Folders', '/manage-folders'],
    ['Prompt Stacks', '/prompts'],
    ['Workflows', '/workflows'],
    ['AI Features', '/ai-features'],
    ['My Prompts/Stacks', '/my-prompts'],
    // Ours: every run and conversation, one step from anywhere.
    ['History', '/history'],
    ['Training', '/training'],
    ['Support', '/support'],
  ] as const;

  test('lists the entries in order and highlights the current one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await signInAs(page, await createUser());
    await page.goto('/dashboard');
    const links = sidebar(page).getByRole('link');
    await expect(links).toHaveText(ENTRIES.map(([label]) => label));
    for (const [label, to] of ENTRIES) {
      await expect(sidebar(page).getByRole('link', { name: label })).toHaveAttribute('href', to);
    }
    await expect(sidebar(page).getByRole('link', { name: 'Main Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-desktop.png` });

    await sidebar(page).getByRole('link', { name: 'Workflows' }).click();
    await expect(page).toHaveURL('/workflows');
    await expect(sidebar(page).getByRole('link', { name: 'Workflows' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).getByRole('link', { name: 'Main Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('Support stays inside the shell when signed in (public layout when signed out)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await signInAs(page, await createUser());
    await page.goto('/dashboard');
    await sidebar(page).getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).getByRole('link', { name: 'Main Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner')).toHaveCount(0); // no public header
    await page.reload();
    await expect(sidebar(page).getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-support.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('status').filter({ hasText: 'Signed Out' })).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.getByLabel('Sidebar')).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the sidebar is 16rem wide on desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, await createUser());
    await page.goto('/training');
    const box = await page.getByLabel('Sidebar').boundingBox();
    expect(box?.width).toBe(256);
    const main = await page.getByRole('main').boundingBox();
    expect(main?.x).toBeGreaterThanOrEqual(256);
  });

  test('the admin entry shows for admin roles only — never because of an e-mail address', async ({ browser }) => {
    const cases = [
      { role: 'user', email: undefined, shows: false },
      { role: 'editor', email: `admin.lookalike.${Date.now()}@example.com`, shows: false },
      { role: 'admin', email: undefined, shows: true },
      { role: 'master_admin', email: undefined, shows: true },
    ] as const;
    for (const c of cases) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInAs(page, await createUser({ role: c.role, email: c.email }));
      await page.goto('/dashboard');
      await expect(sidebar(page).getByRole('link', { name: 'Main Dashboard' })).toBeVisible();
      const entry = sidebar(page).getByRole('link', { name: 'Manage Users (Admin)' });
      if (c.shows) await expect(entry, `${c.role} sees it`).toHaveAttribute('href', '/admin/users');
      else await expect(entry, `${c.role} does not`).toHaveCount(0);
      await context.close();
    }
  });

  test('Logout really signs out and clears the locally kept key', async ({ page }) => {
    await signInAs(page, await createUser());
    await page.goto('/dashboard');
    await page.evaluate(() => localStorage.setItem('openai_api_key', 'sk-local-secret'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('status').filter({ hasText: 'Signed Out' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('openai_api_key'))).toBeNull();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);
    await page.goto('/settings');
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent('/settings')}`);
  });

  test('on a phone the sidebar is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, await createUser());
    await page.goto('/dashboard');
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByLabel('Sidebar')).toHaveCSS('transform', 'none'); // slide-in finished
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shell-mobile-drawer.png` });
    await sidebar(page).getByRole('link', { name: 'Training' }).click();
    await expect(page).toHaveURL('/training');
    await expect(sidebar(page)).toBeHidden();
  });
});
