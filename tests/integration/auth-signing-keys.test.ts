import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey, signAccessToken } from '@/supabase/local/jwt.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

/** Access tokens signed with an asymmetric key: published in the JWKS, verified by every service. */
describe.each(['RS256', 'ES256'] as const)('asymmetric signing key %s', (alg) => {
  let stack: TestStack;
  let kid: string;
  const requests: string[] = [];

  beforeAll(async () => {
    const jwtSigningKey = await generateSigningKey(alg);
    kid = jwtSigningKey.kid!;
    stack = await startTestStack({ config: { jwtSigningKey, enableConfirmations: false } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A client whose requests are recorded by path, so a test can tell which ones reached the server. */
  function countingClient() {
    return memoryClient(stack, 'implicit', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return fetch(input, init);
    });
  }

  async function signedIn() {
    const client = countingClient();
    const { data, error } = await client.auth.signUp({ email: uniqueEmail(alg.toLowerCase()), password: 'secret-123' });
    expect(error).toBeNull();
    return { client, session: data.session! };
  }

  it('signs access tokens with the key and its kid, and publishes only the public key', async () => {
    const { session } = await signedIn();
    const header = JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(header).toEqual({ alg, typ: 'JWT', kid });
    const res = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: stack.config.anonKey } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kid, alg, use: 'sig', key_ops: ['verify'], kty: alg === 'RS256' ? 'RSA' : 'EC' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('getClaims() verifies locally against the JWKS, without asking /user', async () => {
    const { client, session } = await signedIn();
    requests.length = 0;
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg, kid });
    expect(data?.claims).toMatchObject({ sub: session.user.id, role: 'authenticated', is_anonymous: false });
    expect(requests).not.toContain('GET /auth/v1/user');
    expect(requests.filter((r) => r.endsWith('/.well-known/jwks.json')).length).toBeLessThanOrEqual(1);
  });

  it('getClaims() refuses a token whose signature was tampered with', async () => {
    const { client, session } = await signedIn();
    const [head, body, signature] = session.access_token.split('.');
    const forged = `${head}.${body}.${signature!.slice(0, -4)}${signature!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const { data, error } = await client.auth.getClaims(forged);
    expect(data).toBeNull();
    // supabase-js checks the signature against the published key itself.
    expect(error).toMatchObject({ name: 'AuthInvalidJwtError', message: 'Invalid JWT signature', code: 'invalid_jwt', status: 400 });
  });

  it('the REST and auth services accept the token; a token signed by another key is refused', async () => {
    const { session } = await signedIn();
    const user = stack.asUser(session.access_token);
    const { error } = await user.from('profiles').select('id').limit(1);
    expect(error).toBeNull();
    const { data: me } = await stack.anon().auth.getUser(session.access_token);
    expect(me.user?.id).toBe(session.user.id);

    const other = await generateSigningKey(alg);
    const stranger = await signAccessToken(
      { sub: session.user.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 },
      { jwtSecret: stack.config.jwtSecret, jwtSigningKey: { ...other, kid } },
    );
    const refused = await stack.asUser(stranger).from('profiles').select('id').limit(1);
    expect(refused.error).toMatchObject({ code: 'PGRST301' });
    const refusedAuth = await stack.anon().auth.getUser(stranger);
    expect(refusedAuth.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('an Edge Function knows the caller from the token (through /auth/v1/user)', async () => {
    const { session } = await signedIn();
    const { data, error } = await stack.asUser(session.access_token).functions.invoke('provider-keys', { body: { action: 'get' } });
    expect(error).toBeNull();
    expect(data).toEqual({ row: null });
    const [head, body] = session.access_token.split('.');
    const forged = await stack.asUser(`${head}.${body}.AAAA`).functions.invoke('provider-keys', { body: { action: 'get' } });
    // The gateway verifies the token with the same keys before the function runs (verify_jwt, as hosted).
    expect(forged.response?.status).toBe(401);
    expect(await forged.response?.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('the HS256 API keys still work beside the signing key', async () => {
    const { error } = await stack.service().from('profiles').select('id').limit(1);
    expect(error).toBeNull();
    const { error: anonError } = await stack.anon().from('profiles').select('id').limit(1);
    expect(anonError).toBeNull();
  });
});
