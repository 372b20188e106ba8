import type { Session } from '@supabase/supabase-js';
import type { AppClient } from '@/shared/data/supabase.ts';
import { sameEmail, type HandoffFragment } from '@/shared/core/handoff.ts';

/** The dashboard's side of the session handoff (shared/core/handoff.ts): checking the token. */

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
