import type { Session } from '@supabase/supabase-js';
import type { AppClient } from '../data/supabase.ts';
import { joinUrl } from '../core/config.ts';
import { safeNextPath } from '../core/routes.ts';
import { needsSecondFactor } from '../core/session.ts';
import type { DashboardOpenResult } from './messaging.ts';

/**
 * Extension → dashboard: the extension asks session-handoff for a one-time token of its user and
 * opens `<dashboard>/auth/handoff#token_hash=…&email=…&next=…`. Everything rides in the fragment,
 * which browsers never send to a server, so the token (and any page text in `next`) stays out of
 * server logs. The dashboard's HandoffPage reads it, signs in with verifyOtp and goes to `next`.
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

const sameEmail = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

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

export type HandoffCheck = { ok: true; session: Session } | { ok: false; message: string };

/**
 * Verifies a handoff token on `checker` (a client of its own, in memory), so the session signed in
 * in this tab stays as it is until the new one is adopted, and only when the token is for the
 * account the link names: a link that names one account and signs in another is refused (and the
 * session it made is ended at once).
 */
export async function verifyHandoffToken(checker: AppClient, handoff: HandoffFragment): Promise<HandoffCheck> {
  const { data, error } = await checker.auth.verifyOtp({ token_hash: handoff.tokenHash, type: 'magiclink' });
  if (error || !data.session) return { ok: false, message: error?.message ?? 'No session returned.' };
  const actual = data.session.user.email ?? '';
  if (handoff.email && !sameEmail(actual, handoff.email)) {
    await checker.auth.signOut({ scope: 'local' });
    return { ok: false, message: `This link signs in as ${actual}, not as ${handoff.email} as it says.` };
  }
  return { ok: true, session: data.session };
}

export interface OpenDashboardDeps {
  supabase: AppClient;
  dashboardUrl: string;
  openTab: (url: string) => Promise<unknown>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Opens a dashboard path: signed in through the handoff when the extension has a full session,
 * otherwise the plain page (the dashboard asks the visitor to sign in). A failed token request
 * still opens the page, and says why it is not signed in.
 */
export async function openDashboard({ supabase, dashboardUrl, openTab }: OpenDashboardDeps, rawPath: string): Promise<DashboardOpenResult> {
  const path = safeNextPath(rawPath) ?? '/dashboard';
  const plainUrl = joinUrl(dashboardUrl, path);
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session || needsSecondFactor(session)) {
    await openTab(plainUrl);
    return { ok: true, url: plainUrl, signedIn: false };
  }
  try {
    const { data: token, error } = await supabase.functions.invoke<{ token_hash?: string; email?: string }>('session-handoff', { method: 'POST' });
    if (error || !token?.token_hash) throw error ?? new Error('No sign-in token returned.');
    const url = handoffUrl(dashboardUrl, { tokenHash: token.token_hash, email: token.email ?? session.user.email ?? null, next: path });
    await openTab(url);
    return { ok: true, url: plainUrl, signedIn: true };
  } catch (error) {
    await openTab(plainUrl);
    return { ok: false, message: `Opened the dashboard without signing in: ${messageOf(error)}` };
  }
}
