/**
 * Session facts derived without I/O. Pure: no Supabase import; takes the shapes
 * supabase-js hands out.
 */

export type AssuranceLevel = 'aal1' | 'aal2';

export interface SessionLike {
  access_token: string;
  user: { factors?: ReadonlyArray<{ factor_type: string; status: string }> | null };
}

/** The JWT's payload, or null when it is not a readable JWT. */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The session's assurance level now and the one it must reach: aal2 once the user has a
 * verified TOTP factor (the same rule as supabase-js' getAuthenticatorAssuranceLevel).
 */
export function assuranceOf(session: SessionLike): { current: AssuranceLevel; next: AssuranceLevel } {
  const current = jwtPayload(session.access_token)?.aal === 'aal2' ? 'aal2' : 'aal1';
  const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
  return { current, next: verified ? 'aal2' : 'aal1' };
}

/** True when the user still has to enter a second-factor code before the session counts. */
export function needsSecondFactor(session: SessionLike): boolean {
  const { current, next } = assuranceOf(session);
  return current === 'aal1' && next === 'aal2';
}

/**
 * Where supabase-js keeps a project's session in the browser (its default: `sb-<first label of
 * the host>-auth-token`). Passed to the client explicitly, so pages can tell whether a session is
 * stored without loading the client.
 */
export const authStorageKey = (supabaseUrl: string): string => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** Whether an address carries a sign-in to finish: a PKCE `?code=`, or tokens or an auth error in the fragment. */
export function urlCarriesAuth(search: string, hash: string): boolean {
  if (new URLSearchParams(search).has('code')) return true;
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return ['access_token', 'refresh_token', 'error_description', 'token_hash'].some((key) => fragment.has(key));
}
