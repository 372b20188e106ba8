import { decodeJwt } from 'jose';
import { verifyJwt, type JwtClaims } from '../jwt.ts';

export type TokenCheck = { ok: true; claims: JwtClaims; role: string } | { ok: false; code: string; message: string };

/** Verifies a channel's token as the hosted server does, with its texts. */
export async function checkToken(token: string, secret: string): Promise<TokenCheck> {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  const result = await verifyJwt(token, secret);
  if (!result.ok) {
    if (result.reason === 'expired') {
      let exp = 0;
      try {
        exp = Number(decodeJwt(token).exp ?? 0);
      } catch {
        /* verified as expired already, so it decodes */
      }
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
    }
    if (/signature/i.test(result.message)) return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  const { claims } = result;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  return { ok: true, claims, role: claims.role };
}
