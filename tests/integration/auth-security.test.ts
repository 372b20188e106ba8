import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { latestLink, location, memoryClient, uniqueEmail } from './auth-helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const sign = (claims: Record<string, unknown>, secret: string) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));

describe('auth: tokens and bad input', () => {
  it('forged, expired and session-less JWTs on /user are 401/403, never 5xx', async () => {
    const email = uniqueEmail('jwt');
    await stack.anon().auth.signUp({ email, password: 'secret-123' });
    await location((await latestLink(stack, email)).link);
    const session = (await memoryClient(stack).auth.signInWithPassword({ email, password: 'secret-123' })).data.session!;
    const now = Math.floor(Date.now() / 1000);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const cases: Record<string, string | null> = {
      missing: null,
      garbage: 'not-a-jwt',
      wrongSecret: await sign({ ...claims }, 'another-secret-that-is-long-enough-123456'),
      expired: await sign({ ...claims, exp: now - 60, iat: now - 3660 }, stack.config.jwtSecret),
      algNone: `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      noSession: await sign({ ...claims, session_id: undefined }, stack.config.jwtSecret),
      unknownSession: await sign({ ...claims, session_id: crypto.randomUUID() }, stack.config.jwtSecret),
      unknownUser: await sign({ ...claims, sub: crypto.randomUUID() }, stack.config.jwtSecret),
      badSub: await sign({ ...claims, sub: 'nope' }, stack.config.jwtSecret),
      anonKey: stack.config.anonKey,
    };
    for (const [name, token] of Object.entries(cases)) {
      const headers: Record<string, string> = { apikey: stack.config.anonKey };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${stack.url}/auth/v1/user`, { headers });
      expect([401, 403], name).toContain(res.status);
      const body = await res.json();
      expect(typeof body.error_code, name).toBe('string');
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    }
    const expiredRes = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${cases.expired}` },
    });
    const expiredBody = await expiredRes.json();
    expect(expiredBody.error_code).toBe('bad_jwt');
    expect(expiredBody.msg).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    const viaClient = await stack.anon().auth.getUser(cases.wrongSecret!);
    expect(viaClient.error?.code).toBe('bad_jwt');
    // The genuine token still works.
    expect((await stack.anon().auth.getUser(session.access_token)).error).toBeNull();
  });

  it('a password counts in full: over 72 bytes is refused when set, and a shared 72-byte start does not sign in', async () => {
    const email = uniqueEmail('long');
    const accented = 'é'.repeat(36); // 36 characters, 72 bytes: all bcrypt reads
    const tooLong = await stack.anon().auth.signUp({ email, password: `${accented}-Correct-Horse` });
    expect(tooLong.error?.code).toBe('validation_failed');
    expect(tooLong.error?.message).toBe('Password cannot be longer than 72 characters');
    // An account made before this check (bcrypt hash of a long password): a different ending must not sign in.
    const { data } = await stack.service().auth.admin.createUser({ email, password: 'placeholder-1', email_confirm: true });
    const { hashPassword } = await import('@/supabase/local/auth/users.ts');
    await stack.db.query('update auth.users set encrypted_password = $2 where id = $1', [
      data.user!.id,
      await hashPassword(`${accented}-Correct-Horse`),
    ]);
    const forged = await memoryClient(stack).auth.signInWithPassword({ email, password: `${accented}-anything` });
    expect(forged.error?.code).toBe('invalid_credentials');
    // Exactly 72 bytes is accepted.
    const fits = uniqueEmail('fits');
    expect((await stack.service().auth.admin.createUser({ email: fits, password: accented, email_confirm: true })).error).toBeNull();
    expect((await memoryClient(stack).auth.signInWithPassword({ email: fits, password: accented })).error).toBeNull();
  });

  it('malformed JSON bodies are 400 bad_json', async () => {
    for (const path of ['/signup', '/token?grant_type=password', '/recover', '/verify']) {
      const res = await fetch(`${stack.url}/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
        body: '{"email": "a@b.c",',
      });
      expect(res.status, path).toBe(400);
      expect((await res.json()).error_code, path).toBe('bad_json');
    }
  });

  it('unknown grant types, routes and methods are 4xx', async () => {
    const headers = { apikey: stack.config.anonKey, 'content-type': 'application/json' };
    const grant = await fetch(`${stack.url}/auth/v1/token?grant_type=magic`, { method: 'POST', headers, body: '{}' });
    expect(grant.status).toBe(400);
    expect((await grant.json()).error_code).toBe('unsupported_grant_type');
    const missing = await fetch(`${stack.url}/auth/v1/nope`, { headers });
    expect(missing.status).toBe(404);
    const method = await fetch(`${stack.url}/auth/v1/signup`, { headers });
    expect(method.status).toBe(405);
    const pkce = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ auth_code: crypto.randomUUID(), code_verifier: 'x'.repeat(43) }),
    });
    expect(pkce.status).toBe(404);
    expect((await pkce.json()).error_code).toBe('flow_state_not_found');
    const refresh = await stack.anon().auth.refreshSession({ refresh_token: 'unknown-token' });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('serves /settings, /health and the mailbox page', async () => {
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, saml_enabled: false });
    expect(settings.external).toMatchObject({ email: true, google: false, phone: false });
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);

    const email = uniqueEmail('page');
    await stack.anon().auth.signUp({ email, password: 'secret-123' });
    const page = await fetch(`${stack.url}/mail`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Confirm Your Signup');
    expect(html).toContain(email);
    const list = await (await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`)).json();
    expect(list).toHaveLength(1);
    const del = await fetch(`${stack.url}/mail/api/messages`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await (await fetch(`${stack.url}/mail/api/messages`)).json()).toEqual([]);
    expect((await fetch(`${stack.url}/mail/api/latest?to=${encodeURIComponent(email)}`)).status).toBe(404);
  });

  it('with confirmations off, sign-up returns a session and duplicates get user_already_exists', async () => {
    const open = await startTestStack({ config: { enableConfirmations: false } });
    try {
      const email = uniqueEmail('auto');
      const { data, error } = await open.anon().auth.signUp({ email, password: 'secret-123' });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(open.mailbox.list(email)).toHaveLength(0);
      const dup = await open.anon().auth.signUp({ email, password: 'secret-123' });
      expect(dup.error?.code).toBe('user_already_exists');
      expect(dup.error?.status).toBe(422);
      expect(dup.error?.message).toBe('User already registered');
      expect((await (await fetch(`${open.url}/auth/v1/settings`)).json()).mailer_autoconfirm).toBe(true);
    } finally {
      await open.close();
    }
  });
});

/** POST /token?grant_type=password with extra headers; the raw response. */
function passwordSignIn(on: TestStack, email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${on.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: on.config.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
}

describe('auth: rate limits', () => {
  it('believes X-Forwarded-For only from a configured proxy, and then only the hop the proxy added', async () => {
    const behindProxy = await startTestStack({
      config: { trustedProxies: ['127.0.0.1'], rateLimits: { signIn: 2, signUp: 100, recover: 100, emailSent: 100 } },
    });
    try {
      // The proxy appends the address it saw; whatever the client put before it is ignored.
      const viaProxy = (client: string, claimed = '198.51.100.99') => ({ 'x-forwarded-for': `${claimed}, ${client}` });
      for (let i = 0; i < 2; i++)
        expect((await passwordSignIn(behindProxy, 'nobody@example.com', 'x', viaProxy('203.0.113.1', `198.51.100.${i}`))).status).toBe(400);
      expect((await passwordSignIn(behindProxy, 'nobody@example.com', 'x', viaProxy('203.0.113.1', '198.51.100.7'))).status).toBe(429);
      // Another real client behind the same proxy has its own budget.
      expect((await passwordSignIn(behindProxy, 'nobody@example.com', 'x', viaProxy('203.0.113.2'))).status).toBe(400);
    } finally {
      await behindProxy.close();
    }
  });

  it('limits failed sign-ins per account whatever the address; other accounts are not affected', async () => {
    const limited = await startTestStack({
      config: {
        trustedProxies: ['127.0.0.1'],
        rateLimits: { signIn: 1_000, signUp: 100, recover: 100, emailSent: 100, failedSignInsPerAccount: 3 },
      },
    });
    try {
      const email = uniqueEmail('locked');
      await limited.service().auth.admin.createUser({ email, password: 'right-password-1', email_confirm: true });
      // Guesses spread over many addresses still count against the account.
      for (let i = 0; i < 3; i++) {
        const res = await passwordSignIn(limited, email, `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` });
        expect((await res.json()).error_code).toBe('invalid_credentials');
      }
      const locked = await passwordSignIn(limited, email, 'right-password-1', { 'x-forwarded-for': '203.0.113.50' });
      expect(locked.status).toBe(429);
      expect((await locked.json()).error_code).toBe('over_request_rate_limit');
      // Another account is not affected.
      const other = uniqueEmail('free');
      await limited.service().auth.admin.createUser({ email: other, password: 'right-password-2', email_confirm: true });
      expect((await passwordSignIn(limited, other, 'right-password-2')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits /verify per client, and a code stops working after five wrong guesses', async () => {
    const limited = await startTestStack({
      config: { rateLimits: { signIn: 100, signUp: 100, recover: 100, emailSent: 100, verify: 12 } },
    });
    try {
      const email = uniqueEmail('otp');
      await limited.anon().auth.signUp({ email, password: 'secret-123' });
      const mail = await latestLink(limited, email);
      const code = mail.otp;
      const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
      const verify = (token: string) =>
        fetch(`${limited.url}/auth/v1/verify`, {
          method: 'POST',
          headers: { apikey: limited.config.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'signup', email, token }),
        });
      for (let n = 1; n <= 5; n++) expect((await verify(wrong(n))).status).toBe(403);
      // The right code no longer works: five misses dropped it.
      const late = await verify(code);
      expect(late.status).toBe(403);
      expect((await late.json()).error_code).toBe('otp_expired');
      // A new code (a new mail) works.
      await limited.anon().auth.resend({ type: 'signup', email });
      expect((await verify((await latestLink(limited, email)).otp)).status).toBe(200);
      // Per client: the 13th verification within five minutes is refused, whatever it carries.
      for (let n = 0; n < 5; n++) await verify(wrong(n));
      const over = await verify(wrong(9));
      expect(over.status).toBe(429);
      expect((await over.json()).error_code).toBe('over_request_rate_limit');
    } finally {
      await limited.close();
    }
  });

  it('answers 429 over_request_rate_limit / over_email_send_rate_limit past the hourly limits', async () => {
    const limited = await startTestStack({ config: { rateLimits: { signIn: 3, signUp: 100, recover: 2, emailSent: 2 } } });
    try {
      const client = limited.anon();
      for (let i = 0; i < 3; i++) {
        const { error } = await client.auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever' });
        expect(error?.code).toBe('invalid_credentials');
      }
      const blocked = await client.auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever' });
      expect(blocked.error?.status).toBe(429);
      expect(blocked.error?.code).toBe('over_request_rate_limit');
      expect(blocked.error?.message).toBe('Request rate limit reached');
      // A forged X-Forwarded-For changes nothing: no proxy is configured, so the header is not believed.
      const forged = await passwordSignIn(limited, 'nobody@example.com', 'whatever', { 'x-forwarded-for': '10.0.0.9' });
      expect(forged.status).toBe(429);

      // Two mails per hour: the third sign-up is refused before anything is written.
      expect((await client.auth.signUp({ email: uniqueEmail('rl'), password: 'secret-123' })).error).toBeNull();
      expect((await client.auth.signUp({ email: uniqueEmail('rl'), password: 'secret-123' })).error).toBeNull();
      const third = uniqueEmail('rl');
      const over = await client.auth.signUp({ email: third, password: 'secret-123' });
      expect(over.error?.status).toBe(429);
      expect(over.error?.code).toBe('over_email_send_rate_limit');
      expect(over.error?.message).toBe('Email rate limit exceeded');
      const { rows } = await limited.db.query('select 1 from auth.users where email = $1', [third]);
      expect(rows).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});
