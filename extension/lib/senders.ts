import type { AuthResult } from './messaging.ts';

/**
 * Who may send the background a message that signs the extension in ('auth:handoff'). The
 * browser fills in a message's sender (a page cannot forge it, even from a compromised renderer
 * under site isolation); the background trusts only:
 * - the extension's own pages (side panel, popup), whose URL is under the extension's base URL;
 * - the dashboard-bridge content script, in the top frame of a tab on a configured dashboard origin.
 * Any other page the extension's scripts run in (page.content.ts is injected into ordinary sites)
 * is refused.
 */

/** The parts of runtime.MessageSender the check reads. */
export interface MessageSenderInfo {
  id?: string;
  url?: string;
  /** Chrome sets the sending document's origin; Firefox may not (the URL's origin is used then). */
  origin?: string;
  tab?: { id?: number };
  frameId?: number;
}

export interface TrustedSenders {
  /** browser.runtime.id */
  extensionId: string;
  /** browser.runtime.getURL('/'), e.g. chrome-extension://<id>/ or moz-extension://<uuid>/ */
  extensionBaseUrl: string;
  /** The dashboard origins allowed to hand over a session (shared/core/bridge.ts dashboardOrigins). */
  dashboardOrigins: readonly string[];
}

function originOf(sender: MessageSenderInfo): string | null {
  if (sender.origin && sender.origin !== 'null') return sender.origin;
  try {
    const origin = new URL(sender.url ?? '').origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function isExtensionPage(sender: MessageSenderInfo, trusted: TrustedSenders): boolean {
  return sender.id === trusted.extensionId && Boolean(sender.url?.startsWith(trusted.extensionBaseUrl));
}

/** The dashboard-bridge content script: a tab's top frame on a dashboard origin. */
function isDashboardBridge(sender: MessageSenderInfo, trusted: TrustedSenders): boolean {
  if (sender.id !== trusted.extensionId || !sender.tab || sender.frameId !== 0) return false;
  const origin = originOf(sender);
  return origin !== null && trusted.dashboardOrigins.includes(origin);
}

export const mayHandOffSession = (sender: MessageSenderInfo, trusted: TrustedSenders): boolean =>
  isExtensionPage(sender, trusted) || isDashboardBridge(sender, trusted);

/** The answer to an 'auth:handoff' from anyone else. */
export const HANDOFF_REFUSED = {
  ok: false,
  title: 'Sign In Error',
  message: 'Only the AI Vault dashboard can connect the extension.',
} as const satisfies AuthResult;
