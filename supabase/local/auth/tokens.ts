import { randomBytes } from 'node:crypto';
import type { StackConfig } from '../config.ts';
import { peerAddress, type StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { bearerToken, signJwt, verifyJwt, type JwtClaims } from '../jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findUserById, isBanned, userJson, type UserRow } from './users.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string;
  factor_id: string | null;
  created_at: Date;
}

interface RefreshRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  updated_at: Date;
}

/** Seconds during which a just-rotated refresh token may still be used (GoTrue REFRESH_TOKEN_REUSE_INTERVAL). */
function reuseIntervalSeconds(): number {
  const value = Number(process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL ?? 10);
  return Number.isFinite(value) && value >= 0 ? value : 10;
}

const newRefreshToken = () => randomBytes(16).toString('base64url');

const issuer = (ctx: StackContext) => `${ctx.config.publicUrl}/auth/v1`;

async function amrClaims(db: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await db.query<{ authentication_method: string; created_at: Date }>(
    'select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(new Date(r.created_at).getTime() / 1000) }));
}

export async function addAmrClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now(), created_at = now()`,
    [sessionId, method],
  );
}

async function accessToken(
  ctx: StackContext,
  db: Queryable,
  user: UserRow,
  session: SessionRow,
): Promise<{ token: string; exp: number; iat: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpiry;
  const claims: JwtClaims = {
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    iss: issuer(ctx),
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session.aal,
    amr: await amrClaims(db, session.id),
    session_id: session.id,
    is_anonymous: Boolean(user.is_anonymous),
  };
  return { token: await signJwt(claims, ctx.config.jwtSecret), exp, iat };
}

/** The JSON GoTrue returns for a session. */
async function sessionResponse(ctx: StackContext, db: Queryable, user: UserRow, session: SessionRow, refreshToken: string) {
  const fresh = (await findUserById(db, user.id)) ?? user;
  const { token, exp } = await accessToken(ctx, db, fresh, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(db, fresh),
  };
}

export type SessionJson = Awaited<ReturnType<typeof sessionResponse>>;

/** A new session (aal1) with its first refresh token; records the sign-in method and last_sign_in_at. */
export async function createSession(ctx: StackContext, db: Queryable, user: UserRow, method: string, req?: Request): Promise<SessionJson> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (user_id, aal, user_agent, ip, refreshed_at) values ($1, 'aal1', $2, $3, now()) returning *`,
    [user.id, req?.headers.get('user-agent') ?? null, req ? clientIp(req, ctx.config) : null],
  );
  const session = rows[0]!;
  await addAmrClaim(db, session.id, method);
  const token = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [token, user.id, session.id]);
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [user.id]);
  await db.query('update auth.identities set last_sign_in_at = now() where user_id = $1', [user.id]);
  return sessionResponse(ctx, db, user, session, token);
}

/** Revokes the session's live refresh tokens and issues a fresh one (after MFA, the access token changes level). */
export async function reissueSession(ctx: StackContext, db: Queryable, user: UserRow, session: SessionRow): Promise<SessionJson> {
  const { rows } = await db.query<{ token: string }>(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token',
    [session.id],
  );
  const token = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
    token,
    user.id,
    session.id,
    rows[0]?.token ?? null,
  ]);
  return sessionResponse(ctx, db, user, session, token);
}

const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');

/** grant_type=refresh_token: rotation with reuse detection, as GoTrue. */
export async function refreshSession(ctx: StackContext, refreshToken: string): Promise<SessionJson> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshRow>('select * from auth.refresh_tokens where token = $1 for update', [refreshToken]);
    const row = rows[0];
    if (!row || !row.session_id) return { error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    if (isBanned(user)) return { error: badRequest('user_banned', 'User is banned') };
    const { rows: sessions } = await tx.query<SessionRow>('select * from auth.sessions where id = $1', [row.session_id]);
    const session = sessions[0];
    if (!session) return { error: badRequest('session_not_found', 'Invalid Refresh Token: Session Not Found') };
    let issued: string | null = null;
    if (row.revoked) {
      // A rotated token comes back. Only ever hand out the session's one active token: a revoked
      // token never starts a new branch of the family.
      const { rows: active } = await tx.query<RefreshRow>(
        'select * from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [row.session_id],
      );
      const current = active[0];
      const reuseUntil = new Date(row.updated_at).getTime() + reuseIntervalSeconds() * 1000;
      if (current && (current.parent === row.token || Date.now() <= reuseUntil)) {
        // The client lost the answer of its last refresh, or two tabs refreshed at once.
        issued = current.token;
      } else {
        // Reuse past the interval (or of a family already revoked): treat it as stolen. Only tokens
        // not yet revoked change, so revoked ones keep the time they were revoked at and a replay
        // right after this refusal is refused too.
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [
          row.session_id,
        ]);
        return { error: alreadyUsed() };
      }
    }
    if (!issued) {
      if (!row.revoked) {
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      }
      issued = newRefreshToken();
      await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        issued,
        user.id,
        session.id,
        row.token,
      ]);
    }
    await tx.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [session.id]);
    return { session: await sessionResponse(ctx, tx, user, session, issued) };
  });
  if ('error' in outcome && outcome.error) throw outcome.error;
  return (outcome as { session: SessionJson }).session;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  claims: JwtClaims;
}

/** Verifies the Bearer access token; the session it names must still exist (GoTrue requireAuthentication). */
export async function authenticate(ctx: StackContext, req: Request): Promise<Authenticated> {
  const token = bearerToken(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  const verified = await verifyJwt(token, ctx.config);
  if (!verified.ok) {
    const detail = verified.reason === 'expired' ? 'token has invalid claims: token is expired' : verified.message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  const claims = verified.claims;
  if (typeof claims.sub !== 'string' || !claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId)) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const { rows } = await ctx.db.query<SessionRow>('select * from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id]);
  if (!rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { user, session: rows[0], claims };
}

/**
 * The caller's IP: the connection's peer, unless that peer is a configured proxy — then the last
 * address in X-Forwarded-For that is not a proxy itself (the part a client cannot forge).
 */
export function clientIp(req: Request, config: Pick<StackConfig, 'trustedProxies'>): string {
  const peer = peerAddress(req);
  if (!config.trustedProxies.includes(peer)) return peer;
  const hops = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim().replace(/^::ffff:/, ''))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!config.trustedProxies.includes(hops[i]!)) return hops[i]!;
  return req.headers.get('x-real-ip')?.trim() || peer;
}
