import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { decodeJwt, fragment, latestLink, location, memoryClient, uniqueEmail } from './auth-helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('auth: sign-up, confirmation, sign-in', () => {
  it('signs up, mails a confirmation link whose redirect carries a working session', async () => {
    const email = uniqueEmail('signup');
    const client = stack.anon();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret-123',
      options: { data: { name: 'Ada' }, emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ name: 'Ada' });
    expect(data.user?.identities).toHaveLength(1);

    // Not confirmed yet.
    const early = await client.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');
    expect(early.error?.status).toBe(400);

    const mail = await latestLink(stack, email);
    expect(mail.subject).toBe('Confirm Your Signup');
    expect(mail.html).toContain('AI Vault');
    const link = new URL(mail.link);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:5173/welcome');

    const loc = await location(mail.link);
    expect(`${loc.origin}${loc.pathname}`).toBe('http://localhost:5173/welcome');
    const params = fragment(loc);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    expect(Number(params.get('expires_in'))).toBe(3600);
    const accessToken = params.get('access_token')!;
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ aud: 'authenticated', role: 'authenticated', email, aal: 'aal1', is_anonymous: false });
    expect(claims.iss).toBe(`${stack.url}/auth/v1`);
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const me = await stack.anon().auth.getUser(accessToken);
    expect(me.error).toBeNull();
    expect(me.data.user?.email).toBe(email);
    expect(me.data.user?.email_confirmed_at).toBeTruthy();

    // The link is single-use.
    const again = await location(mail.link);
    expect(fragment(again).get('error_code')).toBe('otp_expired');
    expect(again.hash).toContain('error_description=Email+link+is+invalid+or+has+expired');

    const signedIn = await client.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.access_token).toBeTruthy();
    expect(signedIn.data.user?.last_sign_in_at).toBeTruthy();
  });

  it('rejects a wrong password, weak passwords, bad e-mails; hides duplicate sign-ups', async () => {
    const email = uniqueEmail('dup');
    const client = stack.anon();
    await client.auth.signUp({ email, password: 'secret-123' });
    await location((await latestLink(stack, email)).link);

    const wrong = await client.auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'whatever' });
    expect(unknown.error?.code).toBe('invalid_credentials');

    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');

    const bad = await client.auth.signUp({ email: 'not-an-email', password: 'secret-123' });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');

    const before = stack.mailbox.list(email).length;
    const dup = await client.auth.signUp({ email, password: 'other-pass' });
    expect(dup.error).toBeNull();
    expect(dup.data.session).toBeNull();
    expect(dup.data.user?.identities).toEqual([]);
    expect(stack.mailbox.list(email).length).toBe(before);
  });

  it('uses the site URL when redirect_to is not allowed', async () => {
    const email = uniqueEmail('evil');
    await stack.anon().auth.signUp({ email, password: 'secret-123', options: { emailRedirectTo: 'https://evil.example/steal' } });
    const loc = await location((await latestLink(stack, email)).link);
    expect(loc.origin).toBe(new URL(stack.config.siteUrl).origin);
    expect(fragment(loc).get('access_token')).toBeTruthy();
  });

  it('PKCE sign-up: the link redirects with ?code= that exchangeCodeForSession turns into a session', async () => {
    const email = uniqueEmail('pkce');
    // The code exchange's request body (auth_code and code_verifier), to send the same exchange again.
    const exchanges: string[] = [];
    const client = memoryClient(stack, 'pkce', (input: RequestInfo | URL, init?: RequestInit) => {
      if ((input instanceof Request ? input.url : String(input)).includes('grant_type=pkce')) exchanges.push(String(init?.body));
      return fetch(input, init);
    });
    const { error } = await client.auth.signUp({ email, password: 'secret-123', options: { emailRedirectTo: 'http://localhost:5173/cb' } });
    expect(error).toBeNull();
    const mail = await latestLink(stack, email);
    expect(new URL(mail.link).searchParams.get('token')).toMatch(/^pkce_/);
    const loc = await location(mail.link);
    const code = loc.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(loc.hash).toBe('');
    const exchanged = await client.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe(email);
    // The code is single-use: the same code with its right verifier, sent again, finds no flow state.
    expect(exchanges).toHaveLength(1);
    const reuse = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
      body: exchanges[0],
    });
    expect(reuse.status).toBe(404);
    expect(await reuse.json()).toMatchObject({ error_code: 'flow_state_not_found', msg: 'invalid flow state, no valid flow state found' });
  });

  it('POST /verify with the e-mail OTP code returns a session', async () => {
    const email = uniqueEmail('otp');
    await stack.anon().auth.signUp({ email, password: 'secret-123' });
    const code = /enter the code: (\d{6})/.exec((await latestLink(stack, email)).text)![1]!;
    const wrong = await stack.anon().auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await stack.anon().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('auth: sessions', () => {
  async function confirmedUser(password = 'secret-123') {
    const email = uniqueEmail('sess');
    await stack.anon().auth.signUp({ email, password });
    await location((await latestLink(stack, email)).link);
    return email;
  }

  it('rotates refresh tokens and revokes the family when a rotated token is reused', async () => {
    const previous = process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL;
    process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = '0';
    try {
      const email = await confirmedUser();
      const client = memoryClient(stack);
      const { data } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
      const t0 = data.session!.refresh_token;
      const r1 = await client.auth.refreshSession({ refresh_token: t0 });
      expect(r1.error).toBeNull();
      const t1 = r1.data.session!.refresh_token;
      expect(t1).not.toBe(t0);
      const r2 = await client.auth.refreshSession({ refresh_token: t1 });
      const t2 = r2.data.session!.refresh_token;
      expect(t2).not.toBe(t1);
      expect(decodeJwt(r2.data.session!.access_token).session_id).toBe(decodeJwt(data.session!.access_token).session_id);

      // Reusing t0 (rotated twice ago) is a replay: error, and the whole session's tokens are revoked.
      const replay = await memoryClient(stack).auth.refreshSession({ refresh_token: t0 });
      expect(replay.error?.code).toBe('refresh_token_already_used');
      expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
      const newest = await memoryClient(stack).auth.refreshSession({ refresh_token: t2 });
      expect(newest.error?.code).toBe('refresh_token_already_used');
    } finally {
      if (previous === undefined) delete process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL;
      else process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = previous;
    }
  });

  it('a revoked token never starts a new branch: the active token within the interval, refused after a family revocation', async () => {
    const previous = process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL;
    try {
      const email = await confirmedUser();
      const { data } = await memoryClient(stack).auth.signInWithPassword({ email, password: 'secret-123' });
      const sessionId = decodeJwt(data.session!.access_token).session_id as string;
      const t0 = data.session!.refresh_token;
      const t1 = (await memoryClient(stack).auth.refreshSession({ refresh_token: t0 })).data.session!.refresh_token;
      const t2 = (await memoryClient(stack).auth.refreshSession({ refresh_token: t1 })).data.session!.refresh_token;
      // Within the reuse interval (two tabs refreshing at once) an old token gets the active one.
      const concurrent = await memoryClient(stack).auth.refreshSession({ refresh_token: t0 });
      expect(concurrent.error).toBeNull();
      expect(concurrent.data.session!.refresh_token).toBe(t2);
      const tokens = async () =>
        (await stack.db.query('select token from auth.refresh_tokens where session_id = $1', [sessionId])).rows.length;
      expect(await tokens()).toBe(3);

      // Past the interval the old token is a theft: refused, and the family is revoked…
      process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = '0';
      expect((await memoryClient(stack).auth.refreshSession({ refresh_token: t0 })).error?.code).toBe('refresh_token_already_used');
      // …for good: replayed at once, with the interval back, it is refused again, as is the newest token.
      process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = '10';
      for (const token of [t0, t1, t2]) {
        expect((await memoryClient(stack).auth.refreshSession({ refresh_token: token })).error?.code).toBe('refresh_token_already_used');
      }
      expect(await tokens()).toBe(3);
    } finally {
      if (previous === undefined) delete process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL;
      else process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = previous;
    }
  });

  it('hands back the active token when the immediate parent is retried (lost response)', async () => {
    const email = await confirmedUser();
    const client = memoryClient(stack);
    const { data } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
    const t0 = data.session!.refresh_token;
    const r1 = await memoryClient(stack).auth.refreshSession({ refresh_token: t0 });
    const retry = await memoryClient(stack).auth.refreshSession({ refresh_token: t0 });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(r1.data.session!.refresh_token);
  });

  it('logout (global) ends every session: refresh and /user fail afterwards', async () => {
    const email = await confirmedUser();
    const a = memoryClient(stack);
    const b = memoryClient(stack);
    const sa = (await a.auth.signInWithPassword({ email, password: 'secret-123' })).data.session!;
    const sb = (await b.auth.signInWithPassword({ email, password: 'secret-123' })).data.session!;
    const { error } = await a.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    const refresh = await memoryClient(stack).auth.refreshSession({ refresh_token: sb.refresh_token });
    expect(refresh.error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const res = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${sa.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' });
  });

  it('logout (local) only ends the current session', async () => {
    const email = await confirmedUser();
    const a = memoryClient(stack);
    const b = memoryClient(stack);
    await a.auth.signInWithPassword({ email, password: 'secret-123' });
    const sb = (await b.auth.signInWithPassword({ email, password: 'secret-123' })).data.session!;
    await a.auth.signOut({ scope: 'local' });
    const refresh = await memoryClient(stack).auth.refreshSession({ refresh_token: sb.refresh_token });
    expect(refresh.error).toBeNull();
  });

  it('updates user metadata and password (old password stops working)', async () => {
    const email = await confirmedUser();
    const client = memoryClient(stack);
    await client.auth.signInWithPassword({ email, password: 'secret-123' });
    const meta = await client.auth.updateUser({ data: { plan: 'pro' } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ plan: 'pro' });
    const same = await client.auth.updateUser({ password: 'secret-123' });
    expect(same.error?.code).toBe('same_password');
    const changed = await client.auth.updateUser({ password: 'brand-new-456' });
    expect(changed.error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'secret-123' })).error?.code).toBe('invalid_credentials');
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'brand-new-456' })).error).toBeNull();
  });

  it('recovery: reset mail → verify link → recovery session → new password', async () => {
    const email = await confirmedUser('old-password-1');
    const client = stack.anon();
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' });
    expect(error).toBeNull();
    // Unknown addresses get the same answer (no enumeration) and no mail.
    const ghost = uniqueEmail('ghost');
    expect((await client.auth.resetPasswordForEmail(ghost)).error).toBeNull();
    expect(stack.mailbox.list(ghost)).toHaveLength(0);

    const mail = await latestLink(stack, email);
    expect(mail.subject).toBe('Reset Your Password');
    const loc = await location(mail.link);
    expect(loc.pathname).toBe('/reset');
    const params = fragment(loc);
    expect(params.get('type')).toBe('recovery');
    const recovery = memoryClient(stack);
    const set = await recovery.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect(set.error).toBeNull();
    const updated = await recovery.auth.updateUser({ password: 'new-password-2' });
    expect(updated.error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'old-password-1' })).error?.code).toBe('invalid_credentials');
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'new-password-2' })).error).toBeNull();
  });

  it('magic link: signInWithOtp mails a link that signs in', async () => {
    const email = await confirmedUser();
    const { error } = await stack.anon().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:5173/magic' } });
    expect(error).toBeNull();
    const mail = await latestLink(stack, email);
    expect(mail.subject).toBe('Your Magic Link');
    const loc = await location(mail.link);
    expect(fragment(loc).get('type')).toBe('magiclink');
    expect(fragment(loc).get('access_token')).toBeTruthy();
  });
});
