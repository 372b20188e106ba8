import type { AuthError } from '@supabase/supabase-js';
import { z } from 'zod';
import { readBody } from '../_shared/body.ts';
import { serviceDb } from '../_shared/db.ts';
import { callerOf, errorOf, json, preflight } from '../_shared/http.ts';
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
} from '@/shared/core/admin/users.ts';
import { callerSees, isAdminNow, profileById, roleOf, updateProfileAs } from './profiles.ts';

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

/** A form field the dashboard always sends as text; anything else counts as left blank (the rules below word it). */
const formText = z.string().catch('');
/** The account acted on; an id that is not one is refused by target() with its own sentence. */
const targetId = z
  .string()
  .regex(/^[0-9a-f-]{36}$/i)
  .nullable()
  .catch(null);
const formFields = { name: formText, email: formText, phone: formText, password: formText };

const AdminUsersBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('create'),
      ...formFields,
      role: z.custom<AppRole>(isAppRole, { error: 'Unknown role.' }).nullish(),
    }),
    z.object({ action: z.literal('update'), ...formFields, id: targetId }),
    z.object({ action: z.literal('delete'), id: targetId }),
  ],
  { error: 'Unknown action: use create, update or delete.' },
);
type Body<A extends z.infer<typeof AdminUsersBody>['action']> = Extract<z.infer<typeof AdminUsersBody>, { action: A }>;

const refuse = (refusal: AdminRefusal, status: number) => json({ error: refusal.message, title: refusal.title }, status);
const validationError = (message: string) => refuse({ title: VALIDATION_ERROR_TITLE, message }, 400);

/** Auth's "email_exists" (GoTrue 422) as 'User Exists' ('A user with this email already exists.'); anything else as a validation error. */
function authFailure(error: AuthError): Response {
  if (error.code === 'email_exists' || (error.status === 422 && /already been registered/i.test(error.message)))
    return refuse(USER_EXISTS, 409);
  return validationError(error.message || 'The account could not be saved.');
}

async function createUser(token: string, caller: AppRole, body: Body<'create'>): Promise<Response> {
  const form = normalizeUserForm(body);
  const role = body.role ?? DEFAULT_NEW_USER_ROLE;
  const problem = validateNewUser(form, role, caller);
  if (problem) return refuse(problem, problem.title === 'Action Denied' ? 403 : 400);
  const auth = serviceDb().auth.admin;
  const created = await auth.createUser({
    email: form.email,
    password: form.password,
    email_confirm: true,
    user_metadata: { name: form.name },
  });
  if (created.error) return authFailure(created.error);
  const { id } = created.data.user;
  // The profile (made by the auth trigger) gets its details and role as the caller: the role guard has the last word.
  const profile = await updateProfileAs(token, id, { name: form.name, phone: form.phone || null, role });
  if (!profile.ok) {
    await auth.deleteUser(id);
    return refuse({ title: 'Action Denied', message: profile.message }, profile.status === 400 ? 400 : 403);
  }
  return json({ user: profile.user }, 201);
}

/** The target account, or the refusal to answer with. */
async function target(token: string, callerId: string, caller: AppRole, id: string | null, action: 'edit' | 'delete') {
  if (!id) return { refusal: validationError('Which user? The request has no user id.') };
  const user = await profileById(id);
  if (!user) return { refusal: refuse({ title: 'User Not Found', message: 'This user no longer exists.' }, 404) };
  const refusal = refuseManage(action, caller, { role: user.role, self: id === callerId });
  if (refusal) return { refusal: refuse(refusal, 403) };
  if (!(await callerSees(token, id))) return { refusal: refuse(ACCESS_DENIED, 403) };
  return { user };
}

async function updateUser(token: string, callerId: string, caller: AppRole, body: Body<'update'>): Promise<Response> {
  const form = normalizeUserForm(body);
  const message = firstFieldError(validateUserEdit(form));
  if (message) return validationError(message);
  const found = await target(token, callerId, caller, body.id, 'edit');
  if (found.refusal) return found.refusal;
  const { user } = found;
  // Blank password keeps the old one.
  const updated = await serviceDb().auth.admin.updateUserById(user.id, {
    user_metadata: { name: form.name },
    ...(form.email !== user.email ? { email: form.email } : {}),
    ...(form.password ? { password: form.password } : {}),
  });
  if (updated.error) return authFailure(updated.error);
  const profile = await updateProfileAs(token, user.id, { name: form.name, phone: form.phone || null });
  if (!profile.ok) return refuse({ title: 'Action Denied', message: profile.message }, 403);
  return json({ user: profile.user });
}

async function deleteUser(token: string, callerId: string, caller: AppRole, body: Body<'delete'>): Promise<Response> {
  const found = await target(token, callerId, caller, body.id, 'delete');
  if (found.refusal) return found.refusal;
  const removed = await serviceDb().auth.admin.deleteUser(found.user.id);
  if (removed.error) return refuse({ title: 'Error deleting user', message: 'The account could not be deleted. Please try again.' }, 502);
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
  if (!role || !isAdminRole(role) || !(await isAdminNow(caller.token))) return refuse(ACCESS_DENIED, 403);
  const read = await readBody(req, AdminUsersBody);
  if (!read.ok) return validationError(await errorOf(read.response));
  const body = read.body;
  switch (body.action) {
    case 'create':
      return createUser(caller.token, role, body);
    case 'update':
      return updateUser(caller.token, caller.id, role, body);
    case 'delete':
      return deleteUser(caller.token, caller.id, role, body);
  }
}
