import { fileURLToPath } from 'node:url';
import { chromium, expect, test as base, type BrowserContext } from '@playwright/test';
import type { WxtBrowser } from 'wxt/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SCREENSHOT_DIR } from './chromium.ts';

/** The unpacked Chrome build (tests/e2e/global-setup.ts runs `wxt build` first). */
const EXTENSION_PATH = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));

/** `chrome` inside page.evaluate() on an extension page (typed with WXT's browser types). */
type ChromeGlobal = { chrome: WxtBrowser };

const test = base.extend<{ context: BrowserContext; extensionId: string }>({
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const context = await chromium.launchPersistentContext('', {
      headless: true,
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--disable-extensions-except=${EXTENSION_PATH}`, `--load-extension=${EXTENSION_PATH}`],
    });
    await use(context);
    await context.close();
  },
  extensionId: async ({ context }, use) => {
    const [worker] = context.serviceWorkers();
    const serviceWorker = worker ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(serviceWorker.url()).host;
    await use(id);
  },
});

test.describe('browser extension (Chrome MV3)', () => {
  test('side panel renders AI Vault signed out', async ({ context, extensionId }) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 400, height: 720 });
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);

    await expect(page).toHaveTitle('AI Vault');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Vault' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Signed out' })).toContainText('Sign in to run your saved prompts');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/sidepanel.png` });

    // 'Sign in' opens the dashboard's /auth in a new tab (the dashboard itself is stubbed here).
    await context.route('http://127.0.0.1:5173/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>dashboard</title>' }),
    );
    const [opened] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
    await expect.poll(() => opened.url()).toBe('http://127.0.0.1:5173/auth');
    expect(errors).toEqual([]);
  });

  test('popup renders AI Vault signed out', async ({ context, extensionId }) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 340, height: 300 });
    await page.goto(`chrome-extension://${extensionId}/popup.html`);

    await expect(page.getByRole('heading', { level: 1, name: 'AI Vault' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/popup.png` });
    expect(errors).toEqual([]);
  });

  test('manifest declares the side panel, popup and permissions', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const manifest = await page.evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.runtime.getManifest());
    expect(manifest.name).toBe('AI Vault');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.side_panel?.default_path).toBe('sidepanel.html');
    expect(manifest.action?.default_popup).toBe('popup.html');
    expect(manifest.permissions).toEqual(
      expect.arrayContaining(['storage', 'sidePanel', 'activeTab', 'contextMenus', 'scripting', 'tabs']),
    );
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1:54321/*', 'https://*.supabase.co/*']);
  });

  test('background answers app:status; content script answers page:getSelection', async ({
    context,
    extensionId,
    baseURL,
  }) => {
    const extensionPage = await context.newPage();
    await extensionPage.goto(`chrome-extension://${extensionId}/popup.html`);
    const status = await extensionPage.evaluate(() =>
      (globalThis as unknown as ChromeGlobal).chrome.runtime.sendMessage({ type: 'app:status' }),
    );
    expect(status).toEqual({ ok: true, version: '0.1.0' });

    // A web page with a selection: the content script reports the selected text.
    const webPage = await context.newPage();
    await webPage.goto(baseURL ?? 'http://127.0.0.1:4173/');
    const headline = webPage.getByRole('heading', { level: 1 });
    await expect(headline).toBeVisible();
    await headline.selectText();
    const selected = (await webPage.evaluate(() => window.getSelection()?.toString() ?? '')).trim();
    expect(selected.length).toBeGreaterThan(0);

    const answer = await extensionPage.evaluate(async (url) => {
      const { chrome } = globalThis as unknown as ChromeGlobal;
      const [tab] = await chrome.tabs.query({ url: `${url}*` });
      if (tab?.id === undefined) throw new Error('tab not found');
      return chrome.tabs.sendMessage(tab.id, { type: 'page:getSelection' });
    }, webPage.url());
    expect((answer as { text: string }).text.trim()).toBe(selected);
  });
});
