import { SignJWT, jwtVerify, errors } from 'jose';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

type JwtFailure = 'expired' | 'invalid';

/**
 * The key every service verifies tokens with: the shared HS256 secret (API keys and access tokens),
 * as on a hosted project that has not moved to asymmetric signing keys.
 */
export interface JwtKeys {
  jwtSecret: string;
}

type Verified = { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure; message: string };

/** Verifies an HS256 token with the secret; any other algorithm is invalid. */
export async function verifyJwt(token: string, keys: JwtKeys | string): Promise<Verified> {
  const jwtSecret = typeof keys === 'string' ? keys : keys.jwtSecret;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: (error as Error).message };
  }
}

/** Signs with the HS256 secret (API keys, access tokens, OAuth state, tests). */
export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** The Bearer token of a request, if any. */
export function bearerToken(req: { headers: { get(name: string): string | null } }): string | null {
  const header = req.headers.get('authorization');
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match ? match[1]!.trim() : null;
}
