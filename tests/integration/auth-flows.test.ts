import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { fragment, latestLink, location, memoryClient, uniqueEmail } from './auth-helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

async function confirmedClient(password = 'secret-123') {
  const email = uniqueEmail('flow');
  await stack.anon().auth.signUp({ email, password });
  await location((await latestLink(stack, email)).link);
  const client = memoryClient(stack);
  await client.auth.signInWithPassword({ email, password });
  return { client, email };
}

describe('auth: more e-mail flows', () => {
  it('confirmation links expire after 24 hours', async () => {
    const email = uniqueEmail('old');
    await stack.anon().auth.signUp({ email, password: 'secret-123' });
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1`, [email]);
    const loc = await location((await latestLink(stack, email)).link);
    expect(fragment(loc).get('error_code')).toBe('otp_expired');
    expect(fragment(loc).get('error')).toBe('access_denied');
  });

  it('resend sends a fresh confirmation; the old link no longer works', async () => {
    const email = uniqueEmail('resend');
    await stack.anon().auth.signUp({ email, password: 'secret-123' });
    const first = await latestLink(stack, email);
    const { error } = await stack.anon().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const second = await latestLink(stack, email);
    expect(second.link).not.toBe(first.link);
    expect(fragment(await location(first.link)).get('error_code')).toBe('otp_expired');
    expect(fragment(await location(second.link)).get('access_token')).toBeTruthy();
  });

  it('changes the e-mail address after confirming the new one', async () => {
    const { client, email } = await confirmedClient();
    const newEmail = uniqueEmail('new');
    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    const mail = await latestLink(stack, newEmail);
    expect(mail.subject).toBe('Confirm Email Change');
    const loc = await location(mail.link);
    expect(fragment(loc).get('type')).toBe('email_change');
    const { data: me } = await client.auth.getUser();
    expect(me.user?.email).toBe(newEmail);
    expect((await stack.anon().auth.signInWithPassword({ email: newEmail, password: 'secret-123' })).error).toBeNull();
    const taken = await client.auth.updateUser({ email: (await confirmedClient()).email });
    expect(taken.error?.code).toBe('email_exists');
  });

  it('PKCE password recovery: ?code= → exchangeCodeForSession → updateUser', async () => {
    const { email } = await confirmedClient('first-pass-1');
    const client = memoryClient(stack, 'pkce');
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/reset' })).error).toBeNull();
    const loc = await location((await latestLink(stack, email)).link);
    const code = loc.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await client.auth.updateUser({ password: 'second-pass-2' })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: 'second-pass-2' })).error).toBeNull();
  });

  it('a wrong PKCE code verifier is refused', async () => {
    const email = uniqueEmail('verifier');
    const client = memoryClient(stack, 'pkce');
    await client.auth.signUp({ email, password: 'secret-123' });
    const code = (await location((await latestLink(stack, email)).link)).searchParams.get('code')!;
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'wrong-verifier-wrong-verifier-wrong-verifier' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe('bad_code_verifier');
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
  });

  it('magic link for a new address creates the user; create_user:false refuses', async () => {
    const email = uniqueEmail('magicnew');
    expect((await stack.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error?.code).toBe('otp_disabled');
    expect((await stack.anon().auth.signInWithOtp({ email })).error).toBeNull();
    const loc = await location((await latestLink(stack, email)).link);
    expect(fragment(loc).get('access_token')).toBeTruthy();
  });

  it('anonymous sign-ins are disabled', async () => {
    const { error } = await stack.anon().auth.signInAnonymously();
    expect(error?.code).toBe('anonymous_provider_disabled');
    expect(error?.status).toBe(422);
  });

  it('admin-banned users lose their sessions and cannot refresh', async () => {
    const { client } = await confirmedClient();
    const session = (await client.auth.getSession()).data.session!;
    await stack.service().auth.admin.updateUserById(session.user.id, { ban_duration: '1h' });
    const refresh = await memoryClient(stack).auth.refreshSession({ refresh_token: session.refresh_token });
    // The ban ended the user's sessions, and their refresh tokens with them.
    expect(refresh.error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const unban = await stack.service().auth.admin.updateUserById(session.user.id, { ban_duration: 'none' });
    expect(unban.data.user?.banned_until).toBeUndefined();
  });
});
