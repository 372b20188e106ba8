import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { createClient } from '@supabase/supabase-js';
import { memoryStore } from '@/shared/storage.ts';
import { sendMessage, removeAllListeners } from '@/extension/lib/messaging.ts';
import { extItems } from '@/extension/lib/items.ts';
import * as menu from '@/extension/lib/contextMenu.ts';
import { createPanelControl, PANEL_PORT_PREFIX, TOGGLE_PANEL_COMMAND } from '@/extension/lib/panelControl.ts';
import { registerPanelFeatures } from '@/extension/lib/panelFeatures.ts';

type Entry = import('@/extension/lib/contextMenu.ts').MenuEntry;

/** A recording stand-in for browser.contextMenus (fakeBrowser does not implement menus). */
function recordingMenus(log: string[] = []) {
  const entries: Entry[] = [];
  return {
    log,
    entries,
    api: {
      removeAll: async () => {
        log.push('removeAll');
        entries.length = 0;
        await new Promise((r) => setTimeout(r, 5));
      },
      create: (entry: Entry) => {
        log.push(`create ${entry.id}`);
        entries.push(entry);
      },
    },
  };
}

/** A port as the panel page opens it. */
function fakePort(windowId: number) {
  const disconnects: (() => void)[] = [];
  const posted: unknown[] = [];
  return {
    posted,
    disconnect: () => disconnects.forEach((cb) => cb()),
    port: {
      name: `${PANEL_PORT_PREFIX}${windowId}`,
      postMessage: (m: { type: 'close' }) => void posted.push(m),
      onDisconnect: { addListener: (cb: () => void) => void disconnects.push(cb) },
    },
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

describe('context menu entries', () => {
  it('signed out: the root item and a sign-in item', () => {
    expect(menu.menuEntries([{ id: 'p1', name: 'Ignored' }], false)).toEqual([
      { id: menu.MENU_ROOT_ID, title: 'Run prompt on selection', contexts: ['selection'] },
      { id: menu.MENU_SIGN_IN_ID, title: menu.MENU_SIGN_IN_TITLE, parentId: menu.MENU_ROOT_ID, contexts: ['selection'] },
    ]);
  });

  it('lists favourites (at most 20, long names cut, "%s" kept literal), then "Choose a prompt…"', () => {
    const favorites = Array.from({ length: 25 }, (_, i) => ({ id: `p${i}`, name: i === 0 ? `50%s off ${'x'.repeat(80)}` : `Prompt ${i}` }));
    const entries = menu.menuEntries(favorites, true);
    const prompts = entries.filter((e) => e.id.startsWith('ai-vault-prompt:'));
    expect(prompts).toHaveLength(menu.MENU_FAVORITES_LIMIT);
    expect(prompts[0]!.title).toMatch(/^50% s off x+…$/);
    expect(prompts[0]!.title.length).toBe(60);
    expect(prompts[1]).toEqual({ id: 'ai-vault-prompt:p1', title: 'Prompt 1', parentId: menu.MENU_ROOT_ID, contexts: ['selection'] });
    expect(entries.at(-1)).toMatchObject({ id: menu.MENU_CHOOSE_ID, title: 'Choose a prompt…' });
    expect(entries.at(-2)).toMatchObject({ type: 'separator' });
  });

  it('without favourites: a disabled hint and "Choose a prompt…"', () => {
    const entries = menu.menuEntries([], true);
    expect(entries.map((e) => e.id)).toEqual([menu.MENU_ROOT_ID, menu.MENU_EMPTY_ID, 'ai-vault-separator', menu.MENU_CHOOSE_ID]);
    expect(entries[1]).toMatchObject({ enabled: false, title: menu.MENU_EMPTY_TITLE });
  });

  it('a click queues the run for the side panel: the favourite, or "choose" with the selection', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(menu.pendingRunFromClick({ menuItemId: 'ai-vault-prompt:abc', selectionText: '  picked words ' }, 7, now)).toEqual({
      promptId: 'abc',
      selection: 'picked words',
      source: 'menu',
      tabId: 7,
      createdAt: now.toISOString(),
    });
    expect(menu.pendingRunFromClick({ menuItemId: menu.MENU_CHOOSE_ID, selectionText: 'x' }, null, now)).toMatchObject({
      promptId: null,
      selection: 'x',
    });
    expect(menu.pendingRunFromClick({ menuItemId: 'someone-else' }, 1, now)).toBeNull();
    expect(menu.pendingRunFromClick({ menuItemId: 'ai-vault-prompt:' }, 1, now)).toBeNull();
  });

  it('rebuilds one at a time, so entries never interleave or double', async () => {
    const { api, log, entries } = recordingMenus();
    let round = 0;
    const rebuild = menu.createMenuBuilder(api, async () => ({
      favorites: [{ id: `r${++round}`, name: `Round ${round}` }],
      signedIn: true,
    }));
    const counts = await Promise.all([rebuild(), rebuild()]);
    expect(counts).toEqual([1, 1]);
    const removes = log.flatMap((line, i) => (line === 'removeAll' ? [i] : []));
    expect(removes).toHaveLength(2);
    // Everything of the first rebuild comes before the second removeAll.
    expect(log.slice(0, removes[1]).filter((l) => l.startsWith('create'))).toHaveLength(4);
    expect(entries.map((e) => e.id)).toContain('ai-vault-prompt:r2');
    expect(entries.map((e) => e.id)).not.toContain('ai-vault-prompt:r1');
  });
});

describe('side panel control', () => {
  it('the command opens the panel of a window, and closes it when its page is connected', async () => {
    const opened: number[] = [];
    const control = createPanelControl({ sidePanelOpen: async ({ windowId }) => void opened.push(windowId) });
    await control.toggle(3);
    expect(opened).toEqual([3]);

    const panel = fakePort(3);
    control.onConnect(panel.port);
    control.onConnect({ ...fakePort(4).port, name: 'something-else' });
    expect(control.isOpen(3)).toBe(true);
    expect(control.isOpen(4)).toBe(false);
    await control.toggle(3);
    expect(panel.posted).toEqual([{ type: 'close' }]);
    expect(opened).toEqual([3]);

    panel.disconnect();
    expect(control.isOpen(3)).toBe(false);
    await control.toggle(3);
    expect(opened).toEqual([3, 3]);
  });

  it('Firefox: the sidebar opens and toggles by itself', async () => {
    const calls: string[] = [];
    const control = createPanelControl({
      sidebarOpen: async () => void calls.push('open'),
      sidebarToggle: async () => void calls.push('toggle'),
    });
    await control.open(undefined);
    await control.toggle(1);
    expect(calls).toEqual(['open', 'toggle']);
  });
});

describe('the background panel features', () => {
  function setup() {
    const menus = recordingMenus();
    const opened: (number | undefined)[] = [];
    const tabs: string[] = [];
    const supabase = createClient('http://127.0.0.1:9', 'anon', {
      auth: { storage: memoryStore(), persistSession: true, autoRefreshToken: false },
    });
    const panel = createPanelControl({ sidePanelOpen: async ({ windowId }) => void opened.push(windowId) });
    const features = registerPanelFeatures({
      supabase,
      dashboardUrl: 'http://127.0.0.1:5173',
      openTab: async (url) => void tabs.push(url),
      menus: menus.api,
      panel,
      now: () => new Date('2026-11-23T10:00:00Z'),
    });
    return { features, menus, opened, tabs };
  }

  it('a menu click opens the side panel of its window and queues the run', async () => {
    const { features, opened } = setup();
    features.onMenuClick({ menuItemId: 'ai-vault-prompt:p9', selectionText: 'some text' }, { id: 12, windowId: 4 });
    expect(opened).toEqual([4]);
    await vi.waitFor(async () =>
      expect(await extItems.pendingRun.getValue()).toEqual({
        promptId: 'p9',
        selection: 'some text',
        source: 'menu',
        tabId: 12,
        createdAt: '2026-11-23T10:00:00.000Z',
      }),
    );
    features.onMenuClick({ menuItemId: 'not-ours' }, { id: 1, windowId: 1 });
    expect(opened).toEqual([4]);
  });

  it('the keyboard command toggles the panel; other commands are ignored', () => {
    const { features, opened } = setup();
    features.onCommand('something-else', { windowId: 2 });
    features.onCommand(TOGGLE_PANEL_COMMAND, { windowId: 2 });
    expect(opened).toEqual([2]);
  });

  it('answers menu:refresh (signed out: the sign-in entry) and dashboard:open (signed out: the plain page)', async () => {
    const { menus, tabs } = setup();
    expect(await sendMessage('menu:refresh')).toEqual({ favorites: 0 });
    expect(menus.entries.map((e) => e.id)).toEqual([menu.MENU_ROOT_ID, menu.MENU_SIGN_IN_ID]);
    expect(await sendMessage('dashboard:open', { path: '/prompt-stacks?idea=Course+pricing' })).toEqual({
      ok: true,
      url: 'http://127.0.0.1:5173/prompt-stacks?idea=Course+pricing',
      signedIn: false,
    });
    // A path that is not the dashboard's own is never opened.
    await sendMessage('dashboard:open', { path: '//evil.example/x' });
    expect(tabs).toEqual(['http://127.0.0.1:5173/prompt-stacks?idea=Course+pricing', 'http://127.0.0.1:5173/dashboard']);
  });
});
