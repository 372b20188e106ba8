import { describe, expect, it } from 'vitest';
import { greetsSignIn, type GreetingInput } from '@/web/lib/sessionGreeting.ts';

/** The "Signed In!" notice shows once a sign-in is complete, and only then. */
const base: GreetingInput = {
  event: 'SIGNED_IN',
  completeUserId: 'u1',
  previousCompleteUserId: null,
  cameBackFromGoogle: false,
  recovery: false,
};

describe('greetsSignIn', () => {
  it('greets a completed password sign-in', () => {
    expect(greetsSignIn(base)).toBe(true);
  });

  it('not while the account still has to enter its TOTP code (aal1 with a verified factor)', () => {
    expect(greetsSignIn({ ...base, completeUserId: null })).toBe(false);
  });

  it('greets when the code completes the sign-in', () => {
    expect(greetsSignIn({ ...base, event: 'MFA_CHALLENGE_VERIFIED' })).toBe(true);
  });

  it('not for supabase-js repeating SIGNED_IN for the same account (tab focus), nor for enrolling a factor', () => {
    expect(greetsSignIn({ ...base, previousCompleteUserId: 'u1' })).toBe(false);
    expect(greetsSignIn({ ...base, event: 'MFA_CHALLENGE_VERIFIED', previousCompleteUserId: 'u1' })).toBe(false);
  });

  it('greets a switch to another account without a sign-out', () => {
    expect(greetsSignIn({ ...base, previousCompleteUserId: 'u0' })).toBe(true);
  });

  it('not before the initial session is known, unless the tab is back from Google', () => {
    expect(greetsSignIn({ ...base, previousCompleteUserId: undefined })).toBe(false);
    expect(greetsSignIn({ ...base, previousCompleteUserId: undefined, cameBackFromGoogle: true })).toBe(true);
    expect(greetsSignIn({ ...base, previousCompleteUserId: 'u1', cameBackFromGoogle: true })).toBe(true);
    expect(greetsSignIn({ ...base, completeUserId: null, cameBackFromGoogle: true })).toBe(false);
  });

  it('greets the session of a Google return reported as the initial one (the sign-in finished before the subscription)', () => {
    expect(greetsSignIn({ ...base, event: 'INITIAL_SESSION', previousCompleteUserId: undefined, cameBackFromGoogle: true })).toBe(true);
    expect(greetsSignIn({ ...base, event: 'INITIAL_SESSION', completeUserId: null, cameBackFromGoogle: true })).toBe(false);
    expect(greetsSignIn({ ...base, event: 'TOKEN_REFRESHED', cameBackFromGoogle: true })).toBe(false);
  });

  it('not for other events, nor for a password-reset session', () => {
    for (const event of ['INITIAL_SESSION', 'TOKEN_REFRESHED', 'USER_UPDATED', 'PASSWORD_RECOVERY', 'SIGNED_OUT'] as const) {
      expect(greetsSignIn({ ...base, event })).toBe(false);
    }
    expect(greetsSignIn({ ...base, event: 'MFA_CHALLENGE_VERIFIED', recovery: true })).toBe(false);
  });
});
