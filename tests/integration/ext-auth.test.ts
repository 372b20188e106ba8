import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID, FIREFOX_REDIRECT_HASH } from '@/extension/lib/extensionIdentity.ts';
import * as auth from '@/extension/lib/auth.ts';
import { verifyHandoffToken } from '@/web/lib/handoff.ts';
import { startFakeGoogle, type FakeGoogle } from '../fixtures/fake-google.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

/**
 * The extension's account flows (extension/lib/auth.ts, run by the background) with the real
 * supabase-js client against the local stack: password, TOTP, Google through an identity-API
 * stand-in, the dashboard → extension handoff (session-handoff function), sign-out.
 */

const PASSWORD = 'correct-horse-42';
/** browser.identity.getRedirectURL() on Chrome and on Firefox. */
const EXTENSION_REDIRECT = `https://${CHROME_EXTENSION_ID}.chromiumapp.org/`;
const FIREFOX_REDIRECT = `https://${FIREFOX_REDIRECT_HASH}.extensions.allizom.org/`;
let stack: TestStack;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  // The stack's own redirect allow-list (no override): what `npm start` ships must let the identity window return.
  stack = await startTestStack({
    config: {
      google: {
        clientId: 'ext',
        secret: 'ext-secret',
        authorizeUrl: `${google.url}/authorize`,
        tokenUrl: `${google.url}/token`,
        userinfoUrl: `${google.url}/userinfo`,
      },
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await google?.close();
});

async function newUser(): Promise<string> {
  const email = uniqueEmail('ext');
  const { error } = await stack.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return email;
}

describe('password sign-in in the extension', () => {
  it('refuses bad input and wrong passwords with the Sign In Error notice', async () => {
    const client = memoryClient(stack, 'pkce');
    expect(await auth.signIn(client, '', 'x')).toMatchObject({ ok: false, title: 'Sign In Error' });
    const email = await newUser();
    const wrong = await auth.signIn(client, email, 'wrong-password');
    expect(wrong).toMatchObject({ ok: false, title: 'Sign In Error', message: 'Invalid login credentials' });
    expect(await auth.accessToken(client)).toBeNull();
  });

  it('signs in, hands out a token, signs out', async () => {
    const client = memoryClient(stack, 'pkce');
    const email = await newUser();
    const result = await auth.signIn(client, email, PASSWORD);
    expect(result).toMatchObject({ ok: true, state: { user: { email }, needsSecondFactor: false } });
    const token = await auth.accessToken(client);
    expect(token).toMatch(/^ey/);
    const { data } = await stack.asUser(token!).auth.getUser(token!);
    expect(data.user?.email).toBe(email);

    expect(await auth.signOut(client)).toEqual({ ok: true, state: { user: null, needsSecondFactor: false } });
    expect(await auth.currentState(client)).toEqual({ user: null, needsSecondFactor: false });
    const after = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.config.anonKey, authorization: `Bearer ${token}` } });
    expect(after.status).toBe(403);
  });
});

describe('two-factor sign-in in the extension', () => {
  it('needs the code before a token is handed out; a wrong code is refused', async () => {
    const email = await newUser();
    const setup = memoryClient(stack);
    await setup.auth.signInWithPassword({ email, password: PASSWORD });
    const enrolled = await setup.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret), digits: 6, period: 30 });
    const verified = await setup.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() });
    expect(verified.error).toBeNull();

    const client = memoryClient(stack, 'pkce');
    expect(await auth.signIn(client, email, PASSWORD)).toMatchObject({ ok: true, state: { needsSecondFactor: true } });
    expect(await auth.accessToken(client)).toBeNull();
    expect(await auth.verifyTotp(client, '12')).toMatchObject({ ok: false, title: 'Sign In Error' });
    const wrongCode = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    expect(await auth.verifyTotp(client, wrongCode)).toMatchObject({ ok: false });
    expect(await auth.verifyTotp(client, totp.generate())).toMatchObject({
      ok: true,
      state: { needsSecondFactor: false, user: { email } },
    });
    expect(await auth.accessToken(client)).toMatch(/^ey/);
  });
});

