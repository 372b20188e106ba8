import { signJwt, verifyJwt } from '../jwt.ts';
import type { StackContext } from '../context.ts';
import { authJson, AuthError, validationFailed } from './errors.ts';
import { createFlowState, issueAuthCode } from './otp.ts';
import { resolveRedirect, withFragment, withQuery } from './redirect.ts';
import { createSession } from './tokens.ts';
import type { AuthRoute } from './types.ts';
import { findUserByEmail, findUserById, isBanned, type IdentityRow, type UserRow } from './users.ts';
import { fragmentOf } from './verify.ts';

/** GET /health */
export const health: AuthRoute = async () =>
  authJson({ version: 'v2.170.0-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });

/** GET /settings */
export const settings: AuthRoute = async ({ ctx }) =>
  authJson({
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: Boolean(ctx.config.google),
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: !ctx.config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });

const notEnabled = () => validationFailed('Unsupported provider: provider is not enabled');

const callbackUrl = (ctx: StackContext) => `${ctx.config.publicUrl}/auth/v1/callback`;

/** GET /authorize?provider=google&redirect_to&scopes&code_challenge&code_challenge_method → 302 to Google. */
export const authorize: AuthRoute = async ({ ctx }, req) => googleRedirect(ctx, req);

/** Sends the browser to Google (or answers {url} with skip_http_redirect). */
async function googleRedirect(ctx: StackContext, req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const provider = params.get('provider');
  const google = ctx.config.google;
  if (provider !== 'google' || !google) throw notEnabled();
  const redirectTo = resolveRedirect(ctx.config, params.get('redirect_to'));
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  let flowStateId: string | null = null;
  if (challenge || method) {
    if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
    flowStateId = await createFlowState(ctx.db, {
      userId: null,
      challenge,
      method,
      providerType: 'google',
      authMethod: 'oauth',
      redirectTo,
    });
  }
  const now = Math.floor(Date.now() / 1000);
  const state = await signJwt(
    {
      exp: now + 600,
      iat: now,
      site_url: ctx.config.siteUrl,
      provider: 'google',
      referrer: redirectTo,
      flow_state_id: flowStateId ?? '',
    },
    ctx.config.jwtSecret,
  );
  const scopes = new Set(['email', 'profile', 'openid', ...(params.get('scopes') ?? '').split(/[\s,]+/).filter(Boolean)]);
  const target = new URL(google.authorizeUrl);
  target.searchParams.set('client_id', google.clientId);
  target.searchParams.set('redirect_uri', callbackUrl(ctx));
  target.searchParams.set('response_type', 'code');
  target.searchParams.set('scope', [...scopes].join(' '));
  target.searchParams.set('state', state);
  target.searchParams.set('access_type', 'offline');
  for (const [key, value] of params) {
    if (!['provider', 'redirect_to', 'scopes', 'code_challenge', 'code_challenge_method', 'skip_http_redirect'].includes(key)) {
      target.searchParams.set(key, value);
    }
  }
  if (params.get('skip_http_redirect') === 'true') return authJson({ url: target.toString() });
  return new Response(null, { status: 302, headers: { location: target.toString() } });
}

interface GoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
}

/** The identity_data GoTrue stores for a Google identity. */
function googleIdentityData(info: GoogleUser): Record<string, unknown> {
  return {
    iss: 'https://accounts.google.com',
    sub: info.sub,
    name: info.name,
    email: info.email?.toLowerCase(),
    picture: info.picture,
    full_name: info.name,
    avatar_url: info.picture,
    provider_id: info.sub,
    email_verified: Boolean(info.email_verified),
    phone_verified: false,
  };
}

/** Finds or creates the user of a Google identity (linking to an existing account by verified e-mail). */
async function upsertGoogleUser(ctx: StackContext, info: GoogleUser): Promise<UserRow> {
  const email = info.email?.toLowerCase();
  const verified = Boolean(info.email_verified);
  const identityData = googleIdentityData(info);
  return ctx.db.transaction(async (tx) => {
    const { rows: identities } = await tx.query<IdentityRow>(
      `select * from auth.identities where provider = 'google' and provider_id = $1`,
      [info.sub],
    );
    let user: UserRow | null = null;
    if (identities[0]) {
      await tx.query('update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1', [
        identities[0].id,
        JSON.stringify(identityData),
      ]);
      user = await findUserById(tx, identities[0].user_id);
    } else {
      user = email && verified ? await findUserByEmail(tx, email) : null;
      if (user) {
        const app = user.raw_app_meta_data ?? {};
        const providers = new Set([...((app.providers as string[]) ?? []), 'google']);
        await tx.query(
          `update auth.users set raw_app_meta_data = $2::jsonb, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
          [user.id, JSON.stringify({ ...app, providers: [...providers] })],
        );
      } else {
        if (email && (await findUserByEmail(tx, email))) {
          throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        const { rows } = await tx.query<UserRow>(
          `insert into auth.users (instance_id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
           values ('00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', $1, $2, $3::jsonb, $4::jsonb) returning *`,
          [
            email ?? null,
            verified ? new Date() : null,
            JSON.stringify({ provider: 'google', providers: ['google'] }),
            JSON.stringify(identityData),
          ],
        );
        user = rows[0]!;
      }
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3::jsonb, 'google', now())`,
        [info.sub, user.id, JSON.stringify(identityData)],
      );
    }
    return (await findUserById(tx, user!.id))!;
  });
}

/** GET /callback?code&state: exchanges the Google code, signs the user in, redirects back to the app. */
export const callback: AuthRoute = async ({ ctx }, req) => {
  const url = new URL(req.url);
  let params = url.searchParams;
  if (req.method === 'POST') {
    const text = await req.text();
    params = new URLSearchParams(text);
  }
  const stateParam = params.get('state') ?? '';
  const verified = await verifyJwt(stateParam, ctx.config.jwtSecret);
  if (!verified.ok) throw new AuthError(400, 'bad_oauth_state', 'OAuth state parameter is invalid');
  const state = verified.claims as { referrer?: string; flow_state_id?: string };
  const redirectTo = resolveRedirect(ctx.config, state.referrer);
  const fail = (error: string, description: string, code = 'bad_oauth_callback') =>
    new Response(null, {
      status: 303,
      headers: { location: withFragment(redirectTo, { error, error_code: code, error_description: description }) },
    });
  const google = ctx.config.google;
  if (!google) throw notEnabled();
  if (params.get('error')) return fail(params.get('error')!, params.get('error_description') ?? 'OAuth provider returned an error');
  const code = params.get('code');
  if (!code) return fail('invalid_request', 'OAuth callback with missing authorization code');

  const tokenRes = await fetch(google.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      code,
      client_id: google.clientId,
      client_secret: google.secret,
      redirect_uri: callbackUrl(ctx),
      grant_type: 'authorization_code',
    }),
  }).catch(() => null);
  const tokens = tokenRes?.ok ? ((await tokenRes.json()) as { access_token?: string; refresh_token?: string }) : null;
  if (!tokens?.access_token) return fail('server_error', 'Unable to exchange external code', 'unexpected_failure');
  const infoRes = await fetch(google.userinfoUrl, { headers: { authorization: `Bearer ${tokens.access_token}` } }).catch(() => null);
  const info = infoRes?.ok ? ((await infoRes.json()) as GoogleUser) : null;
  if (!info?.sub) return fail('server_error', 'Error getting user profile from external provider', 'unexpected_failure');
  if (!info.email) return fail('server_error', 'Error getting user email from external provider', 'provider_email_needs_verification');

  let user: UserRow;
  try {
    user = await upsertGoogleUser(ctx, info);
  } catch (error) {
    if (error instanceof AuthError) return fail('access_denied', error.message, error.errorCode);
    throw error;
  }
  if (isBanned(user)) return fail('access_denied', 'User is banned', 'user_banned');

  if (state.flow_state_id) {
    await ctx.db.query(
      'update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4, updated_at = now() where id = $1',
      [state.flow_state_id, user.id, tokens.access_token, tokens.refresh_token ?? null],
    );
    const authCode = await issueAuthCode(ctx.db, user.id, 'oauth');
    if (!authCode) return fail('invalid_request', 'OAuth flow state not found', 'flow_state_not_found');
    return new Response(null, { status: 302, headers: { location: withQuery(redirectTo, { code: authCode }) } });
  }
  const session = await createSession(ctx, ctx.db, user, 'oauth', req);
  const extra: Record<string, string> = { provider_token: tokens.access_token };
  if (tokens.refresh_token) extra.provider_refresh_token = tokens.refresh_token;
  return new Response(null, { status: 302, headers: { location: withFragment(redirectTo, fragmentOf(session, undefined, extra)) } });
};
