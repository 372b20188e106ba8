import { AuthError, authJson, readBody, str, obj, unprocessable, validationFailed } from './errors.ts';
import { createFlowState, FLOW_METHOD, pkceParams, sendTokenMail } from './otp.ts';
import { resolveRedirect } from './redirect.ts';
import { settleEmailIdentity } from './providers.ts';
import { authenticate } from './tokens.ts';
import type { AuthRoute } from './types.ts';
import {
  checkPassword,
  findUserByEmail,
  findUserById,
  hashPassword,
  mergeMetadata,
  userJson,
  validateEmail,
  validatePassword,
} from './users.ts';

async function hasVerifiedFactor(db: Parameters<AuthRoute>[0]['ctx']['db'], userId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId]);
  return rows.length > 0;
}

/** GET /user */
export const getUser: AuthRoute = async ({ ctx }, req) => {
  const { user } = await authenticate(ctx, req);
  return authJson(await userJson(ctx.db, user));
};

/** PUT /user {email?, password?, data?} */
export const updateUser: AuthRoute = async (deps, req) => {
  const { ctx, limiter } = deps;
  const body = await readBody(req);
  const { user, session } = await authenticate(ctx, req);
  const password = str(body, 'password');
  const data = obj(body, 'data');
  const emailInput = str(body, 'email');

  if (password !== undefined) validatePassword(password);
  const changesEmail = emailInput !== undefined && emailInput.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  // GoTrue's UserUpdate: with a verified factor, a new password or e-mail needs an aal2 session
  // (a recovery link's session is aal1, so the code is asked first).
  if ((password || changesEmail) && session.aal !== 'aal2' && (await hasVerifiedFactor(ctx.db, user.id))) {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (password !== undefined) {
    if (await checkPassword(user, password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
  }
  let newEmail: string | null = null;
  if (changesEmail) {
    newEmail = validateEmail(emailInput);
    const taken = await findUserByEmail(ctx.db, newEmail);
    if (taken && taken.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (password !== undefined) {
    await ctx.db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
      user.id,
      await hashPassword(password),
    ]);
    // Like GoTrue's UpdatePassword: every other session of the user ends.
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
  }
  if (data) {
    await ctx.db.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [
      user.id,
      JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
    ]);
  }
  if (newEmail) {
    if (!ctx.config.enableConfirmations) {
      await ctx.db.query(
        'update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1',
        [user.id, newEmail],
      );
      await settleEmailIdentity(ctx.db, user.id, newEmail);
    } else {
      await ctx.db.query('update auth.users set email_change = $2, updated_at = now() where id = $1', [user.id, newEmail]);
      const redirectTo = resolveRedirect(ctx.config, new URL(req.url).searchParams.get('redirect_to'));
      const pkce = pkceParams(body);
      if (pkce) {
        await createFlowState(ctx.db, {
          userId: user.id,
          challenge: pkce.challenge,
          method: pkce.method,
          providerType: 'email',
          authMethod: FLOW_METHOD.email_change,
          redirectTo,
        });
      }
      const fresh = (await findUserById(ctx.db, user.id))!;
      await sendTokenMail(ctx, limiter, fresh, 'email_change', redirectTo, Boolean(pkce), newEmail);
    }
  }
  const updated = (await findUserById(ctx.db, user.id))!;
  return authJson(await userJson(ctx.db, updated));
};

/** POST /logout?scope=global|local|others → 204 */
export const logout: AuthRoute = async ({ ctx }, req) => {
  const { user, session } = await authenticate(ctx, req);
  const scope = new URL(req.url).searchParams.get('scope') ?? 'global';
  if (scope === 'local') {
    await ctx.db.query('delete from auth.sessions where id = $1', [session.id]);
  } else if (scope === 'others') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
  } else if (scope === 'global') {
    await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  } else {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  return new Response(null, { status: 204, headers: { 'x-supabase-api-version': '2024-01-01' } });
};
