import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './chromium.ts';
import { STACK_URL } from './ports.ts';
import { createUser, signInAs } from './support.ts';
import { untilHydrated } from './screens.ts';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/** Records uncaught page errors, console errors/warnings, and any request to the backend. */
function watch(page: Page): { backendRequests: string[]; errors: string[] } {
  const seen = { backendRequests: [] as string[], errors: [] as string[] };
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.errors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().startsWith(STACK_URL)) seen.backendRequests.push(request.url());
  });
  return seen;
}

test.describe('landing page and public layout', () => {
  test('renders the spec texts on desktop without needing the backend', async ({ page }) => {
    const seen = watch(page);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');

    await expect(page).toHaveTitle('AI Vault — your AI toolkit, your own key');
    // Under-development banner and headline.
    // Nothing on the site is a placeholder any more: the banner says so.
    await expect(page.getByRole('status')).toContainText('in active development. Every tool here works with your own AI key');
    await expect(page.getByRole('status')).not.toContainText('placeholder');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Buttons.
    const getStarted = page.getByRole('link', { name: 'Get Started for Free' });
    const explore = page.getByRole('link', { name: 'Explore AI Tools' });
    await expect(getStarted).toHaveAttribute('href', '/auth');
    await expect(explore).toHaveAttribute('href', '/free-tools');

    // The four cards.
    const cards = page.getByRole('region', { name: 'Explore' });
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      'Startup Idea Generator',
      'AI Tools',
      'AI Marketplace',
      'Provide Feedback',
    ]);
    await expect(cards.getByRole('link', { name: /Startup Idea Generator/ })).toHaveAttribute('href', '/app-summary');
    await expect(cards.getByRole('link', { name: /^AI Tools/ })).toHaveAttribute('href', '/free-tools');
    for (const name of [/AI Marketplace/, /Provide Feedback/]) {
      const external = cards.getByRole('link', { name });
      await expect(external).toHaveAttribute('href', /^https?:\/\//);
      await expect(external).toHaveAttribute('target', '_blank');
      await expect(external).toHaveAttribute('rel', /noopener/);
    }

    // Header: logo → /, Home, 'Sign In / Up' → /auth. Footer: /privacy, /terms, /contact.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'AI Vault home' })).toHaveAttribute('href', '/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(mainNav.getByRole('link', { name: 'Sign In / Up' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-desktop.png`, fullPage: true });
    expect(seen.errors).toEqual([]);
    expect(seen.backendRequests).toEqual([]);
  });

  test('buttons navigate inside the app to the real pages', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/');
    // A marker that a full page load would wipe: navigation must stay in the single-page app.
    await page.evaluate(() => ((window as unknown as { __spaMarker: number }).__spaMarker = 42));
    const marker = () => page.evaluate(() => (window as unknown as { __spaMarker?: number }).__spaMarker);
    const mainNav = page.getByRole('navigation', { name: 'Main' });

    for (const [name, path] of [
      ['Explore AI Tools', '/free-tools'],
      ['Get Started for Free', '/auth'],
      ['Startup Idea Generator', '/app-summary'],
      ['Browse digital products', '/products'],
    ] as const) {
      const link = page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) });
      await untilHydrated(link);
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await marker()).toBe(42);
      await mainNav.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
    }
    await untilHydrated(mainNav.getByRole('link', { name: 'Sign In / Up' }));
    await mainNav.getByRole('link', { name: 'Sign In / Up' }).click();
    await expect(page).toHaveURL('/auth');
    expect(await marker()).toBe(42);
    expect(seen.errors).toEqual([]);
  });

  test('signed in, the primary button is Go to Dashboard', async ({ page }) => {
    const seen = watch(page);
    await signInAs(page, await createUser());
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Get Started for Free' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Explore AI Tools' })).toHaveAttribute('href', '/free-tools');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-signed-in-desktop.png` });
    await page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    expect(seen.errors).toEqual([]);
  });

  test('unknown paths redirect to / when signed out', async ({ page }) => {
    for (const path of ['/no-such-page', '/some/deep/unknown/path?x=1', '/dashboard-typo']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
    }
  });

  test('mobile width shows the side-sheet menu', async ({ page }) => {
    const seen = watch(page);
    await page.setViewportSize(MOBILE);
    await page.goto('/');

    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
    // Nothing overflows horizontally.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-mobile.png`, fullPage: true });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('navigation', { name: 'Mobile' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(sheet.getByRole('link', { name: 'Sign In / Up' })).toHaveAttribute('href', '/auth');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-mobile-menu.png` });

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();
    expect(seen.errors).toEqual([]);
  });
});
