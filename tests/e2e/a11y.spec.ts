import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './screens.ts';
import { createUser, signInAs } from './support.ts';

/**
 * Accessibility: axe-core on every public route and on the signed-in dashboard.
 * No serious or critical violation is allowed.
 */

const PUBLIC_PATHS = [
  '/',
  '/auth',
  '/admin-access',
  '/master-login',
  '/forgot-password',
  '/update-password',
  '/support',
  '/privacy',
  '/terms',
  '/contact',
  '/app-summary',
  '/purchase-cancelled',
  '/free-tools',
  '/free-tools/headline-analyzer',
  '/free-tools/color-palette',
  '/free-tools/lorem-ipsum',
  '/products',
  '/product/x',
  '/purchase-success',
];

/** Waits until the route has rendered its page (an h1), not the loading fallback. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
}

test.describe('axe: public routes', () => {
  for (const path of PUBLIC_PATHS) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await open(page, path);
      expect(await seriousViolations(page), path).toEqual([]);
    });
  }

  test('the contact form with its errors shown, and the support dialog open', async ({ page }) => {
    await open(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page), 'contact errors').toEqual([]);

    await page.getByRole('button', { name: 'Contact Support' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact Support' })).toBeVisible();
    expect(await seriousViolations(page), 'support dialog').toEqual([]);
  });

  test('mobile width: landing and contact', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/contact']) {
      await open(page, path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

test.describe('axe: signed in', () => {
  test('/dashboard has no serious or critical violations (and with Quick Create open)', async ({ page }) => {
    await signInAs(page, await createUser());
    await open(page, '/dashboard');
    expect(await seriousViolations(page), '/dashboard').toEqual([]);
    await page.getByRole('button', { name: 'Quick Create' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page), '/dashboard quick create').toEqual([]);
  });

  test('/manage-folders has no serious or critical violations', async ({ page }) => {
    await signInAs(page, await createUser());
    await open(page, '/manage-folders');
    expect(await seriousViolations(page), '/manage-folders').toEqual([]);
  });
});
