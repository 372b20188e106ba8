import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@/supabase/local/config.ts';
import { generateSigningKey, jwks, signAccessToken, signJwt, verifyJwt, type JwtKeys } from '@/supabase/local/jwt.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const exp = () => Math.floor(Date.now() / 1000) + 60;

describe('jwt.ts: one verifier for HS256 and the asymmetric signing key', () => {
  it('HS256 stays the default: access tokens carry no kid and verify with the secret', async () => {
    const keys: JwtKeys = { jwtSecret: SECRET, jwtSigningKey: null };
    const token = await signAccessToken({ sub: 'u', exp: exp() }, keys);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyJwt(token, keys)).toMatchObject({ ok: true, claims: { sub: 'u' } });
    expect(jwks(keys)).toEqual({ keys: [] });
  });

  it.each(['RS256', 'ES256'] as const)('%s: signs with the kid, verifies, and still accepts HS256 API keys', async (alg) => {
    const keys: JwtKeys = { jwtSecret: SECRET, jwtSigningKey: await generateSigningKey(alg) };
    const token = await signAccessToken({ sub: 'u', exp: exp() }, keys);
    expect(await verifyJwt(token, keys)).toMatchObject({ ok: true, claims: { sub: 'u' } });
    expect(await verifyJwt(await signJwt({ role: 'anon', exp: exp() }, SECRET), keys)).toMatchObject({ ok: true });
    const published = jwks(keys).keys[0]!;
    expect(published).toMatchObject({ kid: keys.jwtSigningKey!.kid, alg, use: 'sig' });
    for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(published).not.toHaveProperty(part);
  });

  it('refuses an unknown kid, another key under the same kid, alg none, and an expired token', async () => {
    const keys: JwtKeys = { jwtSecret: SECRET, jwtSigningKey: await generateSigningKey('ES256') };
    const other = await generateSigningKey('ES256');
    const unknownKid = await signAccessToken({ sub: 'u', exp: exp() }, { jwtSecret: SECRET, jwtSigningKey: other });
    expect(await verifyJwt(unknownKid, keys)).toMatchObject({ ok: false, reason: 'invalid' });
    const sameKid = await signAccessToken(
      { sub: 'u', exp: exp() },
      { jwtSecret: SECRET, jwtSigningKey: { ...other, kid: keys.jwtSigningKey!.kid } },
    );
    expect(await verifyJwt(sameKid, keys)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await verifyJwt(new UnsecuredJWT({ sub: 'u', role: 'service_role' }).encode(), keys)).toMatchObject({ ok: false });
    const expired = await new SignJWT({ sub: 'u', exp: 1 }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    expect(await verifyJwt(expired, keys)).toMatchObject({ ok: false, reason: 'expired' });
  });
});

describe('config: JWT_SIGNING_KEY', () => {
  afterEach(() => {
    delete process.env.JWT_SIGNING_KEY;
  });

  it('is off by default and takes a private JWK or a JWKS with one key', async () => {
    expect(loadConfig().jwtSigningKey).toBeNull();
    const key = await generateSigningKey('RS256');
    process.env.JWT_SIGNING_KEY = JSON.stringify(key);
    expect(loadConfig().jwtSigningKey).toEqual(key);
    process.env.JWT_SIGNING_KEY = JSON.stringify({ keys: [key] });
    expect(loadConfig().jwtSigningKey).toEqual(key);
  });

  it('refuses a public key or a key without kid', async () => {
    const key = await generateSigningKey('ES256');
    process.env.JWT_SIGNING_KEY = JSON.stringify(jwks({ jwtSecret: SECRET, jwtSigningKey: key }).keys[0]);
    expect(() => loadConfig()).toThrow(/private JWK/);
    process.env.JWT_SIGNING_KEY = JSON.stringify({ ...key, kid: undefined });
    expect(() => loadConfig()).toThrow(/kid/);
  });
});
