import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerBackground } from '../extension/lib/background.ts';
import { dashboardOrigins } from '../shared/core/bridge.ts';
import { createBackgroundSupabase } from '../extension/lib/clients.ts';
import { extensionConfig } from '../extension/lib/config.ts';
import type { MenuEntry } from '../extension/lib/contextMenu.ts';
import { createPanelControl } from '../extension/lib/panelControl.ts';
import { registerPanelFeatures } from '../extension/lib/panelFeatures.ts';

/** Firefox's sidebar API (absent from Chrome's types). */
type SidebarAction = { open(): Promise<void>; toggle(): Promise<void> };

export default defineBackground(() => {
  const supabase = createBackgroundSupabase();
  // Everything is registered synchronously, so the MV3 service worker wakes up for it.
  registerBackground({
    supabase,
    version: browser.runtime.getManifest().version,
    launchWebAuthFlow: (url) => browser.identity.launchWebAuthFlow({ url, interactive: true }),
    oauthRedirectUrl: () => browser.identity.getRedirectURL(),
    handoffSenders: {
      extensionId: browser.runtime.id,
      extensionBaseUrl: browser.runtime.getURL('/'),
      dashboardOrigins: dashboardOrigins(extensionConfig.dashboardUrls),
    },
  });

  // Chrome has sidePanel; Firefox has sidebarAction (its command toggles the sidebar natively).
  const sidePanel = (browser as { sidePanel?: typeof browser.sidePanel }).sidePanel;
  const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  const panel = createPanelControl(
    sidePanel
      ? { sidePanelOpen: (options) => sidePanel.open(options) }
      : { sidebarOpen: () => sidebar!.open(), sidebarToggle: () => sidebar!.toggle() },
  );
  const features = registerPanelFeatures({
    supabase,
    dashboardUrl: extensionConfig.dashboardUrl,
    openTab: (url) => browser.tabs.create({ url }),
    menus: {
      removeAll: () => browser.contextMenus.removeAll(),
      create: (entry: MenuEntry) => {
        browser.contextMenus.create(entry, () => void browser.runtime.lastError);
      },
    },
    panel,
  });

  browser.runtime.onConnect.addListener((port) => panel.onConnect(port));
  browser.contextMenus.onClicked.addListener((info, tab) => features.onMenuClick(info, tab));
  browser.commands.onCommand.addListener((command, tab) => features.onCommand(command, tab));

  const rebuild = () => void features.rebuildMenu().catch((error: unknown) => console.warn('[AI Vault] context menu', error));
  browser.runtime.onStartup.addListener(rebuild);
  browser.runtime.onInstalled.addListener(() => {
    rebuild();
    // Chrome: the toolbar button opens the popup; the side panel is opened from there.
    if (typeof sidePanel?.setPanelBehavior === 'function') {
      sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch((error: unknown) => {
        console.warn('[AI Vault] sidePanel.setPanelBehavior failed', error);
      });
    }
  });
});
