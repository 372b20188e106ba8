import { createHash } from 'node:crypto';
import { authJson, readBody, str, AuthError, badRequest, forbidden, notFound, validationFailed } from './errors.ts';
import { FLOW_STATE_TTL_MS } from './otp.ts';
import { createSession, refreshSession } from './tokens.ts';
import type { AuthDeps, AuthRoute } from './types.ts';
import { checkPassword, findUserByEmail, findUserById, isBanned, isConfirmed } from './users.ts';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

/** An account locked by failed sign-ins, for the monitoring card (never fails the request). */
async function recordLockout(ctx: AuthDeps['ctx'], email: string, userId: string | null): Promise<void> {
  await ctx.db
    .query(`select private.record_monitoring_event('sign_in_lockout', 'auth', $1, $2::jsonb, $3::uuid)`, [
      'Too many failed sign-ins: the account is locked for up to an hour.',
      // The account is linked by id (unlinked if it is deleted); an address without an account is kept to see who is tried.
      JSON.stringify(userId ? {} : { email }),
      userId,
    ])
    .catch((error: unknown) => console.error('[auth] could not record a lockout', error));
}

/** POST /token?grant_type=password|refresh_token|pkce */
export const token: AuthRoute = async (deps, req) => {
  const { ctx, limiter } = deps;
  const grantType = new URL(req.url).searchParams.get('grant_type');
  const body = await readBody(req);
  switch (grantType) {
    case 'password': {
      limiter.check('signIn', req);
      const email = str(body, 'email');
      const password = str(body, 'password') ?? '';
      if (!email) {
        if (str(body, 'phone')) throw invalidCredentials();
        throw validationFailed('missing email or phone');
      }
      limiter.assertAccountOpen(email.trim());
      const user = await findUserByEmail(ctx.db, email.trim());
      if (!user || !(await checkPassword(user, password))) {
        if (limiter.recordFailedSignIn(email.trim())) await recordLockout(ctx, email.trim(), user?.id ?? null);
        throw invalidCredentials();
      }
      if (ctx.config.enableConfirmations && !isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
      if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
      return authJson(await createSession(ctx, ctx.db, user, 'password', req));
    }
    case 'refresh_token': {
      const refreshToken = str(body, 'refresh_token');
      if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
      return authJson(await refreshSession(ctx, refreshToken));
    }
    case 'pkce': {
      const authCode = str(body, 'auth_code');
      const verifier = str(body, 'code_verifier');
      if (!authCode || !verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
      const { rows } = await ctx.db.query<{
        id: string;
        user_id: string | null;
        code_challenge: string;
        code_challenge_method: string;
        authentication_method: string;
        provider_access_token: string | null;
        provider_refresh_token: string | null;
        auth_code_issued_at: Date | null;
        created_at: Date;
      }>('select * from auth.flow_state where auth_code = $1', [authCode]);
      const flow = rows[0];
      if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
      const issuedAt = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
      if (Date.now() - issuedAt > FLOW_STATE_TTL_MS) {
        await ctx.db.query('delete from auth.flow_state where id = $1', [flow.id]);
        throw notFound('flow_state_expired', 'invalid flow state, flow state has expired');
      }
      const expected = flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
      if (expected !== flow.code_challenge) {
        throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
      }
      const user = await findUserById(ctx.db, flow.user_id);
      if (!user) throw notFound('user_not_found', 'User not found');
      if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
      await ctx.db.query('delete from auth.flow_state where id = $1', [flow.id]);
      const method = flow.authentication_method === 'email/signup' ? 'otp' : flow.authentication_method;
      const session = await createSession(ctx, ctx.db, user, method, req);
      const extra: Record<string, string> = {};
      if (flow.provider_access_token) extra.provider_token = flow.provider_access_token;
      if (flow.provider_refresh_token) extra.provider_refresh_token = flow.provider_refresh_token;
      return authJson({ ...session, ...extra });
    }
    default:
      throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }
};
