import { defineContentScript } from 'wxt/utils/define-content-script';
import { BRIDGE_FROM_EXTENSION, dashboardOrigins, isDashboardMessage, type ExtensionBridgeMessage } from '../shared/ext/bridge.ts';
import { extensionConfig } from '../shared/ext/config.ts';
import { sendMessage } from '../shared/ext/messaging.ts';

const origins = dashboardOrigins(extensionConfig.dashboardUrls);

/**
 * Runs only on the dashboard's own pages: lets "Connect extension" hand the extension a one-time
 * token for the signed-in user, so signing in once is enough. Match patterns cannot name a port,
 * so the exact origin is checked here too.
 */
export default defineContentScript({
  matches: origins.map((origin) => `${new URL(origin).protocol}//${new URL(origin).hostname}/*`),
  main() {
    if (!origins.includes(window.location.origin)) return;
    const reply = (message: ExtensionBridgeMessage) => window.postMessage(message, window.location.origin);
    window.addEventListener('message', (event) => {
      if (event.source !== window || event.origin !== window.location.origin || !isDashboardMessage(event.data)) return;
      const request = event.data;
      if (request.type === 'ping') {
        reply({ source: BRIDGE_FROM_EXTENSION, type: 'ready' });
        return;
      }
      void sendMessage('auth:handoff', { tokenHash: request.tokenHash })
        .then((result) =>
          reply(
            result.ok
              ? { source: BRIDGE_FROM_EXTENSION, type: 'connected', requestId: request.requestId, ok: true, email: result.state.user?.email ?? '' }
              : { source: BRIDGE_FROM_EXTENSION, type: 'connected', requestId: request.requestId, ok: false, message: result.message },
          ),
        )
        .catch((error: unknown) =>
          reply({ source: BRIDGE_FROM_EXTENSION, type: 'connected', requestId: request.requestId, ok: false, message: String(error) }),
        );
    });
    reply({ source: BRIDGE_FROM_EXTENSION, type: 'ready' });
  },
});
