import { BRIDGE_FROM_EXTENSION, isDashboardMessage, type ExtensionBridgeMessage } from '@/shared/core/bridge.ts';
import type { AuthResult } from './messaging.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * The extension's side of the dashboard bridge, run by the dashboard-bridge content script: it
 * answers the dashboard's ping and passes a "Connect extension" token to the background. Match
 * patterns cannot name a port, so the script may be injected into other pages of a dashboard's
 * host: it starts only on an exact dashboard origin, and takes only same-window messages from
 * that origin. The background checks the sender again (extension/lib/senders.ts).
 */

type BridgeWindow = Pick<Window, 'postMessage' | 'addEventListener'> & { location: { origin: string } };

export interface DashboardBridgeDeps {
  /** The dashboard origins allowed to hand over a session. */
  origins: readonly string[];
  /** sendMessage('auth:handoff', …) to the background. */
  handOff: (tokenHash: string) => Promise<AuthResult>;
}

/** Starts the bridge on `win`; false (and nothing listens) when the page is not a dashboard origin. */
export function startDashboardBridge(win: BridgeWindow, { origins, handOff }: DashboardBridgeDeps): boolean {
  const origin = win.location.origin;
  if (!origins.includes(origin)) return false;
  const reply = (message: ExtensionBridgeMessage) => win.postMessage(message, origin);

  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== win || event.origin !== origin || !isDashboardMessage(event.data)) return;
    const request = event.data;
    if (request.type === 'ping') {
      reply({ source: BRIDGE_FROM_EXTENSION, type: 'ready' });
      return;
    }
    const answer = (result: { ok: true; email: string } | { ok: false; message: string }) =>
      reply({ source: BRIDGE_FROM_EXTENSION, type: 'connected', requestId: request.requestId, ...result });
    void handOff(request.tokenHash)
      .then((result) => answer(result.ok ? { ok: true, email: result.state.user?.email ?? '' } : { ok: false, message: result.message }))
      .catch((error: unknown) => answer({ ok: false, message: errorMessage(error) }));
  });
  reply({ source: BRIDGE_FROM_EXTENSION, type: 'ready' });
  return true;
}
