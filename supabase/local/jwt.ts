import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, errors, type CryptoKey, type JWK } from 'jose';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

type JwtFailure = 'expired' | 'invalid';

/**
 * The keys every service verifies tokens with: the shared HS256 secret (API keys, tests, and access
 * tokens by default) and, optionally, an asymmetric private key (RS256 or ES256, as a JWK with `kid`)
 * that then signs the access tokens and whose public half is published at /auth/v1/.well-known/jwks.json.
 */
export interface JwtKeys {
  jwtSecret: string;
  jwtSigningKey: JWK | null;
}

type Verified = { ok: true; claims: JwtClaims } | { ok: false; reason: JwtFailure; message: string };

const ASYMMETRIC = ['RS256', 'ES256'];

/** Imported keys by their JWK text: importing is slow and the same key is used for every request. */
const imported = new Map<string, Promise<CryptoKey | Uint8Array>>();

function importOnce(jwk: JWK, alg: string): Promise<CryptoKey | Uint8Array> {
  const cacheKey = `${alg}:${JSON.stringify(jwk)}`;
  let key = imported.get(cacheKey);
  if (!key) {
    key = importJWK(jwk, alg);
    imported.set(cacheKey, key);
  }
  return key;
}

/** The algorithm a signing key is for: its `alg`, else what its key type implies. */
function signingAlgorithm(jwk: JWK): string {
  if (jwk.alg && ASYMMETRIC.includes(jwk.alg)) return jwk.alg;
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  throw new Error(`Unsupported JWT signing key: kty ${jwk.kty ?? '?'}${jwk.crv ? ` crv ${jwk.crv}` : ''} (RS256 or ES256 keys only)`);
}

/** The public half of the signing key as GoTrue publishes it (no private parts). */
function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, oth: _oth, ...pub } = jwk;
  return { ...pub, alg: signingAlgorithm(jwk), use: 'sig', key_ops: ['verify'] };
}

/** Verifies a token with the HS256 secret, or with the signing key when the token names it by `kid`. */
export async function verifyJwt(token: string, keys: JwtKeys | string): Promise<Verified> {
  const { jwtSecret, jwtSigningKey } = typeof keys === 'string' ? { jwtSecret: keys, jwtSigningKey: null } : keys;
  try {
    const header = decodeProtectedHeader(token);
    let key: CryptoKey | Uint8Array;
    let alg: string;
    if (header.alg && ASYMMETRIC.includes(header.alg)) {
      if (!jwtSigningKey || header.kid !== jwtSigningKey.kid) return { ok: false, reason: 'invalid', message: 'signature is invalid' };
      alg = signingAlgorithm(jwtSigningKey);
      key = await importOnce(publicJwk(jwtSigningKey), alg);
    } else {
      alg = 'HS256';
      key = new TextEncoder().encode(jwtSecret);
    }
    const { payload } = await jwtVerify(token, key, { algorithms: [alg] });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: (error as Error).message };
  }
}

/** Signs with the HS256 secret (API keys, OAuth state, tests). */
export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

/** Signs an access token: with the asymmetric key and its `kid` when one is configured, else HS256. */
export async function signAccessToken(claims: JwtClaims, keys: JwtKeys): Promise<string> {
  const jwk = keys.jwtSigningKey;
  if (!jwk) return signJwt(claims, keys.jwtSecret);
  const alg = signingAlgorithm(jwk);
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', kid: jwk.kid }).sign(await importOnce(jwk, alg));
}

/** The JSON Web Key Set of the public signing keys; the HS256 secret is never published. */
export function jwks(keys: JwtKeys): { keys: JWK[] } {
  return { keys: keys.jwtSigningKey ? [publicJwk(keys.jwtSigningKey)] : [] };
}

/** A fresh private signing key as a JWK with a random `kid` (for tests and `JWT_SIGNING_KEY` set-up). */
export async function generateSigningKey(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), alg, kid: crypto.randomUUID() };
}

/** The Bearer token of a request, if any. */
export function bearerToken(req: { headers: { get(name: string): string | null } }): string | null {
  const header = req.headers.get('authorization');
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match ? match[1]!.trim() : null;
}
