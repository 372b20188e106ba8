import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { authJson, readBody, str, AuthError, unprocessable, validationFailed } from './errors.ts';
import { settleEmailIdentity } from './providers.ts';
import { AMR_FOR, FLOW_METHOD, findUserByToken, issueAuthCode, tokenHash, TOKEN_COLUMNS, type TokenType } from './otp.ts';
import { resolveRedirect, withFragment, withQuery } from './redirect.ts';
import { createSession, type SessionJson } from './tokens.ts';
import type { AuthRoute } from './types.ts';
import { findUserByEmail, findUserById, isBanned, type UserRow } from './users.ts';

const TYPES: TokenType[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'];

const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** Consumes the token: confirms/changes the e-mail as the type says and clears the token (single use). */
async function consume(db: Queryable, user: UserRow, type: TokenType): Promise<UserRow> {
  const cols = TOKEN_COLUMNS[type];
  if (type === 'email_change') {
    const newEmail = user.email_change ?? user.email;
    await db.query(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
      [user.id, newEmail],
    );
    if (newEmail) await settleEmailIdentity(db, user.id, newEmail);
  } else {
    await db.query(
      `update auth.users set ${cols.token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
      [user.id],
    );
    await db.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
      [user.id],
    );
  }
  return (await findUserById(db, user.id))!;
}

/** GET /verify?token&type&redirect_to — the link in the e-mails: redirects with a session, a PKCE code or an error. */
export const verifyGet: AuthRoute = async ({ ctx, limiter }, req) => {
  limiter.check('verify', req);
  const params = new URL(req.url).searchParams;
  const type = params.get('type') as TokenType;
  const token = params.get('token') ?? '';
  const redirectTo = resolveRedirect(ctx.config, params.get('redirect_to'));
  const fail = (code: string, description: string) =>
    new Response(null, {
      status: 303,
      headers: { location: withFragment(redirectTo, { error: 'access_denied', error_code: code, error_description: description }) },
    });
  if (!TYPES.includes(type)) return fail('validation_failed', 'Verify requires a verification type');
  const user = await findUserByToken(ctx.db, type, token);
  if (!user) return fail('otp_expired', 'Email link is invalid or has expired');
  if (isBanned(user)) return fail('user_banned', 'User is banned');
  const confirmed = await consume(ctx.db, user, type);
  if (token.startsWith('pkce_')) {
    const code = await issueAuthCode(ctx.db, user.id, FLOW_METHOD[type]);
    if (code) return new Response(null, { status: 303, headers: { location: withQuery(redirectTo, { code }) } });
  }
  const session = await createSession(ctx, ctx.db, confirmed, AMR_FOR[type], req);
  return new Response(null, { status: 303, headers: { location: withFragment(redirectTo, fragmentOf(session, type)) } });
};

export function fragmentOf(session: SessionJson, type?: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    ...extra,
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    ...(type ? { type } : {}),
  };
}

async function findForOtp(ctx: StackContext, type: TokenType, email: string, otp: string): Promise<UserRow | null> {
  const user = await findUserByEmail(ctx.db, email);
  if (type === 'email_change') {
    const { rows } = await ctx.db.query<UserRow>('select * from auth.users where lower(email_change) = lower($1)', [email]);
    const changing = rows[0];
    if (!changing) return null;
    const found = await findUserByToken(ctx.db, type, tokenHash(email, otp));
    return found?.id === changing.id ? found : null;
  }
  if (!user) return null;
  const found = await findUserByToken(ctx.db, type, tokenHash(email, otp));
  return found?.id === user.id ? found : null;
}

const PHONE = /^\+?[1-9]\d{7,14}$/;

/**
 * POST /verify {type, token_hash} or {type, email|phone, token}: returns a session. The wording of each
 * refusal is GoTrue's: a bad token hash is an "Email link", a bad code is a "Token".
 */
export const verifyPost: AuthRoute = async ({ ctx, limiter }, req) => {
  limiter.check('verify', req);
  const body = await readBody(req);
  const requested = str(body, 'type');
  const tokenHashParam = str(body, 'token_hash');
  const token = str(body, 'token');
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  if (!requested) throw validationFailed('Verify requires a verification type');
  if (Boolean(token) === Boolean(tokenHashParam)) throw validationFailed('Verify requires either a token or a token hash');
  // type "email" is the generic e-mail OTP: it may be a sign-up confirmation or a magic link.
  const candidates: TokenType[] =
    requested === 'email' ? ['signup', 'magiclink', 'invite'] : TYPES.includes(requested as TokenType) ? [requested as TokenType] : [];
  if (tokenHashParam) {
    if (email || phone || str(body, 'redirect_to')) throw validationFailed('Only the token_hash and type should be provided');
    if (!candidates.length) throw validationFailed('Invalid email verification type');
    for (const type of candidates) {
      const user = await findUserByToken(ctx.db, type, tokenHashParam);
      if (!user) continue;
      if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
      const confirmed = await consume(ctx.db, user, type);
      return authJson(await createSession(ctx, ctx.db, confirmed, AMR_FOR[type], req));
    }
    throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  }
  if (phone && !email) {
    if (!PHONE.test(phone.replace(/[\s-]/g, ''))) throw validationFailed('Invalid phone number format (E.164 required)');
    // No user has a phone number here (no SMS provider), so every sms / phone_change code is unknown.
    throw expired();
  }
  if (!email || phone) throw validationFailed('Only an email address or phone number should be provided on verify');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) throw unprocessable('validation_failed', 'Invalid email format');
  for (const type of candidates) {
    const user = await findForOtp(ctx, type, email.trim().toLowerCase(), token!);
    if (!user) continue;
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    limiter.clearFailedCodes(email);
    const confirmed = await consume(ctx.db, user, type);
    return authJson(await createSession(ctx, ctx.db, confirmed, AMR_FOR[type], req));
  }
  // A six-digit code falls to guessing unless misses count: after a few, the address's codes are
  // dropped and a new one must be requested.
  if (limiter.recordFailedCode(email)) await dropCodes(ctx.db, email.toLowerCase());
  throw expired();
};

/** Clears every pending e-mail code of the address (sign-up, magic link, recovery, e-mail change). */
async function dropCodes(db: Queryable, email: string): Promise<void> {
  await db.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '', updated_at = now()
     where lower(email) = $1 or lower(email_change) = $1`,
    [email],
  );
}
