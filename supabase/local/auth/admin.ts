import { bearerToken, verifyJwt } from '../jwt.ts';
import type { StackContext } from '../context.ts';
import { authJson, readBody, str, obj, AuthError, forbidden, notFound, unprocessable, validationFailed } from './errors.ts';
import { actionLink, issueToken, sendTokenMail, type TokenType } from './otp.ts';
import { resolveRedirect } from './redirect.ts';
import type { AuthRoute } from './types.ts';
import {
  createUser,
  factorJson,
  findUserByEmail,
  findUserById,
  hashPassword,
  isConfirmed,
  mergeMetadata,
  userJson,
  validateEmail,
  validatePassword,
  type FactorRow,
  type UserRow,
} from './users.ts';

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** Admin endpoints need a service_role JWT in Authorization (GoTrue requireAdmin). */
async function requireAdmin(ctx: StackContext, req: Request): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  const verified = await verifyJwt(token, ctx.config);
  if (!verified.ok) throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.message}`);
  if (!ADMIN_ROLES.has(String(verified.claims.role ?? ''))) throw forbidden('not_admin', 'User not allowed');
}

async function targetUser(ctx: StackContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** Go duration ("24h", "1h30m", "876000h") or "none" → banned_until. */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let consumed = '';
  for (const m of duration.matchAll(re)) {
    total += Number(m[1]) * unit[m[2]!]!;
    consumed += m[0];
  }
  if (!consumed || consumed !== duration) throw validationFailed(`invalid format for ban duration: ${duration}`);
  return new Date(Date.now() + total);
}

/** GET /admin/users?page&per_page → {users, aud} + x-total-count and link headers */
const list: AuthRoute = async ({ ctx }, req) => {
  await requireAdmin(ctx, req);
  const params = new URL(req.url).searchParams;
  const page = Math.max(1, Number.parseInt(params.get('page') || '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(params.get('per_page') || '50', 10) || 50));
  const { rows: countRows } = await ctx.db.query<{ n: string }>('select count(*)::text as n from auth.users');
  const total = Number(countRows[0]!.n);
  const { rows } = await ctx.db.query<UserRow>('select * from auth.users order by created_at desc, id limit $1 offset $2', [
    perPage,
    (page - 1) * perPage,
  ]);
  const users = [];
  for (const row of rows) users.push(await userJson(ctx.db, row));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return authJson({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(total), link: links.join(', ') });
};

/** POST /admin/users */
const create: AuthRoute = async ({ ctx }, req) => {
  const body = await readBody(req);
  await requireAdmin(ctx, req);
  if (!str(body, 'email')) throw validationFailed('Unable to validate email address: invalid format');
  const email = validateEmail(str(body, 'email'));
  const password = str(body, 'password');
  if (password !== undefined) validatePassword(password);
  if (await findUserByEmail(ctx.db, email)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const appMeta = obj(body, 'app_metadata') ?? {};
  let user = await createUser(ctx.db, {
    email,
    password: password ?? null,
    userMetadata: obj(body, 'user_metadata') ?? {},
    appMetadata: appMeta,
    confirmed: body.email_confirm === true,
    role: str(body, 'role') || 'authenticated',
  });
  const ban = str(body, 'ban_duration');
  if (ban) {
    await ctx.db.query('update auth.users set banned_until = $2 where id = $1', [user.id, banUntil(ban)]);
    user = (await findUserById(ctx.db, user.id))!;
  }
  return authJson(await userJson(ctx.db, user));
};

const get: AuthRoute = async ({ ctx }, req, [id]) => {
  await requireAdmin(ctx, req);
  return authJson(await userJson(ctx.db, await targetUser(ctx, id!)));
};

/** PUT /admin/users/{id} */
const update: AuthRoute = async ({ ctx }, req, [id]) => {
  const body = await readBody(req);
  await requireAdmin(ctx, req);
  const user = await targetUser(ctx, id!);
  const sets: string[] = [];
  const values: unknown[] = [user.id];
  const set = (sql: string, value: unknown) => {
    values.push(value);
    sets.push(sql.replace('?', `$${values.length}`));
  };
  const appMeta = obj(body, 'app_metadata');
  if (appMeta) set('raw_app_meta_data = ?::jsonb', JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMeta)));
  const userMeta = obj(body, 'user_metadata');
  if (userMeta) set('raw_user_meta_data = ?::jsonb', JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMeta)));
  const password = str(body, 'password');
  if (password !== undefined) set('encrypted_password = ?', await hashPassword(validatePassword(password)));
  const emailInput = str(body, 'email');
  if (emailInput !== undefined) {
    const email = validateEmail(emailInput);
    const taken = await findUserByEmail(ctx.db, email);
    if (taken && taken.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    set('email = ?', email);
    await ctx.db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
      [user.id, email],
    );
  }
  if (body.email_confirm === true && !isConfirmed(user)) set('email_confirmed_at = ?', new Date());
  const role = str(body, 'role');
  if (role) set('role = ?', role);
  const ban = str(body, 'ban_duration');
  if (ban) set('banned_until = ?', banUntil(ban));
  if (sets.length) await ctx.db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`, values);
  if (ban && ban !== 'none') await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  return authJson(await userJson(ctx.db, (await findUserById(ctx.db, user.id))!));
};

