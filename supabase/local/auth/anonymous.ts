import type { Queryable } from '../db/types.ts';
import { authJson, forbidden, unprocessable } from './errors.ts';
import { authenticate, createSession } from './tokens.ts';
import type { AuthDeps, AuthRoute } from './types.ts';
import { findUserById, type UserRow } from './users.ts';

/**
 * POST /signup without e-mail or phone: an anonymous user (no identity, empty app_metadata, the
 * `is_anonymous` claim) signed in at once — only when anonymous sign-ins are on, as GoTrue.
 */
export async function signupAnonymously({ ctx, limiter }: AuthDeps, req: Request, data: Record<string, unknown>): Promise<Response> {
  if (!ctx.config.anonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  limiter.check('signUp', req);
  const { rows } = await ctx.db.query<UserRow>(
    `insert into auth.users (instance_id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', true, '{}'::jsonb, $1::jsonb) returning *`,
    [JSON.stringify(data)],
  );
  return authJson(await createSession(ctx, ctx.db, rows[0]!, 'anonymous', req));
}

/**
 * After a confirmed e-mail (change) the user has an `email` identity carrying it, is no longer anonymous
 * and lists `email` among its providers — how GoTrue turns an anonymous user into a permanent one.
 */
export async function settleEmailIdentity(db: Queryable, userId: string, email: string): Promise<void> {
  const { affectedRows } = await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
  if (!affectedRows) {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3::jsonb, 'email', now())`,
      [userId, userId, JSON.stringify({ sub: userId, email, email_verified: true, phone_verified: false })],
    );
  }
  await db.query('update auth.users set is_anonymous = false, updated_at = now() where id = $1', [userId]);
  await syncProviders(db, userId);
}

/** app_metadata.provider/providers from the identities the user has (GoTrue UpdateAppMetaDataProviders). */
export async function syncProviders(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ provider: string }>('select provider from auth.identities where user_id = $1 order by created_at', [
    userId,
  ]);
  const providers = [...new Set(rows.map((r) => r.provider))];
  const user = await findUserById(db, userId);
  if (!user) return;
  const app: Record<string, unknown> = { ...(user.raw_app_meta_data ?? {}) };
  if (providers.length) {
    app.providers = providers;
    if (typeof app.provider !== 'string' || !providers.includes(app.provider)) app.provider = providers[0];
  }
  await db.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [userId, JSON.stringify(app)]);
}

/** Routes an anonymous user may not use (MFA), refused as GoTrue's requireNotAnonymous does. */
export const notAnonymous =
  (route: AuthRoute): AuthRoute =>
  async (deps, req, params) => {
    const { claims } = await authenticate(deps.ctx, req);
    if (claims.is_anonymous === true) throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
    return route(deps, req, params);
  };
