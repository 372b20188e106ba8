/**
 * Host-prefix apps: a marketplace host shows the marketplace app, a feedback host the
 * feedback app; every other host the main dashboard. Pure.
 */
export type HostApp = 'main' | 'marketplace' | 'feedback';

export interface HostPrefixes {
  marketplace: string;
  feedback: string;
}

export const DEFAULT_HOST_PREFIXES: HostPrefixes = { marketplace: 'marketplace.', feedback: 'feedback.' };

/** Which app a host name serves; prefixes match case-insensitively at the start of the name. */
export function hostAppFor(hostname: string, prefixes: HostPrefixes = DEFAULT_HOST_PREFIXES): HostApp {
  const host = hostname.toLowerCase();
  const starts = (prefix: string) => prefix.trim() !== '' && host.startsWith(prefix.trim().toLowerCase());
  if (starts(prefixes.marketplace)) return 'marketplace';
  if (starts(prefixes.feedback)) return 'feedback';
  return 'main';
}

/**
 * The main site of a prefixed host: `VITE_MAIN_SITE_URL` when set, otherwise the current origin
 * with the prefix removed from the start of the host name (feedback.example.com → example.com),
 * keeping scheme and port. Returned without a trailing slash.
 */
export function mainSiteOrigin(currentOrigin: string, prefix: string, configuredMainSite?: string | null): string {
  const configured = configuredMainSite?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const url = new URL(currentOrigin);
  const cut = prefix.trim().toLowerCase();
  const host = url.hostname.toLowerCase();
  if (cut && host.startsWith(cut) && host.length > cut.length) url.hostname = host.slice(cut.length);
  return url.origin;
}

// ---------------------------------------------------------------------------------------------
// Signing in to the feedback host. Sessions are kept per origin, so a sign-in on the main site
// does not reach the feedback host by itself: the feedback host sends the visitor to the main
// site's /auth with its own address to return to; once signed in, the main site asks the
// session-handoff function for a one-time token and sends the browser back with it in the URL
// fragment (never sent to a server); the feedback host exchanges it for a session of its own.

/** The main-site page that sends a signed-in visitor back to the feedback host with a token. */
export const FEEDBACK_SIGN_IN_PATH = '/auth/feedback';
/** Its query parameter: the feedback host's address to return to. */
export const FEEDBACK_RETURN_PARAM = 'return_to';

/**
 * The feedback host's origin as the main site knows it: `configured` (VITE_FEEDBACK_HOST_URL) when
 * set, otherwise the main site's with the prefix put before its host name (the reverse of
 * mainSiteOrigin). Null when there is none (no prefix, or an unreadable configured URL).
 */
export function feedbackHostOrigin(mainOrigin: string, prefix: string, configured?: string | null): string | null {
  const explicit = configured?.trim();
  try {
    if (explicit) return new URL(explicit).origin;
    const cut = prefix.trim().toLowerCase();
    if (!cut) return null;
    const url = new URL(mainOrigin);
    url.hostname = `${cut}${url.hostname}`;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The return address when it is on the feedback host (same origin, http or https, no
 * credentials), with any fragment dropped; otherwise null, so the main site is never an open
 * redirect.
 */
export function safeFeedbackReturn(raw: string | null | undefined, feedbackOrigin: string | null): string | null {
  if (!raw || !feedbackOrigin) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  if (url.origin !== feedbackOrigin) return null;
  url.hash = '';
  return url.toString();
}

/**
 * Where the feedback host sends a signed-out visitor: the main site's login (/auth in sign-in
 * mode), which afterwards goes on to FEEDBACK_SIGN_IN_PATH with the return address.
 */
export function feedbackSignInUrl(mainOrigin: string, returnTo: string): string {
  const next = `${FEEDBACK_SIGN_IN_PATH}?${FEEDBACK_RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
  return `${mainOrigin.replace(/\/+$/, '')}/auth?mode=signin&next=${encodeURIComponent(next)}`;
}

export interface FeedbackToken {
  tokenHash: string;
  /** The account the token is for (the feedback host skips the exchange when it already is that user). */
  email: string | null;
}

/** The feedback host's address with the one-time token in the fragment. */
export function feedbackTokenUrl(returnTo: string, { tokenHash, email }: FeedbackToken): string {
  const fragment = new URLSearchParams({ token_hash: tokenHash });
  if (email) fragment.set('email', email);
  return `${returnTo.split('#', 1)[0]}#${fragment.toString()}`;
}

/** The token in a location hash, or null when there is none. */
export function readFeedbackToken(hash: string): FeedbackToken | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const tokenHash = params.get('token_hash')?.trim();
  if (!tokenHash || tokenHash.length > 512) return null;
  return { tokenHash, email: params.get('email')?.trim() || null };
}
