import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { isMessage, type MessageResponse } from '../shared/messages.ts';

export default defineBackground(() => {
  // Listeners are registered synchronously so the MV3 service worker wakes up for them.
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

  // sendResponse + `return true` works in both Chrome and Firefox.
  browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
    if (isMessage(message, 'app:status')) {
      const status: MessageResponse<'app:status'> = { ok: true, version: browser.runtime.getManifest().version };
      sendResponse(status);
      return true;
    }
    // Not ours (or meant for another context): no answer from here.
    return false;
  });
});
