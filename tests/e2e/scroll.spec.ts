import { expect, test, type Page } from '@playwright/test';

/**
 * Where a page opens in the full app: a new page starts at its top, as a page load would (and as the
 * public entry does); a new query on the same page (a mode, a filter) keeps the place.
 */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const live = (page: Page) => page.locator('#root[data-live]').waitFor({ state: 'attached' });

test.use({ viewport: { width: 390, height: 600 } });

test('in the full app a new page starts at its top, and a new query on the same page keeps the place', async ({ page }) => {
  // With a query the full app draws the page (the public entry serves plain addresses only).
  await page.goto('/auth?mode=signin');
  await live(page);
  const signUp = page.getByRole('button', { name: 'Sign up', exact: true });
  await signUp.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(150);

  await signUp.click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  expect(await scrollY(page)).toBeGreaterThan(150);

  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});
