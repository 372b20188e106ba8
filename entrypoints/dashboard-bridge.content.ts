import { defineContentScript } from 'wxt/utils/define-content-script';
import { dashboardOrigins } from '../shared/core/bridge.ts';
import { extensionConfig } from '../extension/lib/config.ts';
import { startDashboardBridge } from '../extension/lib/dashboardBridge.ts';
import { sendMessage } from '../extension/lib/messaging.ts';

const origins = dashboardOrigins(extensionConfig.dashboardUrls);

/**
 * Runs only on the dashboard's own pages: lets "Connect extension" hand the extension a one-time
 * token for the signed-in user, so signing in once is enough (checks in extension/lib/dashboardBridge.ts).
 */
export default defineContentScript({
  matches: origins.map((origin) => `${new URL(origin).protocol}//${new URL(origin).hostname}/*`),
  main() {
    startDashboardBridge(window, { origins, handOff: (tokenHash) => sendMessage('auth:handoff', { tokenHash }) });
  },
});
