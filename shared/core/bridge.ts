/**
 * The dashboard ↔ extension bridge: the dashboard page and the extension's content script on the
 * dashboard's own origin talk through window.postMessage. Only same-window messages from an allowed
 * dashboard origin are accepted, and only this one-time-token handoff crosses the bridge.
 */

export const BRIDGE_FROM_DASHBOARD = 'ai-vault-dashboard';
export const BRIDGE_FROM_EXTENSION = 'ai-vault-extension';

export type DashboardBridgeMessage =
  | { source: typeof BRIDGE_FROM_DASHBOARD; type: 'ping' }
  | { source: typeof BRIDGE_FROM_DASHBOARD; type: 'connect'; requestId: string; tokenHash: string };

export type ExtensionBridgeMessage =
  | { source: typeof BRIDGE_FROM_EXTENSION; type: 'ready' }
  | { source: typeof BRIDGE_FROM_EXTENSION; type: 'connected'; requestId: string; ok: true; email: string }
  | { source: typeof BRIDGE_FROM_EXTENSION; type: 'connected'; requestId: string; ok: false; message: string };

export function isDashboardMessage(data: unknown): data is DashboardBridgeMessage {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  if (m.source !== BRIDGE_FROM_DASHBOARD) return false;
  if (m.type === 'ping') return true;
  return m.type === 'connect' && typeof m.requestId === 'string' && typeof m.tokenHash === 'string' && m.tokenHash.length > 0 && m.tokenHash.length < 512;
}

export function isExtensionMessage(data: unknown): data is ExtensionBridgeMessage {
  return Boolean(data && typeof data === 'object' && (data as Record<string, unknown>).source === BRIDGE_FROM_EXTENSION);
}

/** The origins of the configured dashboard URLs (comma-separated); invalid entries are ignored. */
export function dashboardOrigins(urls: string): string[] {
  return urls
    .split(',')
    .map((url) => {
      try {
        return new URL(url.trim()).origin;
      } catch {
        return null;
      }
    })
    .filter((origin): origin is string => Boolean(origin && origin !== 'null'));
}

// ---------------------------------------------------------------------------------------------
// The dashboard's side (window.postMessage to the content script on the same page)

type BridgeWindow = Pick<Window, 'postMessage' | 'addEventListener' | 'removeEventListener'> & { location: { origin: string } };

/** Waits for the first extension message that `accept` takes (null after `timeoutMs`). */
function waitForExtension<T>(win: BridgeWindow, accept: (m: ExtensionBridgeMessage) => T | null, timeoutMs: number): Promise<T | null> {
  return new Promise((resolve) => {
    const done = (value: T | null) => {
      clearTimeout(timer);
      win.removeEventListener('message', listener as EventListener);
      resolve(value);
    };
    const listener = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || !isExtensionMessage(event.data)) return;
      const value = accept(event.data);
      if (value !== null) done(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    win.addEventListener('message', listener as EventListener);
  });
}

/** Whether the extension is installed in this browser (its bridge answers a ping). */
export async function pingExtension(win: BridgeWindow, timeoutMs = 1500): Promise<boolean> {
  const answer = waitForExtension(win, (m) => (m.type === 'ready' ? true : null), timeoutMs);
  win.postMessage({ source: BRIDGE_FROM_DASHBOARD, type: 'ping' } satisfies DashboardBridgeMessage, win.location.origin);
  return (await answer) ?? false;
}

export type ConnectResult = { ok: true; email: string } | { ok: false; message: string };

/** Hands the extension a one-time token and waits for it to sign in with it. */
export async function connectExtension(win: BridgeWindow, tokenHash: string, requestId: string, timeoutMs = 20_000): Promise<ConnectResult> {
  const answer = waitForExtension<ConnectResult>(
    win,
    (m) => (m.type === 'connected' && m.requestId === requestId ? (m.ok ? { ok: true, email: m.email } : { ok: false, message: m.message }) : null),
    timeoutMs,
  );
  win.postMessage({ source: BRIDGE_FROM_DASHBOARD, type: 'connect', requestId, tokenHash } satisfies DashboardBridgeMessage, win.location.origin);
  return (await answer) ?? { ok: false, message: 'The extension did not answer. Reload this page and try again.' };
}
