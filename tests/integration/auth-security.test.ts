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
    const expiredRes = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.config.anonKey, authorization: `Bearer ${cases.expired}` } });
    const expiredBody = await expiredRes.json();
    expect(expiredBody.error_code).toBe('bad_jwt');
    expect(expiredBody.msg).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    const viaClient = await stack.anon().auth.getUser(cases.wrongSecret!);
    expect(viaClient.error?.code).toBe('bad_jwt');
    // The genuine token still works.
    expect((await stack.anon().auth.getUser(session.access_token)).error).toBeNull();
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

describe('auth: rate limits', () => {
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
      // Another client IP (behind a proxy) has its own budget.
      const res = await fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: limited.config.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.9' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
      });
      expect(res.status).toBe(400);

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