describe('Google in the extension (identity API with PKCE)', () => {
  /**
   * Plays the browser's part of launchWebAuthFlow: follows the redirects, "clicks" Continue at
   * Google, and returns the URL once it reaches `redirectUrl` (the browser closes the window there).
   */
  const identityFlow =
    (email: string, redirectUrl = EXTENSION_REDIRECT) =>
    async (url: string): Promise<string | undefined> => {
      let next = new URL(url);
      for (let hop = 0; hop < 10; hop++) {
        if (next.href.startsWith(redirectUrl)) return next.href;
        // A redirect the stack does not allow falls back to SITE_URL: the identity window would never close.
        if (next.href.startsWith(stack.config.siteUrl)) throw new Error(`sent to SITE_URL instead of ${redirectUrl}: ${next.href}`);
        if (next.pathname === '/authorize' && next.origin === google.url) {
          const consent = new URL('/consent', google.url);
          consent.searchParams.set('email', email);
          consent.searchParams.set('redirect_uri', next.searchParams.get('redirect_uri')!);
          consent.searchParams.set('state', next.searchParams.get('state')!);
          next = consent;
          continue;
        }
        const res = await fetch(next, { redirect: 'manual' });
        const location = res.headers.get('location');
        if (!location) throw new Error(`no redirect from ${next.href}: ${res.status}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects');
    };

  it("returns to Chrome's identity redirect (chromiumapp.org) with a code, and signs in with it", async () => {
    const client = memoryClient(stack, 'pkce');
    const email = uniqueEmail('google');
    let returned: string | undefined;
    const flow = identityFlow(email);
    const result = await auth.signInWithGoogle(client, async (url) => (returned = await flow(url)), EXTENSION_REDIRECT);
    expect(new URL(returned!).origin).toBe(new URL(EXTENSION_REDIRECT).origin);
    expect(new URL(returned!).searchParams.get('code')).toBeTruthy();
    expect(result).toMatchObject({ ok: true, state: { user: { email } } });
  });

  it("returns to Firefox's identity redirect (extensions.allizom.org) too", async () => {
    const client = memoryClient(stack, 'pkce');
    const email = uniqueEmail('firefox');
    const result = await auth.signInWithGoogle(client, identityFlow(email, FIREFOX_REDIRECT), FIREFOX_REDIRECT);
    expect(result).toMatchObject({ ok: true, state: { user: { email } } });
  });

  it('a redirect outside the allow-list still falls back to SITE_URL: look-alike hosts and every other extension', async () => {
    for (const other of [
      `https://${CHROME_EXTENSION_ID}.chromiumapp.org.evil.example/`,
      'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/',
      'https://0123456789abcdef0123456789abcdef01234567.extensions.allizom.org/',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop/sidepanel.html',
    ]) {
      const client = memoryClient(stack, 'pkce');
      await expect(auth.signInWithGoogle(client, identityFlow(uniqueEmail('evil'), other), other), other).resolves.toMatchObject({
        ok: false,
        message: expect.stringContaining('sent to SITE_URL'),
      });
    }
  });

  it('reports a cancelled window and a provider error as Google Sign-In Error', async () => {
    const client = memoryClient(stack, 'pkce');
    expect(await auth.signInWithGoogle(client, async () => undefined, EXTENSION_REDIRECT)).toEqual({
      ok: false,
      title: 'Google Sign-In Error',
      message: 'Sign-in was cancelled.',
    });
    const denied = await auth.signInWithGoogle(
      client,
      async () => `${EXTENSION_REDIRECT}?error=access_denied&error_description=User+said+no`,
      EXTENSION_REDIRECT,
    );
    expect(denied).toEqual({ ok: false, title: 'Google Sign-In Error', message: 'User said no' });
  });
});

describe('dashboard → extension handoff (session-handoff function)', () => {
  it('gives the extension its own session: both sides keep working, the token works once', async () => {
    const email = await newUser();
    const dashboard = memoryClient(stack);
    await dashboard.auth.signInWithPassword({ email, password: PASSWORD });
    const { data, error } = await dashboard.functions.invoke<{ token_hash: string; email: string }>('session-handoff');
    expect(error).toBeNull();
    expect(data?.email).toBe(email);

    const extension = memoryClient(stack, 'pkce');
    expect(await auth.signInWithHandoff(extension, data!.token_hash)).toMatchObject({ ok: true, state: { user: { email } } });
    // Separate sessions: the dashboard refreshes and the extension refreshes, neither revokes the other.
    expect((await dashboard.auth.refreshSession()).error).toBeNull();
    expect((await extension.auth.refreshSession()).error).toBeNull();
    expect((await dashboard.auth.getUser()).data.user?.email).toBe(email);

    const again = await auth.signInWithHandoff(memoryClient(stack, 'pkce'), data!.token_hash);
    expect(again).toMatchObject({ ok: false, title: 'Sign In Error' });
  });

  it('the dashboard checks a link aside: a token for another account than the link names is refused and its session ended', async () => {
    const email = await newUser();
    const extension = memoryClient(stack);
    await extension.auth.signInWithPassword({ email, password: PASSWORD });
    const token = async () =>
      (await extension.functions.invoke<{ token_hash: string }>('session-handoff', { method: 'POST' })).data!.token_hash;

    const honest = await verifyHandoffToken(memoryClient(stack), { tokenHash: await token(), email: email.toUpperCase(), next: null });
    expect(honest).toMatchObject({ ok: true, session: { user: { email } } });

    const checker = memoryClient(stack);
    const lying = await verifyHandoffToken(checker, { tokenHash: await token(), email: 'victim@example.com', next: null });
    expect(lying).toEqual({ ok: false, message: `This link signs in as ${email}, not as victim@example.com as it says.` });
    expect((await checker.auth.getSession()).data.session).toBeNull();
  });

  it('refuses callers who are not signed in', async () => {
    const res = await fetch(`${stack.url}/functions/v1/session-handoff`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${stack.config.anonKey}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Sign in first.' });
    const get = await fetch(`${stack.url}/functions/v1/session-handoff`, {
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${stack.config.anonKey}` },
    });
    expect(get.status).toBe(405);
    // Without any JWT the gateway answers before the function, as hosted (verify_jwt).
    const bare = await fetch(`${stack.url}/functions/v1/session-handoff`, { method: 'POST', headers: { apikey: stack.config.anonKey } });
    expect({ status: bare.status, body: await bare.json() }).toEqual({
      status: 401,
      body: { code: 401, message: 'Missing authorization header' },
    });
  });
});
