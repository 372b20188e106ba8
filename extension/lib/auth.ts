import { isAuthApiError, type Session } from '@supabase/supabase-js';
import type { AppClient } from '@/shared/data/supabase.ts';
import { AUTH_TEXT, validateCredentials, hasErrors, normalizeTotpCode, isTotpCode } from '@/shared/core/auth.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import type { AuthResult, AuthState } from './messaging.ts';

/**
 * The extension's account, owned by the background: it holds the one Supabase auth client that
 * stores the session in extension storage and refreshes it. The side panel, popup and content
 * scripts reach these functions only through messages (extension/lib/messaging.ts), so a token is
 * never refreshed twice.
 */

const message = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong. Please try again.';

function stateOf(session: Session | null): AuthState {
  if (!session) return { user: null, needsSecondFactor: false };
  return { user: { id: session.user.id, email: session.user.email ?? '' }, needsSecondFactor: needsSecondFactor(session) };
}

/** How often the panel's or popup's state question also asks Auth whether the session still exists. */
const SESSION_CHECK_INTERVAL_MS = 60_000;
const lastSessionCheck = new WeakMap<AppClient, number>();

/**
 * Signs out here when Auth no longer knows the session (the account was deleted, or signed out
 * everywhere). supabase-js keeps a session whose refresh was refused until its access token
 * expires, up to an hour of showing an account that is gone; a network failure keeps the session.
 */
async function dropRevokedSession(client: AppClient): Promise<void> {
  const now = Date.now();
  if (now - (lastSessionCheck.get(client) ?? 0) < SESSION_CHECK_INTERVAL_MS) return;
  lastSessionCheck.set(client, now);
  const { data } = await client.auth.getSession();
  if (!data.session) return;
  const { error } = await client.auth.getUser();
  if (error && isAuthApiError(error) && [401, 403, 404].includes(error.status)) await client.auth.signOut({ scope: 'local' });
}

export async function currentState(client: AppClient): Promise<AuthState> {
  await dropRevokedSession(client);
  const { data } = await client.auth.getSession();
  return stateOf(data.session);
}

/** The state and a valid access token from one session read. */
export async function sessionSnapshot(client: AppClient): Promise<{ state: AuthState; accessToken: string | null }> {
  const { data } = await client.auth.getSession();
  const state = stateOf(data.session);
  return { state, accessToken: data.session && !state.needsSecondFactor ? data.session.access_token : null };
}

/** A valid access token (supabase-js refreshes it here when it is about to expire), or null. */
export async function accessToken(client: AppClient): Promise<string | null> {
  const { data } = await client.auth.getSession();
  if (!data.session || needsSecondFactor(data.session)) return null;
  return data.session.access_token;
}

export async function signIn(client: AppClient, email: string, password: string): Promise<AuthResult> {
  const errors = validateCredentials(email, password);
  if (hasErrors(errors)) {
    return { ok: false, title: AUTH_TEXT.signInError, message: Object.values(errors).filter(Boolean).join(' ') };
  }
  try {
    const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
    if (error || !data.session) return { ok: false, title: AUTH_TEXT.signInError, message: message(error ?? 'No session returned.') };
    return { ok: true, state: stateOf(data.session) };
  } catch (error) {
    return { ok: false, title: AUTH_TEXT.signInError, message: message(error) };
  }
}

/** The TOTP step after a password sign-in (session aal1 → aal2). */
export async function verifyTotp(client: AppClient, rawCode: string): Promise<AuthResult> {
  const code = normalizeTotpCode(rawCode);
  if (!isTotpCode(code)) return { ok: false, title: AUTH_TEXT.signInError, message: AUTH_TEXT.totpInvalid };
  try {
    const { data, error } = await client.auth.mfa.listFactors();
    if (error) return { ok: false, title: AUTH_TEXT.signInError, message: error.message };
    const factor = data.totp.find((f) => f.status === 'verified');
    if (!factor) return { ok: false, title: AUTH_TEXT.signInError, message: 'No authenticator app is set up for this account.' };
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (verified.error) return { ok: false, title: AUTH_TEXT.signInError, message: verified.error.message };
    return { ok: true, state: await currentState(client) };
  } catch (error) {
    return { ok: false, title: AUTH_TEXT.signInError, message: message(error) };
  }
}

/**
 * Google through the browser's identity API with PKCE: supabase-js builds the authorize URL
 * (its code verifier kept in extension storage), the browser runs the flow in its own window and
 * hands back the redirect URL, whose code is exchanged for a session.
 */
export async function signInWithGoogle(
  client: AppClient,
  launchWebAuthFlow: (url: string) => Promise<string | undefined>,
  redirectUrl: string,
): Promise<AuthResult> {
  try {
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: redirectUrl, skipBrowserRedirect: true },
    });
    if (error || !data.url) return { ok: false, title: AUTH_TEXT.googleError, message: message(error ?? 'No sign-in address returned.') };
    const returned = await launchWebAuthFlow(data.url);
    if (!returned) return { ok: false, title: AUTH_TEXT.googleError, message: 'Sign-in was cancelled.' };
    const url = new URL(returned);
    const params = new URLSearchParams(url.hash.slice(1));
    const failure = url.searchParams.get('error_description') ?? params.get('error_description');
    if (failure) return { ok: false, title: AUTH_TEXT.googleError, message: failure };
    const code = url.searchParams.get('code');
    if (!code) return { ok: false, title: AUTH_TEXT.googleError, message: 'The sign-in answer had no code.' };
    const exchanged = await client.auth.exchangeCodeForSession(code);
    if (exchanged.error) return { ok: false, title: AUTH_TEXT.googleError, message: exchanged.error.message };
    return { ok: true, state: stateOf(exchanged.data.session) };
  } catch (error) {
    return { ok: false, title: AUTH_TEXT.googleError, message: message(error) };
  }
}

/**
 * Signs in with a one-time token the dashboard handed over (a magic-link token made for the
 * already signed-in user by the session-handoff function): the extension gets its own session.
 */
export async function signInWithHandoff(client: AppClient, tokenHash: string): Promise<AuthResult> {
  try {
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    if (error || !data.session) return { ok: false, title: AUTH_TEXT.signInError, message: message(error ?? 'No session returned.') };
    return { ok: true, state: stateOf(data.session) };
  } catch (error) {
    return { ok: false, title: AUTH_TEXT.signInError, message: message(error) };
  }
}

/** Signs this browser's extension out (other devices and the dashboard keep their sessions). */
export async function signOut(client: AppClient): Promise<AuthResult> {
  const { error } = await client.auth.signOut({ scope: 'local' });
  if (error) return { ok: false, title: 'Sign Out Error', message: error.message };
  return { ok: true, state: { user: null, needsSecondFactor: false } };
}
