import {
  BRIDGE_FROM_DASHBOARD,
  isExtensionMessage,
  type DashboardBridgeMessage,
  type ExtensionBridgeMessage,
} from '@/shared/core/bridge.ts';

/**
 * The dashboard's side of the dashboard ↔ extension bridge: window.postMessage to the extension's
 * content script on the same page. The window is passed in so tests can use a fake.
 */

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
export async function connectExtension(
  win: BridgeWindow,
  tokenHash: string,
  requestId: string,
  timeoutMs = 20_000,
): Promise<ConnectResult> {
  const answer = waitForExtension<ConnectResult>(
    win,
    (m) =>
      m.type === 'connected' && m.requestId === requestId
        ? m.ok
          ? { ok: true, email: m.email }
          : { ok: false, message: m.message }
        : null,
    timeoutMs,
  );
  win.postMessage(
    { source: BRIDGE_FROM_DASHBOARD, type: 'connect', requestId, tokenHash } satisfies DashboardBridgeMessage,
    win.location.origin,
  );
  return (await answer) ?? { ok: false, message: 'The extension did not answer. Reload this page and try again.' };
}
