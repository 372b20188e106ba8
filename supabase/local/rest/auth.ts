import { bearerToken, verifyJwt, type JwtClaims, type JwtKeys } from '../jwt.ts';
import { ApiError } from './errors.ts';
import type { RestRequest } from './http.ts';

export interface RequestIdentity {
  role: string;
  claimsText: string;
  anonymous: boolean;
}

const MAX_CACHE = 2000;

function jwtError(code: string, message: string): ApiError {
  return new ApiError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

/** Verifies the request's JWT (Authorization, else apikey) once per token and caches the claims until expiry. */
export class Authenticator {
  private cache = new Map<string, { claims: JwtClaims; text: string; exp: number }>();
  constructor(private readonly keys: () => JwtKeys) {}

  async identify(req: RestRequest): Promise<RequestIdentity> {
    const token = bearerToken(req) ?? req.headers.get('apikey');
    if (!token) return { role: 'anon', claimsText: '{"role":"anon"}', anonymous: true };
    const now = Date.now() / 1000;
    let entry = this.cache.get(token);
    if (entry && entry.exp <= now) {
      this.cache.delete(token);
      entry = undefined;
    }
    if (!entry) {
      const parts = token.split('.');
      if (parts.length !== 3) {
        throw jwtError('PGRST301', `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts.length})`);
      }
      const result = await verifyJwt(token, this.keys());
      if (!result.ok) {
        if (result.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
        if (/signature/i.test(result.message)) throw jwtError('PGRST301', 'JWSError JWSInvalidSignature');
        throw jwtError('PGRST301', `JWSError (${result.message})`);
      }
      const claims = result.claims;
      entry = { claims, text: JSON.stringify(claims), exp: typeof claims.exp === 'number' ? claims.exp : Infinity };
      if (this.cache.size >= MAX_CACHE) this.cache.clear();
      this.cache.set(token, entry);
    }
    const role = typeof entry.claims.role === 'string' && entry.claims.role ? entry.claims.role : 'anon';
    return { role, claimsText: entry.text, anonymous: role === 'anon' };
  }
}
