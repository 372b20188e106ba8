import { serviceDb } from '../_shared/db.ts';
import { callerOf, fail, json, preflight } from '../_shared/http.ts';

/**
 * POST /functions/v1/session-handoff (signed in): a one-time magic-link token for the caller's
 * own account, which the dashboard passes to the extension (or the extension to the dashboard)
 * so the other side gets a session of its own — the user signs in once. The token is single use
 * and short-lived, and the session it gives starts at aal1: a user with two-factor
 * authentication still enters a code on the other side.
 */
export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  if (!caller.email) return fail('This account has no e-mail address to sign in with.', 400);
  const { data, error } = await serviceDb().auth.admin.generateLink({ type: 'magiclink', email: caller.email });
  const tokenHash = error ? null : data.properties.hashed_token;
  if (!tokenHash) return fail('Could not create a sign-in token. Please try again.', 502);
  return json({ token_hash: tokenHash, email: caller.email });
}
