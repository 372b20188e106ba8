import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest } from './errors.ts';
import { renderMail, type MailKind } from './mail-templates.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { UserRow } from './users.ts';

/** E-mail links and codes are valid for 24 hours (GoTrue MAILER_OTP_EXP default 86400). */
const OTP_TTL_MS = 24 * 60 * 60 * 1000;
/** A PKCE auth code must be exchanged within 5 minutes of being issued. */
export const FLOW_STATE_TTL_MS = 5 * 60 * 1000;

/** GoTrue's token hash: hex(sha224(email + otp)). */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
const stripFlowPrefix = (token: string) => token.replace(/^pkce_/, '');

export type TokenType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** Which columns of auth.users hold the token of each verification type. */
export const TOKEN_COLUMNS: Record<TokenType, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

/** GoTrue's amr method names per verification type. */
export const AMR_FOR: Record<TokenType, string> = {
  signup: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'otp',
  email_change: 'email_change',
};

/** The flow_state authentication_method GoTrue uses for each e-mail flow. */
export const FLOW_METHOD: Record<TokenType, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

export interface IssuedToken {
  otp: string;
  hashed: string;
  /** What is stored and put in the link (with "pkce_" for PKCE flows). */
  stored: string;
}

/** Creates and stores a fresh one-time token of the given type for the user. */
export async function issueToken(db: Queryable, user: UserRow, type: TokenType, pkce: boolean, address?: string): Promise<IssuedToken> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hashed = tokenHash(address ?? user.email ?? '', otp);
  const stored = pkce ? `pkce_${hashed}` : hashed;
  const cols = TOKEN_COLUMNS[type];
  await db.query(`update auth.users set ${cols.token} = $2, ${cols.sentAt} = now(), updated_at = now() where id = $1`, [user.id, stored]);
  return { otp, hashed, stored };
}

export function actionLink(ctx: StackContext, stored: string, type: TokenType, redirectTo: string): string {
  const params = new URLSearchParams({ token: stored, type, redirect_to: redirectTo });
  return `${ctx.config.publicUrl}/auth/v1/verify?${params.toString()}`;
}

/** Issues a token and mails the link (counts against the e-mail rate limit). */
export async function sendTokenMail(
  ctx: StackContext,
  limiter: RateLimiter,
  user: UserRow,
  type: TokenType,
  redirectTo: string,
  pkce: boolean,
  to?: string,
): Promise<void> {
  limiter.checkEmail();
  const token = await issueToken(ctx.db, user, type, pkce, to);
  const link = actionLink(ctx, token.stored, type, redirectTo);
  const kind: MailKind = type;
  const mail = renderMail(kind, link, token.otp);
  ctx.mailbox.send({ to: to ?? user.email ?? '', ...mail });
}

/** Finds the user holding a token of the type that has not expired. */
export async function findUserByToken(db: Queryable, type: TokenType, token: string): Promise<UserRow | null> {
  if (!token) return null;
  const cols = TOKEN_COLUMNS[type];
  const { rows } = await db.query<UserRow>(`select * from auth.users where ${cols.token} in ($1, $2) and ${cols.token} <> ''`, [
    token,
    `pkce_${stripFlowPrefix(token)}`,
  ]);
  const user = rows[0];
  if (!user) return null;
  const sentAt = (user as unknown as Record<string, Date | null>)[cols.sentAt];
  if (!sentAt || Date.now() - new Date(sentAt).getTime() > OTP_TTL_MS) return null;
  return user;
}

/** PKCE: records the code challenge of an e-mail or OAuth flow. */
export async function createFlowState(
  db: Queryable,
  input: { userId: string | null; challenge: string; method: string; providerType: string; authMethod: string; redirectTo?: string | null },
): Promise<string> {
  const method = input.method.toLowerCase();
  if (method !== 's256' && method !== 'plain') throw badRequest('validation_failed', 'code challenge method not supported');
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, redirect_to)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [input.userId, randomUUID(), method, input.challenge, input.providerType, input.authMethod, input.redirectTo ?? null],
  );
  return rows[0]!.id;
}

/** Whether a body asks for PKCE (both challenge fields present), validating them like GoTrue. */
export function pkceParams(body: Record<string, unknown>): { challenge: string; method: string } | null {
  const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : '';
  const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method : '';
  if (!challenge && !method) return null;
  if (!challenge || !method) throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  return { challenge, method };
}

/** Marks the newest flow state of this user and method as issued; returns its auth code. */
export async function issueAuthCode(db: Queryable, userId: string, authMethod: string): Promise<string | null> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authMethod],
  );
  return rows[0]?.auth_code ?? null;
}
