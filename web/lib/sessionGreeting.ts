import type { AuthChangeEvent } from '@supabase/supabase-js';

/**
 * When the "Signed In!" notice shows: only once a sign-in is
 * complete — second factor included — and only for a change of account, never for supabase-js'
 * repeated SIGNED_IN events (tab focus, session recovery) nor for a session that still needs its
 * code. Pure, so the rule is unit-tested.
 */
export interface GreetingInput {
  event: AuthChangeEvent;
  /** The user of the session after the event when it is complete (second factor included), else null. */
  completeUserId: string | null;
  /** The user of the last complete session seen (null: none); undefined until the initial session is known. */
  previousCompleteUserId: string | null | undefined;
  /** The tab is back from Google sign-in (supabase-js may report its session as the initial one). */
  cameBackFromGoogle: boolean;
  /** The session comes from a password-reset link (its code step completes a reset, not a sign-in). */
  recovery: boolean;
}

export function greetsSignIn({ event, completeUserId, previousCompleteUserId, cameBackFromGoogle, recovery }: GreetingInput): boolean {
  if (!completeUserId || recovery) return false;
  // Back from Google, the session layer may subscribe after supabase-js has finished the sign-in: then the
  // session arrives as the initial one and no SIGNED_IN follows.
  if (cameBackFromGoogle) return event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED' || event === 'INITIAL_SESSION';
  if (event !== 'SIGNED_IN' && event !== 'MFA_CHALLENGE_VERIFIED') return false;
  return previousCompleteUserId !== undefined && previousCompleteUserId !== completeUserId;
}
