import { browser } from 'wxt/browser';
import { sendMessage, type InsertResult, type PageContext } from './messaging.ts';
import type { PickedRegion } from './regionPick.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * The side panel's view of the tab beside it: which tab is active, reading its page variables
 * (the page script is injected on demand: activeTab + scripting, or the optional host access
 * the user grants with "Read this page" / "Follow every tab"), and inserting a result into it.
 */

export interface TabInfo {
  id: number;
  windowId: number;
  url: string;
  title: string;
  /** 'loading' while it navigates, then 'complete' (the page is read again then). */
  status: string;
}

export type PageRead =
  | { ok: true; context: PageContext }
  /** 'restricted': the browser never lets extensions read it (chrome://, the web store, …); 'noAccess': ask the user. */
  | { ok: false; reason: 'restricted' | 'noAccess'; message: string };

const PAGE_SCRIPT = '/content-scripts/page.js';

/** Pages no extension may script, whatever it is granted. */
export function isRestrictedUrl(url: string): boolean {
  if (!/^(https?|file):/i.test(url)) return true;
  try {
    const { hostname } = new URL(url);
    return (
      hostname === 'chromewebstore.google.com' ||
      (hostname === 'chrome.google.com' && url.includes('/webstore')) ||
      hostname === 'addons.mozilla.org'
    );
  } catch {
    return true;
  }
}

/** The match pattern that grants access to one site (all its pages). */
export function originPatternOf(url: string): string | null {
  try {
    const { protocol, hostname } = new URL(url);
    return /^https?:$/.test(protocol) ? `${protocol}//${hostname}/*` : null;
  } catch {
    return null;
  }
}

export async function activeTab(): Promise<TabInfo | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  return { id: tab.id, windowId: tab.windowId ?? -1, url: tab.url ?? '', title: tab.title ?? '', status: tab.status ?? 'complete' };
}

async function inject(tabId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId }, files: [PAGE_SCRIPT] });
}

const RESTRICTED_MESSAGE = "The browser doesn't let extensions read this page. Fill the page fields yourself, or open another page.";
const NO_ACCESS_MESSAGE = 'AI Vault needs your permission to read this page.';
/** After the user said no to the browser's prompt. */
export const ACCESS_REFUSED_MESSAGE =
  'AI Vault was not allowed to read this site. Fill the page fields yourself, or click “Read this page” to ask again.';

export async function readPage(tab: TabInfo, maxChars: number): Promise<PageRead> {
  if (isRestrictedUrl(tab.url)) return { ok: false, reason: 'restricted', message: RESTRICTED_MESSAGE };
  try {
    await inject(tab.id);
  } catch {
    return { ok: false, reason: 'noAccess', message: NO_ACCESS_MESSAGE };
  }
  try {
    return { ok: true, context: await sendMessage('page:context', { maxChars }, tab.id) };
  } catch (error) {
    return {
      ok: false,
      reason: 'noAccess',
      message: `Could not read this page: ${errorMessage(error)}`,
    };
  }
}

export async function insertIntoTab(tabId: number, text: string): Promise<InsertResult> {
  try {
    await inject(tabId);
    return await sendMessage('page:insert', { text }, tabId);
  } catch {
    return { inserted: false, reason: "AI Vault can't reach this page. Click “Read this page” first, then insert." };
  }
}

/** Asks for access to the tab's site (must run inside the user's click). */
export function requestSiteAccess(url: string): Promise<boolean> {
  const origin = originPatternOf(url);
  if (!origin) return Promise.resolve(false);
  return browser.permissions.request({ origins: [origin] });
}

const ALL_SITES = '<all_urls>';

export const hasAllSitesAccess = (): Promise<boolean> => browser.permissions.contains({ origins: [ALL_SITES] });

/** "Follow every tab": read any page without a click (must run inside the user's click). */
export function requestAllSitesAccess(): Promise<boolean> {
  return browser.permissions.request({ origins: [ALL_SITES] });
}

export const dropAllSitesAccess = (): Promise<boolean> => browser.permissions.remove({ origins: [ALL_SITES] });

/**
 * Calls `onChange` when the panel's window shows another tab or the active tab navigates
 * (tabs.onActivated / onUpdated); returns the unsubscribe.
 */
export function watchActiveTab(windowId: number, onChange: () => void): () => void {
  const activated = (info: { windowId: number }) => {
    if (info.windowId === windowId) onChange();
  };
  const updated = (
    _tabId: number,
    change: { url?: string; status?: string; title?: string },
    tab: { active?: boolean; windowId?: number },
  ) => {
    if (!tab.active || tab.windowId !== windowId) return;
    if (change.url !== undefined || change.status === 'complete' || change.title !== undefined) onChange();
  };
  browser.tabs.onActivated.addListener(activated);
  browser.tabs.onUpdated.addListener(updated);
  return () => {
    browser.tabs.onActivated.removeListener(activated);
    browser.tabs.onUpdated.removeListener(updated);
  };
}

/** Opens the extension's microphone page in a tab (entrypoints/microphone: the panel and popup cannot ask). */
export function openMicrophonePage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL('/microphone.html') });
}

export const CAPTURE_TEXTS = {
  restricted: "The browser doesn't let extensions capture this page. Attach an image instead, or open another page.",
  noAccess:
    'The browser lets AI Vault capture a tab only after you opened the panel from its toolbar button, or with access to every site (Follow every tab).',
  allow: 'Allow capturing tabs',
  noTab: 'There is no tab beside the panel to capture.',
} as const;

/**
 * The visible part of the tab as a PNG data URL, or the sentence saying why not. Chrome lets an
 * extension capture a tab only with activeTab (granted when the user opens the panel from the
 * toolbar button, the shortcut or the context menu) or <all_urls> (requestAllSitesAccess); the
 * browser's own pages never.
 */
export async function captureVisibleTab(
  tab: TabInfo | null,
): Promise<{ ok: true; dataUrl: string } | { ok: false; message: string; needsAccess: boolean }> {
  if (!tab) return { ok: false, message: CAPTURE_TEXTS.noTab, needsAccess: false };
  if (isRestrictedUrl(tab.url)) return { ok: false, message: CAPTURE_TEXTS.restricted, needsAccess: false };
  try {
    return { ok: true, dataUrl: await browser.tabs.captureVisibleTab(tab.windowId, { format: 'png' }) };
  } catch {
    // Chrome asks for activeTab or <all_urls>: access to the page's own site is not enough.
    return { ok: false, message: CAPTURE_TEXTS.noAccess, needsAccess: true };
  }
}

/** The user drags an area on the tab's page (the page script injected first): the area, null when cancelled, or why not. */
export async function pickRegionInTab(
  tab: TabInfo | null,
): Promise<{ ok: true; region: PickedRegion | null } | { ok: false; message: string }> {
  if (!tab) return { ok: false, message: CAPTURE_TEXTS.noTab };
  if (isRestrictedUrl(tab.url)) return { ok: false, message: CAPTURE_TEXTS.restricted };
  try {
    await inject(tab.id);
    return { ok: true, region: await sendMessage('page:pickRegion', undefined, tab.id) };
  } catch {
    return { ok: false, message: NO_ACCESS_MESSAGE };
  }
}
