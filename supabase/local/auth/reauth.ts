import { randomInt } from 'node:crypto';
import { AuthError, authJson, badRequest, unprocessable, validationFailed } from './errors.ts';
import { renderReauthenticationMail } from './mail-templates.ts';
import { OTP_TTL_MS, tokenHash } from './otp.ts';
import { authenticate, type Authenticated } from './tokens.ts';
import type { AuthDeps, AuthRoute } from './types.ts';
import { isConfirmed } from './users.ts';

const INVALID_NONCE = 'Nonce has expired or is invalid';
/** A session younger than this may change the password without a nonce (GoTrue's "recently signed in"). */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;

/** GET /reauthenticate: mails a six-digit nonce that a password change may then require. */
export const reauthenticate: AuthRoute = async ({ ctx, limiter }: AuthDeps, req) => {
  const { user } = await authenticate(ctx, req);
  if (!user.email) {
    throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  }
  if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  limiter.checkEmail();
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.query(
    'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1',
    [user.id, tokenHash(user.email, otp)],
  );
  ctx.mailbox.send({ to: user.email, ...renderReauthenticationMail(otp) });
  return authJson({});
};

/**
 * With "secure password change" on, a password update from a session older than 24 hours needs the
 * nonce of /reauthenticate; the nonce is single use.
 */
export async function requireReauthentication(deps: AuthDeps, auth: Authenticated, nonce: string | undefined): Promise<void> {
  const { ctx } = deps;
  if (!ctx.config.securePasswordChange) return;
  if (Date.now() - new Date(auth.session.created_at).getTime() < RECENT_SIGN_IN_MS) return;
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  const { rows } = await ctx.db.query<{ reauthentication_token: string | null; reauthentication_sent_at: Date | null }>(
    'select reauthentication_token, reauthentication_sent_at from auth.users where id = $1',
    [auth.user.id],
  );
  const stored = rows[0];
  const sentAt = stored?.reauthentication_sent_at ? new Date(stored.reauthentication_sent_at).getTime() : 0;
  const valid =
    Boolean(stored?.reauthentication_token) &&
    Date.now() - sentAt <= OTP_TTL_MS &&
    stored!.reauthentication_token === tokenHash(auth.user.email ?? '', nonce);
  if (!valid) throw new AuthError(422, 'reauthentication_not_valid', INVALID_NONCE);
  await ctx.db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [auth.user.id]);
}
