import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { AdminRefusal, AppRole } from '../core/adminRoles.ts';
import type { ManagedUser, UserFormInput } from '../core/adminUsers.ts';

/**
 * The admin screen's calls (spec 001 "Admin screen"): the list and role changes are database
 * functions (admin_list_users, admin_set_user_role); create, edit and delete go through the
 * admin-users Edge Function (they need the Auth admin API). Every call is refused by the server
 * for callers who may not make it; failures come back as { title, message } for a toast.
 */

export type AdminResult<T> = { data: T; error: null } | { data: null; error: AdminRefusal };

const FUNCTION = 'admin-users';

const failure = (title: string, message: string): AdminResult<never> => ({ data: null, error: { title, message } });

/** A database refusal (42501) is the spec's Access Denied; anything else keeps its message. */
function fromPostgrest(error: { code?: string; message: string }, title: string): AdminResult<never> {
  return failure(error.code === '42501' ? 'Access Denied' : title, error.message);
}

export async function listManagedUsers(client: SupabaseClient): Promise<AdminResult<ManagedUser[]>> {
  const { data, error } = await client.rpc('admin_list_users');
  if (error) return fromPostgrest(error, 'Error fetching users');
  return { data: (data ?? []) as ManagedUser[], error: null };
}

export async function setUserRole(client: SupabaseClient, userId: string, role: AppRole): Promise<AdminResult<ManagedUser>> {
  const { data, error } = await client.rpc('admin_set_user_role', { target_id: userId, new_role: role }).single();
  if (error) return fromPostgrest(error, 'Error updating role');
  return { data: data as ManagedUser, error: null };
}

/** Calls the admin-users function; its refusals carry the spec's toast title. */
async function invoke<T>(client: SupabaseClient, body: Record<string, unknown>, fallbackTitle: string): Promise<AdminResult<T>> {
  const { data, error } = await client.functions.invoke(FUNCTION, { body });
  if (!error) return { data: data as T, error: null };
  if (error instanceof FunctionsHttpError) {
    const answer = (await (error.context as Response).json().catch(() => null)) as { error?: string; title?: string } | null;
    if (answer?.error) return failure(answer.title ?? fallbackTitle, answer.error);
  }
  return failure(fallbackTitle, 'The server could not be reached. Please try again.');
}

export async function createManagedUser(client: SupabaseClient, input: UserFormInput & { role: AppRole }): Promise<AdminResult<ManagedUser>> {
  const result = await invoke<{ user: ManagedUser }>(client, { action: 'create', ...input }, 'Error adding user');
  return result.error ? result : { data: result.data.user, error: null };
}

/** Saves name, e-mail, phone and (when not blank) a new password. */
export async function updateManagedUser(client: SupabaseClient, userId: string, input: UserFormInput): Promise<AdminResult<ManagedUser>> {
  const result = await invoke<{ user: ManagedUser }>(client, { action: 'update', id: userId, ...input }, 'Error updating user');
  return result.error ? result : { data: result.data.user, error: null };
}

export async function deleteManagedUser(client: SupabaseClient, userId: string): Promise<AdminResult<string>> {
  const result = await invoke<{ deleted: string }>(client, { action: 'delete', id: userId }, 'Error deleting user');
  return result.error ? result : { data: result.data.deleted, error: null };
}
