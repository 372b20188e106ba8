import { jwtPayload } from '../session.ts';

/**
 * Deleting an account asks for its password again. An account that signs in only with Google has
 * none, so a fresh sign-in stands in for it: the access token's `amr` claims (GoTrue writes them,
 * hosted and local alike) say how and when this very session signed in, which a stolen older
 * token cannot fake.
 */

/** How long after signing in again the account may still be deleted without a password. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

/** First-factor sign-ins that prove the person holds the account without a password. */
const SIGN_IN_METHODS = new Set(['oauth', 'sso/saml', 'otp', 'magiclink']);

/** Whether the account can sign in with a password (GoTrue gives password accounts an `email` identity). */
export function hasPasswordIdentity(identities: readonly { provider: string }[] | undefined): boolean {
  return (identities ?? []).some((identity) => identity.provider === 'email');
}

/** When (epoch seconds) the token's session last signed in without a password; null when it did not. */
function lastSignInWithoutPassword(accessToken: string): number | null {
  const amr = jwtPayload(accessToken)?.amr;
  if (!Array.isArray(amr)) return null;
  const times = amr
    .map((entry) => entry as { method?: unknown; timestamp?: unknown } | null)
    .filter((entry) => typeof entry?.method === 'string' && SIGN_IN_METHODS.has(entry.method) && typeof entry.timestamp === 'number')
    .map((entry) => entry!.timestamp as number);
  return times.length ? Math.max(...times) : null;
}

/** Seconds left for deleting the account on this session's fresh sign-in; 0 when it is not fresh. */
export function recentSignInSecondsLeft(accessToken: string, nowMs: number): number {
  const at = lastSignInWithoutPassword(accessToken);
  if (at === null) return 0;
  const left = at + RECENT_SIGN_IN_SECONDS - Math.floor(nowMs / 1000);
  // A sign-in stamped in the future (clock skew beyond a minute) is not trusted.
  return left > RECENT_SIGN_IN_SECONDS + 60 ? 0 : Math.max(0, left);
}
