import { expect, test, type Page } from '@playwright/test';
import { createUser, signInAs } from './support.ts';
import { screenshots, seriousViolations, untilHydrated } from './screens.ts';

/** Light and dark colour schemes: chosen in Settings or the header, remembered, readable (axe). */

const DARK_BACKGROUND = 'rgb(11, 16, 32)';
const LIGHT_BACKGROUND = 'rgb(247, 247, 251)';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.use({ colorScheme: 'light' });

test('the header button switches a visitor to dark mode, remembered after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bodyBackground(page)).toBe(LIGHT_BACKGROUND);

  const toggle = page.getByRole('button', { name: 'Switch to dark mode' });
  await untilHydrated(toggle);
  // Its tooltip's code loads on the first hover.
  await toggle.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Switch to dark mode');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
  expect(await seriousViolations(page), '/ in dark mode').toEqual([]);
  await screenshots(page, 'landing-dark');

  for (const path of ['/free-tools', '/free-tools/headline-analyzer', '/auth']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await seriousViolations(page), `${path} in dark mode`).toEqual([]);
  }
});

test('Settings → Appearance: Dark, Light and System', async ({ page }) => {
  await signInAs(page, await createUser());
  await page.goto('/settings');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await expect(appearance.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');

  await appearance.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
  expect(await seriousViolations(page), '/settings in dark mode').toEqual([]);
  await screenshots(page, 'settings-dark');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
  expect(await seriousViolations(page), '/dashboard in dark mode').toEqual([]);
  await screenshots(page, 'dashboard-dark');

  await page.goto('/settings');
  await page.getByRole('region', { name: 'Appearance' }).getByRole('button', { name: 'Light' }).click();
  await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BACKGROUND);

  // System follows the browser's preference.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('region', { name: 'Appearance' }).getByRole('button', { name: 'System' }).click();
  await expect.poll(() => bodyBackground(page)).toBe(DARK_BACKGROUND);
});
