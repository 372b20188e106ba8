import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { decodeJwt, fakeGoogleConfig, fragment, location, memoryClient } from './auth-helpers.ts';

/** A tiny stand-in for Google's OAuth endpoints: token exchange and userinfo. */
let fake: Server;
let fakeUrl: string;
const seen: { tokenRequests: URLSearchParams[] } = { tokenRequests: [] };
const profiles: Record<string, { sub: string; email: string; email_verified: boolean; name: string; picture: string }> = {
  'code-ada': {
    sub: 'g-1001',
    email: 'ada@gmail.example',
    email_verified: true,
    name: 'Ada Lovelace',
    picture: 'https://img.example/ada.png',
  },
  'code-bob': { sub: 'g-1002', email: 'bob@gmail.example', email_verified: true, name: 'Bob', picture: 'https://img.example/bob.png' },
};

let stack: TestStack;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        seen.tokenRequests.push(form);
        const code = form.get('code') ?? '';
        if (!profiles[code] || form.get('client_secret') !== 'google-secret' || form.get('grant_type') !== 'authorization_code') {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        res.end(JSON.stringify({ access_token: `at-${code}`, refresh_token: `rt-${code}`, token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      if (url.pathname === '/userinfo') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const profile = profiles[token.replace(/^at-/, '')];
        if (!profile) {
          res.statusCode = 401;
          res.end('{}');
          return;
        }
        res.end(JSON.stringify(profile));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  stack = await startTestStack({
    config: {
      google: fakeGoogleConfig(fakeUrl),
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

describe('auth: Google OAuth (configured, against a fake provider)', () => {
  it('settings report google enabled', async () => {
    const res = await fetch(`${stack.url}/auth/v1/settings`);
    expect((await res.json()).external.google).toBe(true);
  });

  it('implicit flow: authorize → Google → callback → session in the fragment', async () => {
    const client = memoryClient(stack);
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/after-login', skipBrowserRedirect: true },
    });
    const toGoogle = await location(data.url!);
    expect(`${toGoogle.origin}${toGoogle.pathname}`).toBe(`${fakeUrl}/authorize`);
    expect(toGoogle.searchParams.get('client_id')).toBe('google-client');
    expect(toGoogle.searchParams.get('redirect_uri')).toBe(`${stack.url}/auth/v1/callback`);
    expect(toGoogle.searchParams.get('response_type')).toBe('code');
    expect(toGoogle.searchParams.get('scope')).toContain('email');
    const state = toGoogle.searchParams.get('state')!;
    expect(state).toBeTruthy();

    const back = await location(`${stack.url}/auth/v1/callback?code=code-ada&state=${encodeURIComponent(state)}`);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/after-login');
    const params = fragment(back);
    expect(params.get('provider_token')).toBe('at-code-ada');
    const token = params.get('access_token')!;
    const claims = decodeJwt(token);
    expect(claims.email).toBe('ada@gmail.example');
    expect(claims.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'oauth' })]);
    expect(seen.tokenRequests.at(-1)?.get('redirect_uri')).toBe(`${stack.url}/auth/v1/callback`);

    const { data: me } = await stack.anon().auth.getUser(token);
    expect(me.user?.email_confirmed_at).toBeTruthy();
    expect(me.user?.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', avatar_url: 'https://img.example/ada.png' });
    expect(me.user?.identities?.[0]).toMatchObject({ provider: 'google', id: 'g-1001' });

    // Signing in again finds the same user.
    const again = await location(`${stack.url}/auth/v1/callback?code=code-ada&state=${encodeURIComponent(state)}`);
    expect(decodeJwt(fragment(again).get('access_token')!).sub).toBe(claims.sub);
  });

  it('PKCE flow: callback redirects with ?code= and exchangeCodeForSession works; links to the e-mail account', async () => {
    const admin = stack.service().auth.admin;
    const existing = await admin.createUser({ email: 'bob@gmail.example', password: 'secret-123', email_confirm: true });
    const client = memoryClient(stack, 'pkce');
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/pkce', skipBrowserRedirect: true },
    });
    expect(new URL(data.url!).searchParams.get('code_challenge')).toBeTruthy();
    const state = (await location(data.url!)).searchParams.get('state')!;
    const back = await location(`${stack.url}/auth/v1/callback?code=code-bob&state=${encodeURIComponent(state)}`);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const { data: exchanged, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(exchanged.session?.provider_token).toBe('at-code-bob');
    expect(exchanged.user?.id).toBe(existing.data.user!.id);
    expect(exchanged.user?.app_metadata.providers).toEqual(['email', 'google']);
    expect(exchanged.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
  });

  it('provider errors and bad states are reported, not 5xx', async () => {
    const client = memoryClient(stack);
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    const state = (await location(data.url!)).searchParams.get('state')!;
    const denied = await location(
      `${stack.url}/auth/v1/callback?error=access_denied&error_description=User+said+no&state=${encodeURIComponent(state)}`,
    );
    expect(fragment(denied).get('error')).toBe('access_denied');
    const badCode = await location(`${stack.url}/auth/v1/callback?code=nope&state=${encodeURIComponent(state)}`);
    expect(fragment(badCode).get('error')).toBe('server_error');
    const forged = await fetch(`${stack.url}/auth/v1/callback?code=code-ada&state=forged`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error_code).toBe('bad_oauth_state');
  });
});

describe('auth: Google OAuth (not configured)', () => {
  it('answers 400 "provider is not enabled"', async () => {
    const other = await startTestStack({ config: { google: null } });
    try {
      const { data } = await other.anon().auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
      const res = await fetch(data.url!, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      });
      const github = await fetch(`${other.url}/auth/v1/authorize?provider=github`, { redirect: 'manual' });
      expect(github.status).toBe(400);
      expect((await (await fetch(`${other.url}/auth/v1/settings`)).json()).external.google).toBe(false);
    } finally {
      await other.close();
    }
  });
});
