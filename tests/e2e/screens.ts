import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SCREENSHOT_DIR } from './chromium.ts';

/** What e2e specs share for looking at pages: widths, screenshots, page errors, axe. */

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * Gives the running test more time for one heavy step (an axe scan, full-page screenshots): they
 * take seconds each on an idle machine and several times that on a busy one, so a test's budget
 * grows with the number of such steps instead of one fixed guess.
 */
function budgetFor(seconds: number): void {
  test.info().setTimeout(test.info().timeout + seconds * 1000);
}

/** Screenshots at desktop and mobile width (for people to look at), and no horizontal overflow on mobile. */
export async function screenshots(page: Page, name: string): Promise<void> {
  budgetFor(15);
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(MOBILE);
  // Polled: layouts that follow the width through media queries settle a frame or two after the resize.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${name} overflows horizontally on mobile`,
    })
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Collects uncaught page errors and console errors, to assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Waits (up to 2 s) until the page's finite CSS transitions and animations have ended. Axe reads
 * computed colours: mid-way through a colour transition (a theme switch, a button turning enabled)
 * it would measure a blend that no one sees once the page is still. Endless ones (spinners) are
 * not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Serious and critical axe violations, one readable line per rule with the first offending targets. */
export async function seriousViolations(page: Page): Promise<string[]> {
  budgetFor(20);
  // A pre-rendered page's controls change (enabled, restyled with a transition) when the app takes over: check after.
  await page.waitForFunction(() => document.querySelector('#root[data-prerendered]:not([data-live])') === null);
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** The toast (one at a time); its role is status, or alert when destructive. */
export const toast = (page: Page) => page.locator('[data-variant]');

/**
 * Waits until React has adopted this pre-rendered element (it carries React's props then). Before
 * that a link click is the browser's own full page load, not the app's navigation.
 */
export async function untilHydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')))).toBe(true);
}
