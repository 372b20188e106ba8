import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background.ts';
import { MENU_ROOT_ID, MENU_SIGN_IN_ID } from '@/extension/lib/contextMenu.ts';
import { removeAllListeners, sendMessage } from '@/extension/lib/messaging.ts';
import { PANEL_PORT_PREFIX, TOGGLE_PANEL_COMMAND } from '@/extension/lib/panelControl.ts';

// The background entry point itself, started against WXT's fake browser: what the service worker
// wires up when Chrome wakes it. The fake leaves context menus, commands, identity, the side panel
// and ports unimplemented, so those are recorded here.

type Listener = (...args: never[]) => unknown;

function recordingEvent() {
  const listeners: Listener[] = [];
  return {
    addListener: (listener: Listener) => void listeners.push(listener),
    removeListener: (listener: Listener) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: Listener) => listeners.includes(listener),
    fire: (...args: unknown[]) => listeners.forEach((listener) => (listener as (...a: unknown[]) => unknown)(...args)),
    listeners,
  };
}

function fakeChromeExtras() {
  const menus: { id: string; parentId?: string }[] = [];
  const apis = {
    manifest: { manifest_version: 3, name: 'AI Vault', version: '9.8.7' },
    contextMenus: {
      create: vi.fn((entry: { id: string; parentId?: string }, done?: () => void) => {
        menus.push(entry);
        done?.();
        return entry.id;
      }),
      removeAll: vi.fn(async () => void (menus.length = 0)),
      onClicked: recordingEvent(),
    },
    commands: { onCommand: recordingEvent() },
    sidePanel: { open: vi.fn(async () => undefined), setPanelBehavior: vi.fn(async () => undefined) },
    identity: { getRedirectURL: () => 'https://extension-id.chromiumapp.org/', launchWebAuthFlow: vi.fn() },
  };
  const target = fakeBrowser as unknown as Record<string, unknown> & { runtime: Record<string, unknown> };
  const onConnect = recordingEvent();
  target.runtime.getManifest = () => apis.manifest;
  target.runtime.onConnect = onConnect;
  target.contextMenus = apis.contextMenus;
  target.commands = apis.commands;
  target.sidePanel = apis.sidePanel;
  target.identity = apis.identity;
  return { ...apis, menus, onConnect };
}

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

describe('the background entry point', () => {
  it('answers messages, builds the context menu on install, and sets the toolbar button to open the popup', async () => {
    const chrome = fakeChromeExtras();
    background.main();

    expect(await sendMessage('app:status')).toEqual({ ok: true, version: '9.8.7' });
    expect(await sendMessage('auth:state')).toMatchObject({ user: null, needsSecondFactor: false });

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await vi.waitFor(() => expect(chrome.menus.map((entry) => entry.id)).toEqual([MENU_ROOT_ID, MENU_SIGN_IN_ID]));
    expect(chrome.contextMenus.removeAll).toHaveBeenCalled();
    expect(chrome.sidePanel.setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: false });
    expect(chrome.contextMenus.onClicked.listeners).toHaveLength(1);
  });

  it('the keyboard command opens the side panel in the window it came from, and closes it when it is open', async () => {
    const chrome = fakeChromeExtras();
    background.main();

    chrome.commands.onCommand.fire(TOGGLE_PANEL_COMMAND, { windowId: 7 });
    expect(chrome.sidePanel.open).toHaveBeenCalledWith({ windowId: 7 });

    // An open panel holds a port named after its window; the same command then asks it to close.
    const received: unknown[] = [];
    const disconnect = recordingEvent();
    chrome.onConnect.fire({
      name: `${PANEL_PORT_PREFIX}7`,
      postMessage: (message: unknown) => void received.push(message),
      onDisconnect: disconnect,
    });
    chrome.sidePanel.open.mockClear();
    chrome.commands.onCommand.fire(TOGGLE_PANEL_COMMAND, { windowId: 7 });
    expect(received).toEqual([{ type: 'close' }]);
    expect(chrome.sidePanel.open).not.toHaveBeenCalled();

    // Once the panel page is gone, the command opens it again.
    disconnect.fire();
    chrome.commands.onCommand.fire(TOGGLE_PANEL_COMMAND, { windowId: 7 });
    expect(chrome.sidePanel.open).toHaveBeenCalledWith({ windowId: 7 });
  });
});
