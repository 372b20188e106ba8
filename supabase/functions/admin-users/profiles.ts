import { isAppRole, type AppRole } from '@/shared/core/admin/roles.ts';
import type { Tables, TablesUpdate } from '@/shared/data/database.types.ts';
import { callerDb, serviceDb } from '../_shared/db.ts';

/**
 * The database as the admin-users function sees it: as the caller (their JWT, so RLS and the
 * role guard decide) or as the service role (to look an account up before refusing it with the
 * user-facing message). The two questions about the caller fail closed: no answer is a no.
 */

const PROFILE_COLUMNS = 'id, name, email, phone, role, created_at';

export type Profile = Pick<Tables<'profiles'>, 'id' | 'name' | 'email' | 'phone' | 'role' | 'created_at'>;

export type ProfileWrite = { ok: true; user: Profile } | { ok: false; status: number; message: string };

/** The caller's role, from the database (null for a signed-in account without a profile, or no answer). */
export async function roleOf(token: string): Promise<AppRole | null> {
  const { data, error } = await callerDb(token).rpc('current_app_role');
  return !error && isAppRole(data) ? data : null;
}

/** The database's word on whether the caller is an admin now: the role, and a two-factor session when the account has a factor. */
export async function isAdminNow(token: string): Promise<boolean> {
  const { data, error } = await callerDb(token).rpc('is_admin');
  return !error && data === true;
}

/** Any account's profile (service role), or null when there is none; throws when the database cannot be read. */
export async function profileById(id: string): Promise<Profile | null> {
  const { data, error } = await serviceDb().from('profiles').select(PROFILE_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new Error(`reading the profile failed: ${error.message}`);
  return data;
}

/** Whether the caller may see this profile through RLS: the database's word on "may manage". */
export async function callerSees(token: string, id: string): Promise<boolean> {
  const { data, error } = await callerDb(token).from('profiles').select('id').eq('id', id);
  return !error && data.length === 1;
}

/** Updates a profile as the caller; the updated row, or the database's refusal. */
export async function updateProfileAs(
  token: string,
  id: string,
  patch: Pick<TablesUpdate<'profiles'>, 'name' | 'phone' | 'role'>,
): Promise<ProfileWrite> {
  const { data, error, status } = await callerDb(token).from('profiles').update(patch).eq('id', id).select(PROFILE_COLUMNS);
  if (error) return { ok: false, status, message: error.message };
  const [row] = data;
  return row ? { ok: true, user: row } : { ok: false, status: 403, message: 'You are not allowed to change this account.' };
}
