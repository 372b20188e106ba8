import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '@/supabase/local/jwt.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const exp = () => Math.floor(Date.now() / 1000) + 60;

describe('jwt.ts: HS256 tokens, as a project without asymmetric signing keys', () => {
  it('signs without kid and verifies with the secret', async () => {
    const token = await signJwt({ sub: 'u', exp: exp() }, SECRET);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await verifyJwt(token, { jwtSecret: SECRET })).toMatchObject({ ok: true, claims: { sub: 'u' } });
  });

  it('refuses another secret, alg none, and an expired token', async () => {
    expect(await verifyJwt(await signJwt({ sub: 'u', exp: exp() }, `${SECRET}-other`), SECRET)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyJwt(new UnsecuredJWT({ sub: 'u', role: 'service_role' }).encode(), SECRET)).toMatchObject({ ok: false });
    const expired = await new SignJWT({ sub: 'u', exp: 1 }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    expect(await verifyJwt(expired, SECRET)).toMatchObject({ ok: false, reason: 'expired' });
  });
});
