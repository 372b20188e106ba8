import { fileURLToPath } from 'node:url';
import { chromium, expect, test as base, type BrowserContext } from '@playwright/test';
import type { WxtBrowser } from 'wxt/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SCREENSHOT_DIR } from './chromium.ts';
import { EXTENSION_PATH as EXTENSION_DIR, STACK_URL, WEB_URL } from './ports.ts';

/** The unpacked Chrome build (tests/e2e/global-setup.ts runs `wxt build` first). */
const EXTENSION_PATH = fileURLToPath(new URL(`../../${EXTENSION_DIR}`, import.meta.url));

/** A request in @webext-core/messaging's format, sent from an extension page; answers `{ res }` or `{ err }`. */
const wire = (type: string, data?: unknown) => ({ id: 1, type, data, timestamp: Date.now() });

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
    await context.route(`${WEB_URL}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>dashboard</title>' }),
    );
    const [opened] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
    await expect.poll(() => opened.url()).toBe(`${WEB_URL}/auth`);
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
      expect.arrayContaining(['storage', 'sidePanel', 'activeTab', 'contextMenus', 'scripting', 'identity']),
    );
    // Standing host access only for the backend and the AI providers (+ the test pages in e2e builds).
    expect(manifest.host_permissions).toEqual(expect.arrayContaining([`${STACK_URL}/*`, 'https://api.openai.com/*', 'https://api.anthropic.com/*']));
    expect(manifest.host_permissions).not.toContain('<all_urls>');
    expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
    expect(manifest.content_security_policy).toEqual({ extension_pages: "script-src 'self'; object-src 'self'; base-uri 'none'; frame-ancestors 'none'" });
    // The page reader is injected on demand; only the dashboard bridge is declared, for the dashboard's host.
    expect(manifest.content_scripts).toEqual([{ matches: ['http://127.0.0.1/*'], js: ['content-scripts/dashboard-bridge.js'] }]);
  });

  test('background answers app:status; the injected page script reads the selection and the page', async ({ context, extensionId }) => {
    const extensionPage = await context.newPage();
    await extensionPage.goto(`chrome-extension://${extensionId}/popup.html`);
    const status = await extensionPage.evaluate((message) => (globalThis as unknown as ChromeGlobal).chrome.runtime.sendMessage(message), wire('app:status'));
    expect(status).toEqual({ res: { ok: true, version: '0.1.0' } });

    // A web page with a selection: the page script, injected on demand, reports it with the page's text.
    const webPage = await context.newPage();
    await webPage.goto(`${WEB_URL}/privacy`);
    const headline = webPage.getByRole('heading', { level: 1 });
    await expect(headline).toBeVisible();
    await headline.selectText();
    const selected = (await webPage.evaluate(() => window.getSelection()?.toString() ?? '')).trim();
    expect(selected.length).toBeGreaterThan(0);

    const answer = await extensionPage.evaluate(
      async ({ url, message }) => {
        const { chrome } = globalThis as unknown as ChromeGlobal;
        const [tab] = await chrome.tabs.query({ url: `${url}*` });
        if (tab?.id === undefined) throw new Error('tab not found');
        await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: ['/content-scripts/page.js'] });
        return chrome.tabs.sendMessage(tab.id, message);
      },
      { url: webPage.url(), message: wire('page:context', { maxChars: 500 }) },
    );
    const context_ = (answer as { res: { selection: string; title: string; url: string; text: string; truncated: boolean } }).res;
    expect(context_.selection).toBe(selected);
    expect(context_.url).toBe(webPage.url());
    expect(context_.text.length).toBeGreaterThan(100);
    expect(context_.text.length).toBeLessThanOrEqual(500);
    expect(context_.truncated).toBe(true);
  });
});
