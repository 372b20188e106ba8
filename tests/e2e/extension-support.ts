import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { WxtBrowser } from 'wxt/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { EXTENSION_PATH as EXTENSION_DIR } from './ports.ts';
import type { TestUser } from './support.ts';
import { startVirtualDisplay, type VirtualDisplay } from './xvfb.ts';

/**
 * The unpacked extension in real Chromium (tests/e2e/web-server.ts builds it against this run's
 * stack and fake AI provider). The real side panel is opened the way a user opens it — a click on
 * the popup's "Open side panel" (a user gesture, so chrome.sidePanel.open works) — and reached
 * over the DevTools protocol: Playwright's own context does not list side-panel pages, a CDP
 * connection to the same browser does.
 */

const EXTENSION_PATH = fileURLToPath(new URL(`../../${EXTENSION_DIR}`, import.meta.url));

/** `chrome` inside page.evaluate() on an extension page. */
export type ChromeGlobal = { chrome: WxtBrowser };

/** A request in @webext-core/messaging's format; the answer is `{ res }` or `{ err }`. */
const wire = (type: string, data?: unknown) => ({ id: 1, type, data, timestamp: Date.now() });

/** Connects to the test's browser over CDP; connections made after a side panel opened list it. */
export interface PanelFinder {
  find(extensionId: string): Promise<Page>;
}

interface Fixtures {
  context: BrowserContext;
  /** Presses keys on the browser's display: the only way to answer its permission prompt. */
  keyboard: VirtualDisplay;
  extensionId: string;
  /** Finds the side panel over a fresh CDP connection to the same browser. */
  cdp: PanelFinder;
}

export const test = base.extend<Fixtures & { userDataDir: string }, { display: VirtualDisplay }>({
  // One virtual display per worker; Chromium runs headed on it (see xvfb.ts for why).
  display: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const display = await startVirtualDisplay();
      await use(display);
      display.stop();
    },
    { scope: 'worker' },
  ],
  keyboard: async ({ display }, use) => use(display),
  // eslint-disable-next-line no-empty-pattern
  userDataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'ai-vault-ext-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir, display }, use) => {
    const context = await chromium.launchPersistentContext(userDataDir, {
      headless: false,
      env: { ...process.env, DISPLAY: display.display },
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--remote-debugging-port=0',
        `--disable-extensions-except=${EXTENSION_PATH}`,
        `--load-extension=${EXTENSION_PATH}`,
      ],
    });
    await use(context);
    await context.close();
  },
  extensionId: async ({ context }, use) => {
    const [worker] = context.serviceWorkers();
    const serviceWorker = worker ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(serviceWorker.url()).host);
  },
  cdp: async ({ context, userDataDir }, use) => {
    void context;
    const connections: Browser[] = [];
    await use({
      async find(extensionId) {
        const url = extensionUrl(extensionId, 'sidepanel.html');
        // Chromium writes the port it chose (port 0) into the profile folder.
        const [port] = (await readFile(join(userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n');
        let found: Page | undefined;
        await expect
          .poll(
            async () => {
              const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
              found = browser
                .contexts()
                .flatMap((c) => c.pages())
                .find((p) => p.url().startsWith(url));
              // A connection instruments every page of the browser for as long as it is open: only
              // the one that holds the panel is kept (the test drives the panel through it).
              if (found) connections.push(browser);
              else await browser.close();
              return Boolean(found);
            },
            { message: 'the side panel opened' },
          )
          .toBe(true);
        await found!.waitForLoadState('domcontentloaded');
        return found!;
      },
    });
    await Promise.all(connections.map((browser) => browser.close().catch(() => undefined)));
  },
});

export { expect };

export const extensionUrl = (extensionId: string, path: string) => `chrome-extension://${extensionId}/${path}`;

/**
 * Opens the popup in a tab of the window `beside` is in, clicks its button (which opens the side
 * panel and closes the popup), brings `beside` to the front and returns the side panel.
 */
export async function openSidePanel(context: BrowserContext, cdp: PanelFinder, extensionId: string, beside: Page): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(extensionUrl(extensionId, 'popup.html'));
  const button = popup.getByRole('button', { name: /^(Open side panel|Sign in)$/ });
  await expect(button).toBeEnabled();
  await button.click();
  const panel = await cdp.find(extensionId);
  await beside.bringToFront();
  return panel;
}

/**
 * Clicks "Read this page" in the panel and answers the browser's prompt for that site the way a
 * user does: Allow (Tab to it, Enter) or Deny (Escape). The prompt is browser UI, outside every
 * page: it is known to be up when a harmless key (Shift) no longer reaches the panel.
 */
export async function answerSiteAccessPrompt(panel: Page, keyboard: VirtualDisplay, answer: 'allow' | 'deny'): Promise<void> {
  type Probe = { aiVaultKeys?: number };
  await panel.evaluate(() => {
    const probe = window as unknown as Probe;
    if (probe.aiVaultKeys !== undefined) return;
    probe.aiVaultKeys = 0;
    window.addEventListener('keydown', () => (probe.aiVaultKeys! += 1), true);
  });
  await panel.getByRole('button', { name: 'Read this page' }).click();
  await expect
    .poll(
      async () => {
        const before = await panel.evaluate(() => (window as unknown as Probe).aiVaultKeys!);
        await keyboard.press('shift');
        const reached = await panel
          .waitForFunction((count) => (window as unknown as Probe).aiVaultKeys! > count, before, { timeout: 3_000 })
          .then(() => true)
          .catch(() => false);
        return reached ? 'the panel still has the keyboard' : 'the prompt has the keyboard';
      },
      { message: 'the site-access prompt opened', timeout: 30_000, intervals: [250] },
    )
    .toBe('the prompt has the keyboard');
  // The prompt focuses Deny first (the safe default): Tab moves to Allow.
  await keyboard.press(...(answer === 'allow' ? ['Tab', 'Return'] : ['Escape']));
}

/** Signs the extension in through the side panel's own form. */
export async function signInInPanel(panel: Page, user: TestUser): Promise<void> {
  await panel.getByLabel('Email').fill(user.email);
  await panel.getByLabel('Password', { exact: true }).fill(user.password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(panel.getByRole('button', { name: `Account: ${user.email}` })).toBeVisible();
}

/** Sends a message to the background from an extension page (like the panel does). */
export async function askBackground<T>(page: Page, type: string, data?: unknown): Promise<T> {
  const answer = (await page.evaluate(
    (message) => (globalThis as unknown as ChromeGlobal).chrome.runtime.sendMessage(message),
    wire(type, data),
  )) as {
    res?: T;
    err?: unknown;
  };
  if (answer.err) throw new Error(`background ${type}: ${JSON.stringify(answer.err)}`);
  return answer.res as T;
}

/** chrome.storage.local of the extension, read from one of its pages. */
export function extensionStorage(page: Page, keys: string[] | null = null): Promise<Record<string, unknown>> {
  return page.evaluate((k) => (globalThis as unknown as ChromeGlobal).chrome.storage.local.get(k), keys);
}

/**
 * A whole-page screenshot of the side panel (or popup) for people to look at: scrolled to the top
 * first (a full-page capture draws the sticky header where the page was scrolled to), with
 * transitions finished (a label mid-animation would overlap its field's text).
 */
export async function screenshotPanel(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
}
