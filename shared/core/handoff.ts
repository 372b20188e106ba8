import { joinUrl } from './config.ts';
import { safeNextPath } from './routes.ts';

/**
 * Extension → dashboard: the extension asks session-handoff for a one-time token of its user and
 * opens `<dashboard>/auth/handoff#token_hash=…&email=…&next=…`. Everything rides in the fragment,
 * which browsers never send to a server, so the token (and any page text in `next`) stays out of
 * server logs. The dashboard's HandoffPage reads it, signs in with verifyOtp and goes to `next`.
 * The link's format lives here; the extension opens it (extension/lib/dashboardOpen.ts) and the
 * dashboard verifies its token (web/lib/handoff.ts).
 */

export const HANDOFF_PATH = '/auth/handoff';

export interface HandoffFragment {
  tokenHash: string;
  /** The account the token is for (the dashboard skips the sign-in when it already is that user). */
  email: string | null;
  /** Where to go afterwards (a safe in-app path), or null for the dashboard. */
  next: string | null;
}

export function handoffUrl(dashboardUrl: string, { tokenHash, email, next }: HandoffFragment): string {
  const fragment = new URLSearchParams({ token_hash: tokenHash });
  if (email) fragment.set('email', email);
  if (next) fragment.set('next', next);
  return `${joinUrl(dashboardUrl, HANDOFF_PATH)}#${fragment.toString()}`;
}

/** The handoff in a location hash, or null when there is no token. `next` is kept only when it is a safe in-app path. */
export function readHandoffFragment(hash: string): HandoffFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const tokenHash = params.get('token_hash')?.trim();
  if (!tokenHash || tokenHash.length > 512) return null;
  return { tokenHash, email: params.get('email')?.trim() || null, next: safeNextPath(params.get('next')) };
}

export const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** What the dashboard does with a handoff link, given who is signed in there now. */
export type HandoffPlan = 'signIn' | 'alreadySignedIn' | 'askToSwitch';

/**
 * Nobody signed in: sign in with the token. The account the link names is signed in already: go
 * on (a code still owed for two-factor is asked by /auth). Anyone else: ask before switching, so a
 * link made for another account (someone else's, sent to this user) cannot switch them silently.
 */
export function planHandoff(current: { email: string | null } | null, handoff: HandoffFragment): HandoffPlan {
  if (!current) return 'signIn';
  return sameEmail(current.email, handoff.email) ? 'alreadySignedIn' : 'askToSwitch';
}
