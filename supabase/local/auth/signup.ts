import { authJson, readBody, str, obj, AuthError, unprocessable, validationFailed } from './errors.ts';
import { createFlowState, FLOW_METHOD, pkceParams, sendTokenMail, type TokenType } from './otp.ts';
import { resolveRedirect } from './redirect.ts';
import { createSession } from './tokens.ts';
import type { AuthRoute } from './types.ts';
import {
  createUser,
  findUserByEmail,
  hashPassword,
  isConfirmed,
  mergeMetadata,
  obfuscatedUser,
  userJson,
  validateEmail,
  validatePassword,
} from './users.ts';

const redirectParam = (req: Request, body: Record<string, unknown>) =>
  new URL(req.url).searchParams.get('redirect_to') ?? str(body, 'redirect_to') ?? null;

/** POST /signup */
export const signup: AuthRoute = async (deps, req) => {
  const { ctx, limiter } = deps;
  const body = await readBody(req);
  // supabase.auth.signInAnonymously() sends neither e-mail nor phone: refused as GoTrue does with
  // anonymous sign-ins off (the CLI's default), the only setting the app uses.
  if (!str(body, 'email') && !str(body, 'phone')) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  limiter.check('signUp', req);
  if (str(body, 'phone') && !str(body, 'email')) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (!str(body, 'email')) throw validationFailed('To signup, please provide your email');
  const email = validateEmail(str(body, 'email'));
  const password = validatePassword(str(body, 'password'));
  const data = obj(body, 'data') ?? {};
  const pkce = pkceParams(body);
  const redirectTo = resolveRedirect(ctx.config, redirectParam(req, body));
  const confirm = ctx.config.enableConfirmations;

  let user = await findUserByEmail(ctx.db, email);
  if (confirm && !(user && isConfirmed(user))) limiter.assertEmailAvailable();
  if (user && isConfirmed(user)) {
    if (!confirm) throw unprocessable('user_already_exists', 'User already registered');
    // GoTrue answers with a look-alike user (empty identities, no session, no mail): no enumeration.
    return authJson(obfuscatedUser(email, data));
  }
  if (user) {
    // Unconfirmed: GoTrue updates the password and metadata and sends a new confirmation.
    await ctx.db.query('update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = now() where id = $1', [
      user.id,
      await hashPassword(password),
      JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
    ]);
  } else {
    user = await createUser(ctx.db, { email, password, userMetadata: data, confirmed: !confirm });
  }
  if (!confirm) {
    return authJson(await createSession(ctx, ctx.db, user, 'password', req));
  }
  if (pkce) {
    await createFlowState(ctx.db, {
      userId: user.id,
      challenge: pkce.challenge,
      method: pkce.method,
      providerType: 'email',
      authMethod: FLOW_METHOD.signup,
      redirectTo,
    });
  }
  await sendTokenMail(ctx, limiter, user, 'signup', redirectTo, Boolean(pkce));
  const fresh = (await findUserByEmail(ctx.db, email))!;
  return authJson(await userJson(ctx.db, fresh));
};

async function sendFlowMail(
  deps: Parameters<AuthRoute>[0],
  req: Request,
  body: Record<string, unknown>,
  email: string,
  type: TokenType,
  userId: string,
) {
  const { ctx, limiter } = deps;
  const pkce = pkceParams(body);
  const redirectTo = resolveRedirect(ctx.config, redirectParam(req, body));
  if (pkce) {
    await createFlowState(ctx.db, {
      userId,
      challenge: pkce.challenge,
      method: pkce.method,
      providerType: 'email',
      authMethod: FLOW_METHOD[type],
      redirectTo,
    });
  }
  const user = (await findUserByEmail(ctx.db, email))!;
  await sendTokenMail(ctx, limiter, user, type, redirectTo, Boolean(pkce));
}

/** POST /recover: always {} (no user enumeration); mails a recovery link when the user exists. */
export const recover: AuthRoute = async (deps, req) => {
  const body = await readBody(req);
  deps.limiter.check('recover', req);
  const email = validateEmail(str(body, 'email'));
  const user = await findUserByEmail(deps.ctx.db, email);
  if (user) await sendFlowMail(deps, req, body, email, 'recovery', user.id);
  return authJson({});
};

/** POST /otp: magic link by e-mail (creates the user unless create_user is false). */
export const otp: AuthRoute = async (deps, req) => {
  const body = await readBody(req);
  const { ctx } = deps;
  if (str(body, 'phone') && !str(body, 'email')) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  const email = validateEmail(str(body, 'email'));
  let user = await findUserByEmail(ctx.db, email);
  if (!user) {
    if (body.create_user === false) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    deps.limiter.check('signUp', req);
    user = await createUser(ctx.db, { email, userMetadata: obj(body, 'data') ?? {}, confirmed: false });
  }
  await sendFlowMail(deps, req, body, email, 'magiclink', user.id);
  return authJson({});
};

/** POST /resend {type: signup|email_change, email}. */
export const resend: AuthRoute = async (deps, req) => {
  const body = await readBody(req);
  const type = str(body, 'type');
  const email = validateEmail(str(body, 'email'));
  const user = await findUserByEmail(deps.ctx.db, email);
  if (type === 'signup') {
    if (user && !isConfirmed(user)) await sendFlowMail(deps, req, body, email, 'signup', user.id);
  } else if (type === 'email_change') {
    if (user?.email_change) {
      const redirectTo = resolveRedirect(deps.ctx.config, redirectParam(req, body));
      await sendTokenMail(deps.ctx, deps.limiter, user, 'email_change', redirectTo, false, user.email_change);
    }
  } else {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  return authJson({});
};
