import type { Factor, Session } from '@supabase/supabase-js';
import type { AppClient } from '@/shared/data/supabase.ts';
import { googleEnabledIn, googleRedirectTo, TOTP_FRIENDLY_NAME, TOTP_ISSUER } from '@/shared/core/auth.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import { webConfig } from './config.ts';
import { OAUTH_PENDING_KEY } from './sessionState.ts';

/**
 * The dashboard's client, loaded on first use: the sign-in pages draw without supabase-js and load
 * it when the visitor reaches the form (warmAuthClient) or submits it.
 */
const appClient = async (): Promise<AppClient> => (await import('./supabase.ts')).supabase;

/** Starts loading the client ahead of a submit (the sign-in form calls it on focus or pointer). */
export const warmAuthClient = (): void => void appClient();

/**
 * The dashboard's auth calls. Each returns `{ error }` with the backend's message
 * rather than throwing, so pages can show it verbatim in the auth notices ('Sign In Error', …).
 */

export interface AuthFailure {
  message: string;
}

const failure = (error: unknown): AuthFailure => ({
  message: error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong. Please try again.',
});

/** Sign up: confirmed is false when the e-mail still needs verifying. */
export async function signUpWithPassword(email: string, password: string): Promise<{ confirmed: boolean } | { error: AuthFailure }> {
  try {
    const { data, error } = await (
      await appClient()
    ).auth.signUp({
      email: email.trim(),
      password,
      options: { emailRedirectTo: `${window.location.origin}${ROUTES.dashboard}` },
    });
    if (error) return { error: failure(error) };
    // A session means the backend confirmed the address at once (autoconfirm); otherwise a link was mailed.
    return { confirmed: Boolean(data.session) };
  } catch (error) {
    return { error: failure(error) };
  }
}

/** Password sign-in; needsCode when the user has a verified TOTP factor (session is aal1). */
export async function signInWithPassword(
  email: string,
  password: string,
  client?: AppClient,
): Promise<{ session: Session; needsCode: boolean } | { error: AuthFailure }> {
  try {
    const { data, error } = await (client ?? (await appClient())).auth.signInWithPassword({ email: email.trim(), password });
    if (error || !data.session) return { error: failure(error ?? 'No session returned.') };
    return { session: data.session, needsCode: needsSecondFactor(data.session) };
  } catch (error) {
    return { error: failure(error) };
  }
}

export type GoogleStart = { ok: true } | { ok: false; reason: 'notEnabled' | 'unreachable' | 'error'; message?: string };

/** Whether the backend has Google sign-in turned on (GoTrue GET /settings → external.google). */
async function googleEnabled(): Promise<boolean | null> {
  try {
    const res = await fetch(`${webConfig.supabaseUrl.replace(/\/+$/, '')}/auth/v1/settings`, {
      headers: { apikey: webConfig.supabaseAnonKey },
    });
    if (!res.ok) return false;
    return googleEnabledIn(await res.json());
  } catch {
    return null;
  }
}

/**
 * Starts Google sign-in: asks supabase-js for the authorize URL (PKCE verifier saved),
 * checks the backend has Google enabled, then leaves for Google. `next` is a safe same-site path.
 */
export async function startGoogleSignIn(next: string | null): Promise<GoogleStart> {
  try {
    const { data, error } = await (
      await appClient()
    ).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: googleRedirectTo(window.location.origin, next), skipBrowserRedirect: true },
    });
    if (error || !data.url) return { ok: false, reason: 'error', message: error?.message };
    const enabled = await googleEnabled();
    if (enabled === null) return { ok: false, reason: 'unreachable' };
    if (!enabled) return { ok: false, reason: 'notEnabled' };
    window.sessionStorage.setItem(OAUTH_PENDING_KEY, '1');
    window.location.assign(data.url);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: 'error', message: failure(error).message };
  }
}

/** Sends the reset mail; its link comes back to /update-password. */
export async function sendPasswordReset(email: string): Promise<AuthFailure | null> {
  try {
    const { error } = await (
      await appClient()
    ).auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}${ROUTES.updatePassword}`,
    });
    return error ? failure(error) : null;
  } catch (error) {
    return failure(error);
  }
}

export async function updatePassword(password: string): Promise<AuthFailure | null> {
  try {
    const { error } = await (await appClient()).auth.updateUser({ password });
    return error ? failure(error) : null;
  } catch (error) {
    return failure(error);
  }
}

// ---- TOTP multi-factor (factors, challenge, verify; aal1 → aal2) ----

export interface TotpFactors {
  verified: Factor | null;
  unverified: Factor[];
}

/** The TOTP factors of the session's user (of the app's client unless another is given). */
export async function listTotpFactors(client?: AppClient): Promise<TotpFactors | { error: AuthFailure }> {
  try {
    const { data, error } = await (client ?? (await appClient())).auth.mfa.listFactors();
    if (error) return { error: failure(error) };
    const all = (data.all ?? []).filter((f) => f.factor_type === 'totp');
    return {
      verified: all.find((f) => f.status === 'verified') ?? null,
      unverified: all.filter((f) => f.status !== 'verified'),
    };
  } catch (error) {
    return { error: failure(error) };
  }
}

/** Challenge + verify in one step; the session becomes aal2 on success. */
export async function verifyTotp(factorId: string, code: string, client?: AppClient): Promise<AuthFailure | null> {
  try {
    const { error } = await (client ?? (await appClient())).auth.mfa.challengeAndVerify({ factorId, code });
    return error ? failure(error) : null;
  } catch (error) {
    return failure(error);
  }
}

export interface TotpEnrolment {
  factorId: string;
  qrCode: string;
  secret: string;
  uri: string;
}

export async function enrollTotp(): Promise<TotpEnrolment | { error: AuthFailure }> {
  try {
    const { data, error } = await (
      await appClient()
    ).auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: TOTP_FRIENDLY_NAME,
      issuer: TOTP_ISSUER,
    });
    if (error) return { error: failure(error) };
    return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
  } catch (error) {
    return { error: failure(error) };
  }
}

/** Removes a factor, then refreshes the session so it no longer lists it. */
export async function unenrollFactor(factorId: string): Promise<AuthFailure | null> {
  try {
    const { error } = await (await appClient()).auth.mfa.unenroll({ factorId });
    if (error) return failure(error);
    await (await appClient()).auth.refreshSession();
    return null;
  } catch (error) {
    return failure(error);
  }
}

/** Clears factors left unverified by an abandoned enrolment (best effort). */
export async function removeUnverifiedFactors(factors: Factor[]): Promise<void> {
  await Promise.allSettled(factors.map(async (f) => (await appClient()).auth.mfa.unenroll({ factorId: f.id })));
}
