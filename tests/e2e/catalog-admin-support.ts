import type { Browser, Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, member } from './prompts-support.ts';
import { DESKTOP, MOBILE, seriousViolations } from './screens.ts';
import { createUser, signInAs } from './support.ts';

/**
 * The admin side of the catalogue specs (recommended-prompts, prompt-stacks): an admin on the
 * Prompt Catalogues tab, a user in a second tab. Their tests run last in those files and delete
 * what they add, since the earlier tests count the seeded catalogue.
 */

/** An admin on /admin/users?tab=catalogs with the recommended prompts loaded. */
export async function catalogAdmin(page: Page): Promise<void> {
  const admin = await createUser({ role: 'admin', name: 'Cat Alog' });
  await signInAs(page, admin);
  await page.goto('/admin/users?tab=catalogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Control Panel' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Prompt Catalogues', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recommended prompts' })).toBeVisible({ timeout: 20_000 });
}

/** A signed-in user (no provider key needed to see the catalogues) in a page of its own. */
export async function userPage(browser: Browser): Promise<Page> {
  const { user } = await member();
  const page = await browser.newPage();
  await signInAs(page, user);
  return page;
}

/** What people see at desktop and phone width (the viewport: dialogs are what matters), after axe found nothing serious. */
export async function lookAtAdmin(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${name} overflows on ${label}`,
      })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${label}.png` });
  }
  await page.setViewportSize(DESKTOP);
}
