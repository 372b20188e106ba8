import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import { deleteAccount } from '@/shared/data/account.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { startFakeGoogle, type FakeGoogle } from '../fixtures/fake-google.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { decodeJwt, fakeGoogleConfig, fragment, location, memoryClient, uniqueEmail } from './auth-helpers.ts';
import { must, person } from './documents-helpers.ts';

/**
 * "Delete my account" for an account that signs in only with Google (no password to ask for): a
 * session that signed in within the last five minutes stands in for the password; an older one is
 * refused, password accounts still need their password, and two-factor still needs its code.
 */

const CONFIRM = { confirmation: 'DELETE', code: '', password: '' };
let google: FakeGoogle;
let stack: TestStack;

beforeAll(async () => {
  google = await startFakeGoogle();
  stack = await startTestStack({ config: { google: fakeGoogleConfig(google.url) } });
});
afterAll(async () => {
  await stack?.close();
  await google?.close();
});

/** Signs in through the (fake) Google round trip, as the browser would; the client holds the session. */
async function signInWithGoogle(email: string): Promise<{ client: AppClient; userId: string; sessionId: string }> {
  const client = memoryClient(stack);
  const { data } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: 'http://localhost:5173/settings', skipBrowserRedirect: true },
  });
  const toGoogle = await location(data.url!);
  const consent = new URL(`${google.url}/consent`);
  consent.searchParams.set('email', email);
  for (const name of ['redirect_uri', 'state']) consent.searchParams.set(name, toGoogle.searchParams.get(name) ?? '');
  const back = await location((await location(consent.toString())).toString());
  const tokens = fragment(back);
  const accessToken = tokens.get('access_token')!;
  expect((await client.auth.setSession({ access_token: accessToken, refresh_token: tokens.get('refresh_token')! })).error).toBeNull();
  const claims = decodeJwt(accessToken) as { sub: string; session_id: string };
  return { client, userId: claims.sub, sessionId: claims.session_id };
}

/** Moves the session's sign-in back in time and takes a new access token that says so. */
async function signedInMinutesAgo(client: AppClient, sessionId: string, minutes: number): Promise<void> {
  await stack.db.query(
    `update auth.mfa_amr_claims set created_at = now() - make_interval(mins => $2) where session_id = $1 and authentication_method = 'oauth'`,
    [sessionId, minutes],
  );
  expect((await client.auth.refreshSession()).error).toBeNull();
}

const accountExists = async (userId: string) =>
  (await stack.db.query('select 1 from auth.users where id = $1', [userId])).rows.length === 1;

describe(`delete my account without a password (${testDbKind})`, () => {
  it('accepts a Google sign-in of the last five minutes in place of the password', async () => {
    const { client, userId } = await signInWithGoogle(uniqueEmail('google-delete'));
    expect((await deleteAccount(client, { ...CONFIRM, confirmation: 'delete' })).error?.message).toBe(ACCOUNT_TEXTS.confirmMissing);
    must(await deleteAccount(client, CONFIRM));
    expect(await accountExists(userId)).toBe(false);
  });

  it('refuses a sign-in older than five minutes, and accepts the same account once it signs in again', async () => {
    const email = uniqueEmail('google-old');
    const { client, userId, sessionId } = await signInWithGoogle(email);
    await signedInMinutesAgo(client, sessionId, 6);
    expect((await deleteAccount(client, CONFIRM)).error).toMatchObject({ message: ACCOUNT_TEXTS.reauthNeeded, kind: 'refused' });
    // A password sent along changes nothing: the account has none.
    expect((await deleteAccount(client, { ...CONFIRM, password: 'guess' })).error?.message).toBe(ACCOUNT_TEXTS.reauthNeeded);
    expect(await accountExists(userId)).toBe(true);

    const again = await signInWithGoogle(email);
    expect(again.userId).toBe(userId);
    must(await deleteAccount(again.client, CONFIRM));
    expect(await accountExists(userId)).toBe(false);
  });

  it('still asks for the authenticator code when the account has two-factor', async () => {
    const { client, userId } = await signInWithGoogle(uniqueEmail('google-mfa'));
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret), digits: 6, period: 30 });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() })).error).toBeNull();
    expect((await deleteAccount(client, CONFIRM)).error?.message).toBe(ACCOUNT_TEXTS.codeMissing);
    expect(await accountExists(userId)).toBe(true);
    must(await deleteAccount(client, { ...CONFIRM, code: totp.generate() }));
    expect(await accountExists(userId)).toBe(false);
  });

  it('a password account that has just signed in still needs its password', async () => {
    const someone = await person(stack, 'password-fresh');
    expect((await deleteAccount(someone.client, CONFIRM)).error?.message).toBe(ACCOUNT_TEXTS.passwordMissing);
    expect((await deleteAccount(someone.client, { ...CONFIRM, password: 'wrong-password' })).error?.message).toBe(
      ACCOUNT_TEXTS.passwordWrong,
    );
    expect(await accountExists(someone.userId)).toBe(true);
  });
});
