import type { Database, Queryable } from '../db/types.ts';
import { bearerToken, verifyJwt, type JwtClaims } from '../jwt.ts';
import { ERRORS, fromDbError } from './errors.ts';

export interface Caller {
  role: string;
  claims: JwtClaims;
  /** The JWT's subject (a user id), stored as the owner of what the caller uploads. */
  owner: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who is calling: storage-api verifies the Authorization bearer JWT itself (no apikey gate in
 * front of it). `optional` routes (public objects, signed URLs) treat a missing or bad token as anon.
 */
export async function identify(req: Request, secret: string, optional = false): Promise<Caller> {
  const token = bearerToken(req);
  const anon: Caller = { role: 'anon', claims: { role: 'anon' }, owner: null };
  if (!token && optional) return anon;
  const result = await verifyJwt(token ?? '', secret);
  if (!result.ok) {
    if (optional) return anon;
    throw ERRORS.accessDenied(result.reason === 'expired' ? 'jwt expired' : result.message);
  }
  const role = typeof result.claims.role === 'string' && result.claims.role ? result.claims.role : 'anon';
  if (!['anon', 'authenticated', 'service_role'].includes(role)) throw ERRORS.accessDenied('Access denied: Invalid role');
  const sub = typeof result.claims.sub === 'string' ? result.claims.sub : null;
  return { role, claims: result.claims, owner: sub && UUID.test(sub) ? sub : null };
}

export const superUser: Caller = { role: 'service_role', claims: { role: 'service_role' }, owner: null };

/**
 * Runs fn in one transaction as the caller (role + request.jwt.claims, as PostgREST does), so
 * the storage.objects / storage.buckets policies decide; service_role bypasses RLS.
 */
export async function asCaller<T>(db: Database, caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        caller.role,
        JSON.stringify(caller.claims),
      ]);
      return fn(tx);
    });
  } catch (error) {
    throw fromDbError(error);
  }
}
