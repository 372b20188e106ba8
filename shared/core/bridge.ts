/**
 * The dashboard ↔ extension bridge: the dashboard page and the extension's content script on the
 * dashboard's own origin talk through window.postMessage. Only same-window messages from an allowed
 * dashboard origin are accepted, and only this one-time-token handoff crosses the bridge. The
 * protocol lives here; each side's transport lives with that side (extension/lib/dashboardBridge.ts,
 * web/lib/extensionBridge.ts).
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
  return (
    m.type === 'connect' &&
    typeof m.requestId === 'string' &&
    typeof m.tokenHash === 'string' &&
    m.tokenHash.length > 0 &&
    m.tokenHash.length < 512
  );
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
