import { authAdmin, callerOf, json, preflight } from '../_shared/http.ts';
import {
  ACCESS_DENIED,
  DEFAULT_NEW_USER_ROLE,
  isAdminRole,
  isAppRole,
  refuseManage,
  type AdminRefusal,
  type AppRole,
} from '@/shared/core/admin/roles.ts';
import {
  firstFieldError,
  normalizeUserForm,
  USER_EXISTS,
  validateNewUser,
  validateUserEdit,
  VALIDATION_ERROR_TITLE,
  type UserFormInput,
} from '@/shared/core/admin/users.ts';
import { callerSees, isAdminNow, profileById, roleOf, updateProfileAs } from './rest.ts';

/**
 * POST /functions/v1/admin-users — the admin screen's account changes that need the Auth admin
 * API: create, edit (name, e-mail, phone,
 * password) and delete. Role changes are plain database calls (admin_set_user_role).
 *
 * The caller's JWT is checked by Auth and their role read from the database; each change is then
 * checked three times: the pure rules (shared/core, which also word the refusals), the database as the
 * caller (RLS must show them the account, and profile writes go through the role guard), and only
 * then the service role acts. Errors answer { error, title } with the toast title the dashboard shows.
 */

type Action = { action: 'create'; role?: unknown } | { action: 'update'; id?: unknown } | { action: 'delete'; id?: unknown };

const refuse = (refusal: AdminRefusal, status: number) => json({ error: refusal.message, title: refusal.title }, status);
const validationError = (message: string) => refuse({ title: VALIDATION_ERROR_TITLE, message }, 400);

const formOf = (body: Record<string, unknown>): UserFormInput => {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  return { name: text('name'), email: text('email'), phone: text('phone'), password: text('password') };
};

/** Auth's "email_exists" (GoTrue 422) as 'User Exists' ('A user with this email already exists.'); anything else as a validation error. */
async function authFailure(res: Response): Promise<Response> {
  const body = (await res.json().catch(() => ({}))) as { error_code?: string; msg?: string; message?: string };
  if (body.error_code === 'email_exists' || (res.status === 422 && /already been registered/i.test(body.msg ?? '')))
    return refuse(USER_EXISTS, 409);
  return validationError(body.msg ?? body.message ?? 'The account could not be saved.');
}

async function createUser(token: string, caller: AppRole, body: Record<string, unknown>): Promise<Response> {
  const form = normalizeUserForm(formOf(body));
  const role = body.role === undefined || body.role === null ? DEFAULT_NEW_USER_ROLE : body.role;
  if (!isAppRole(role)) return validationError('Unknown role.');
  const problem = validateNewUser(form, role, caller);
  if (problem) return refuse(problem, problem.title === 'Action Denied' ? 403 : 400);
  const created = await authAdmin('users', {
    method: 'POST',
    body: JSON.stringify({ email: form.email, password: form.password, email_confirm: true, user_metadata: { name: form.name } }),
  });
  if (!created.ok) return authFailure(created);
  const { id } = (await created.json()) as { id: string };
  // The profile (made by the auth trigger) gets its details and role as the caller: the role guard has the last word.
  const profile = await updateProfileAs(token, id, { name: form.name, phone: form.phone || null, role });
  if (!profile.ok) {
    await authAdmin(`users/${id}`, { method: 'DELETE' });
    return refuse({ title: 'Action Denied', message: profile.message }, profile.status === 400 ? 400 : 403);
  }
  return json({ user: profile.data }, 201);
}

/** The target account, or the refusal to answer with. */
async function target(token: string, callerId: string, caller: AppRole, id: unknown, action: 'edit' | 'delete') {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
    return { refusal: validationError('Which user? The request has no user id.') };
  const user = await profileById(id);
  if (!user) return { refusal: refuse({ title: 'User Not Found', message: 'This user no longer exists.' }, 404) };
  const refusal = refuseManage(action, caller, { role: user.role, self: id === callerId });
  if (refusal) return { refusal: refuse(refusal, 403) };
  if (!(await callerSees(token, id))) return { refusal: refuse(ACCESS_DENIED, 403) };
  return { user };
}

async function updateUser(token: string, callerId: string, caller: AppRole, body: Record<string, unknown>): Promise<Response> {
  const form = normalizeUserForm(formOf(body));
  const message = firstFieldError(validateUserEdit(form));
  if (message) return validationError(message);
  const found = await target(token, callerId, caller, body.id, 'edit');
  if (found.refusal) return found.refusal;
  const { user } = found;
  // Blank password keeps the old one.
  const authChanges: Record<string, unknown> = { user_metadata: { name: form.name } };
  if (form.email !== user.email) authChanges.email = form.email;
  if (form.password) authChanges.password = form.password;
  const updated = await authAdmin(`users/${user.id}`, { method: 'PUT', body: JSON.stringify(authChanges) });
  if (!updated.ok) return authFailure(updated);
  const profile = await updateProfileAs(token, user.id, { name: form.name, phone: form.phone || null });
  if (!profile.ok) return refuse({ title: 'Action Denied', message: profile.message }, 403);
  return json({ user: profile.data });
}

async function deleteUser(token: string, callerId: string, caller: AppRole, body: Record<string, unknown>): Promise<Response> {
  const found = await target(token, callerId, caller, body.id, 'delete');
  if (found.refusal) return found.refusal;
  const removed = await authAdmin(`users/${found.user.id}`, { method: 'DELETE' });
  if (!removed.ok) return refuse({ title: 'Error deleting user', message: 'The account could not be deleted. Please try again.' }, 502);
  return json({ deleted: found.user.id });
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const caller = await callerOf(req);
  if (!caller) return refuse({ title: 'Access Denied', message: 'Sign in first.' }, 401);
  const role = await roleOf(caller.token);
  // isAdminNow: an admin account with two-factor authentication counts only in a two-factor session.
  if (!isAdminRole(role) || !(await isAdminNow(caller.token))) return refuse(ACCESS_DENIED, 403);
  let body: Record<string, unknown> & Action;
  try {
    body = (await req.json()) as Record<string, unknown> & Action;
  } catch {
    return validationError('The request body must be JSON.');
  }
  switch (body?.action) {
    case 'create':
      return createUser(caller.token, role!, body);
    case 'update':
      return updateUser(caller.token, caller.id, role!, body);
    case 'delete':
      return deleteUser(caller.token, caller.id, role!, body);
    default:
      return validationError('Unknown action: use create, update or delete.');
  }
}
