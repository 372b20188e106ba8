import type { StackContext } from '../context.ts';
import { jwks } from '../jwt.ts';
import { syncProviders } from './providers.ts';
import { authJson, AuthError, notFound, unprocessable } from './errors.ts';
import { googleIdentityData, googleRedirect, type GoogleUser } from './oauth.ts';
import { authenticate } from './tokens.ts';
import type { AuthRoute } from './types.ts';
import { findUserByEmail, findUserById, type IdentityRow, type UserRow } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireManualLinking(ctx: StackContext): void {
  if (!ctx.config.manualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/** GET /user/identities/authorize?provider=google: supabase.auth.linkIdentity() — Google's URL for the signed-in user. */
export const linkIdentity: AuthRoute = async ({ ctx }, req) => {
  const { user } = await authenticate(ctx, req);
  requireManualLinking(ctx);
  return googleRedirect(ctx, req, user.id);
};

/** DELETE /user/identities/{identity_id}: supabase.auth.unlinkIdentity(); the last identity stays. */
export const unlinkIdentity: AuthRoute = async ({ ctx }, req, [identityId]) => {
  const { user, claims } = await authenticate(ctx, req);
  requireManualLinking(ctx);
  if (!UUID.test(identityId ?? '')) throw notFound('validation_failed', 'identity_id must be an UUID');
  if ((Array.isArray(claims.aud) ? claims.aud[0] : claims.aud) !== (user.aud ?? 'authenticated')) {
    throw new AuthError(403, 'unexpected_audience', "Token audience doesn't match request audience");
  }
  const { rows: identities } = await ctx.db.query<IdentityRow>('select * from auth.identities where user_id = $1', [user.id]);
  if (identities.length <= 1) throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
  const target = identities.find((identity) => identity.id === identityId);
  if (!target) throw unprocessable('identity_not_found', "Identity doesn't exist");
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.identities where id = $1', [target.id]);
    // The user's e-mail follows the identities left (GoTrue UpdateUserEmailFromIdentities).
    const left = identities.filter((identity) => identity.id !== target.id);
    const email = user.email?.toLowerCase();
    if (email && !left.some((identity) => identity.email === email)) {
      const next = left.find((identity) => identity.email)?.email ?? null;
      if (next) await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, next]);
    }
    await syncProviders(tx, user.id);
  });
  return authJson({});
};

/**
 * Adds the Google identity to the user who asked to link it. An identity already linked (to this or
 * another user) is refused; a user without an e-mail address gets the verified Google one.
 */
export async function linkGoogleIdentity(ctx: StackContext, userId: string, info: GoogleUser): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const target = await findUserById(tx, userId);
    if (!target) throw notFound('user_not_found', 'User not found');
    const { rows } = await tx.query<IdentityRow>(`select * from auth.identities where provider = 'google' and provider_id = $1`, [
      info.sub,
    ]);
    if (rows[0]) {
      const message = rows[0].user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user';
      throw unprocessable('identity_already_exists', message);
    }
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3::jsonb, 'google', now())`,
      [info.sub, target.id, JSON.stringify(googleIdentityData(info))],
    );
    const email = info.email?.toLowerCase();
    if (!target.email && email) {
      if (await findUserByEmail(tx, email))
        throw new AuthError(400, 'email_exists', 'A user with this email address has already been registered');
      if (!info.email_verified) throw unprocessable('email_not_confirmed', 'Unverified email with google');
      await tx.query(
        'update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1',
        [target.id, email],
      );
    }
    await syncProviders(tx, target.id);
    return (await findUserById(tx, target.id))!;
  });
}

/** POST /sso (signInWithSSO): SAML is not offered locally, so GoTrue's answer when SAML is off. */
export const sso: AuthRoute = async () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
};

/** GET /.well-known/jwks.json: the public signing keys (none while tokens are HS256-signed). */
export const wellKnownJwks: AuthRoute = async ({ ctx }) => authJson(jwks(ctx.config), 200, { 'cache-control': 'public, max-age=600' });