/** DELETE /admin/users/{id} → {} */
const remove: AuthRoute = async ({ ctx }, req, [id]) => {
  const body = await readBody(req);
  await requireAdmin(ctx, req);
  const user = await targetUser(ctx, id!);
  if (body.should_soft_delete === true) {
    await ctx.db.query(
      `update auth.users set deleted_at = now(), email = null, encrypted_password = null, raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
      [user.id],
    );
    await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    await ctx.db.query('delete from auth.identities where user_id = $1', [user.id]);
  } else {
    await ctx.db.query('delete from auth.users where id = $1', [user.id]);
  }
  return authJson({});
};

const listFactors: AuthRoute = async ({ ctx }, req, [id]) => {
  await requireAdmin(ctx, req);
  const user = await targetUser(ctx, id!);
  const { rows } = await ctx.db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [user.id]);
  return authJson(rows.map(factorJson));
};

const deleteFactor: AuthRoute = async ({ ctx }, req, [id, factorId]) => {
  await requireAdmin(ctx, req);
  const user = await targetUser(ctx, id!);
  const { rows } = await ctx.db.query<FactorRow>('delete from auth.mfa_factors where id::text = $1 and user_id = $2 returning *', [
    factorId,
    user.id,
  ]);
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return authJson(factorJson(rows[0]));
};

const redirectOf = (ctx: StackContext, req: Request, body: Record<string, unknown>) =>
  resolveRedirect(ctx.config, str(body, 'redirect_to') ?? new URL(req.url).searchParams.get('redirect_to'));

/** POST /invite {email, data}: creates the user and mails an invite link. */
const invite: AuthRoute = async (deps, req) => {
  const { ctx } = deps;
  const body = await readBody(req);
  await requireAdmin(ctx, req);
  const email = validateEmail(str(body, 'email'));
  let user = await findUserByEmail(ctx.db, email);
  if (user && isConfirmed(user)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
  if (!user) user = await createUser(ctx.db, { email, userMetadata: obj(body, 'data') ?? {}, invited: true });
  await sendTokenMail(ctx, deps.limiter, user, 'invite', redirectOf(ctx, req, body), false);
  return authJson(await userJson(ctx.db, (await findUserById(ctx.db, user.id))!));
};

/** POST /admin/generate_link {type, email, password?, data?, redirect_to?} — no mail is sent. */
const generateLink: AuthRoute = async ({ ctx }, req) => {
  const body = await readBody(req);
  await requireAdmin(ctx, req);
  const type = str(body, 'type') as TokenType | undefined;
  if (!type || !['signup', 'magiclink', 'recovery', 'invite'].includes(type)) {
    throw validationFailed('Invalid link type: must be one of signup, magiclink, recovery, invite');
  }
  const email = validateEmail(str(body, 'email'));
  const redirectTo = redirectOf(ctx, req, body);
  let user = await findUserByEmail(ctx.db, email);
  const data = obj(body, 'data') ?? {};
  if (type === 'signup' || type === 'invite') {
    if (user && isConfirmed(user)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (!user) {
      const password = type === 'signup' ? validatePassword(str(body, 'password')) : null;
      user = await createUser(ctx.db, { email, password, userMetadata: data, invited: type === 'invite' });
    }
  } else if (!user) {
    throw notFound('user_not_found', 'User with this email not found');
  }
  const token = await issueToken(ctx.db, user, type, false);
  const fresh = await userJson(ctx.db, (await findUserById(ctx.db, user.id))!);
  return authJson({
    ...fresh,
    action_link: actionLink(ctx, token.stored, type, redirectTo),
    email_otp: token.otp,
    hashed_token: token.hashed,
    verification_type: type,
    redirect_to: redirectTo,
  });
};

export const admin = { list, create, get, update, remove, listFactors, deleteFactor, invite, generateLink };
