import type { Enums } from '../database.types.ts';
import type { AppClient } from '../supabase.ts';
import type { AppRole } from '../../core/admin/roles.ts';
import type { ManagedUser, UserFormInput } from '../../core/admin/users.ts';
import { functionErrorKind, functionRefusal } from '../functions.ts';
import { failTitled, ok, RLS_REFUSED, type DataResult, type TitledError } from '../result.ts';

/**
 * The admin screen's calls: the list and role changes are database functions (admin_list_users,
 * admin_set_user_role); create, edit and delete go through the admin-users Edge Function (they
 * need the Auth admin API). The server refuses every call its caller may not make; a failure
 * carries the toast's title with its message.
 */

type AdminResult<T> = DataResult<T, TitledError>;

/** AppRole (shared/core) must stay the database's app_role: this fails to compile if they drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const APP_ROLE_IS_DB_ENUM: Same<AppRole, Enums<'app_role'>> = true;
void APP_ROLE_IS_DB_ENUM;

const FUNCTION = 'admin-users';

/** A database refusal (row-level security) is titled Access Denied; anything else keeps its message. */
function fromPostgrest(error: { code?: string; message: string }, title: string) {
  return failTitled(error, error.code === RLS_REFUSED ? 'refused' : 'server', error.code === RLS_REFUSED ? 'Access Denied' : title);
}

export async function listManagedUsers(client: AppClient): Promise<AdminResult<ManagedUser[]>> {
  const { data, error } = await client.rpc('admin_list_users');
  if (error) return fromPostgrest(error, 'Error fetching users');
  return ok<ManagedUser[]>(data ?? []);
}

export async function setUserRole(client: AppClient, userId: string, role: AppRole): Promise<AdminResult<ManagedUser>> {
  const { data, error } = await client.rpc('admin_set_user_role', { target_id: userId, new_role: role }).single();
  if (error) return fromPostgrest(error, 'Error updating role');
  return ok<ManagedUser>(data);
}

/** Calls the admin-users function; its refusals carry their own toast title. */
async function invoke<T>(client: AppClient, body: Record<string, unknown>, fallbackTitle: string): Promise<AdminResult<T>> {
  const { data, error } = await client.functions.invoke(FUNCTION, { body });
  if (!error) return ok(data as T);
  const refusal = await functionRefusal(error);
  if (refusal?.error)
    return failTitled(
      { message: refusal.error, code: refusal.code ?? undefined },
      functionErrorKind(error, refusal),
      refusal.title ?? fallbackTitle,
    );
  return failTitled({ message: 'The server could not be reached. Please try again.' }, 'network', fallbackTitle);
}

export async function createManagedUser(client: AppClient, input: UserFormInput & { role: AppRole }): Promise<AdminResult<ManagedUser>> {
  const result = await invoke<{ user: ManagedUser }>(client, { action: 'create', ...input }, 'Error adding user');
  return result.error ? result : ok(result.data.user);
}

/** Saves name, e-mail, phone and (when not blank) a new password. */
export async function updateManagedUser(client: AppClient, userId: string, input: UserFormInput): Promise<AdminResult<ManagedUser>> {
  const result = await invoke<{ user: ManagedUser }>(client, { action: 'update', id: userId, ...input }, 'Error updating user');
  return result.error ? result : ok(result.data.user);
}

export async function deleteManagedUser(client: AppClient, userId: string): Promise<AdminResult<string>> {
  const result = await invoke<{ deleted: string }>(client, { action: 'delete', id: userId }, 'Error deleting user');
  return result.error ? result : ok(result.data.deleted);
}
