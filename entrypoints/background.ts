import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerBackground } from '../shared/ext/background.ts';
import { createBackgroundSupabase } from '../shared/ext/clients.ts';

export default defineBackground(() => {
  // Everything is registered synchronously, so the MV3 service worker wakes up for it.
  registerBackground({
    supabase: createBackgroundSupabase(),
    version: browser.runtime.getManifest().version,
    launchWebAuthFlow: (url) => browser.identity.launchWebAuthFlow({ url, interactive: true }),
    oauthRedirectUrl: () => browser.identity.getRedirectURL(),
  });

  browser.runtime.onInstalled.addListener(() => {
    // Chrome: the toolbar button opens the popup; the side panel is opened from there.
    // Firefox has no sidePanel API (it uses sidebar_action), hence the guard.
    const sidePanel = (browser as { sidePanel?: typeof browser.sidePanel }).sidePanel;
    if (typeof sidePanel?.setPanelBehavior === 'function') {
      sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch((error: unknown) => {
        console.warn('[AI Vault] sidePanel.setPanelBehavior failed', error);
      });
    }
  });
});
