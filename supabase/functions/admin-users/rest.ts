import { env } from '../_shared/http.ts';
import { isAppRole, type AppRole } from '@/shared/core/admin/roles.ts';
import type { ManagedUser } from '@/shared/core/admin/users.ts';

/**
 * The database as the admin-users function sees it: as the caller (their JWT, so RLS and the
 * role guard decide) or as the service role (to look an account up before refusing it with the
 * user-facing message). Plain fetch, so the file runs in Node (local stack) and Deno alike.
 */

const PROFILE_COLUMNS = 'id,name,email,phone,role,created_at';

type Who = { token: string } | 'service';

export interface RestResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  message: string;
}

async function rest<T>(who: Who, path: string, init: RequestInit = {}): Promise<RestResult<T>> {
  const key = who === 'service' ? env('SUPABASE_SERVICE_ROLE_KEY') : env('SUPABASE_ANON_KEY');
  const token = who === 'service' ? key : who.token;
  const res = await fetch(`${env('SUPABASE_URL')}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: key,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...init.headers,
    },
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok)
    return { ok: false, status: res.status, data: null, message: (body as { message?: string } | null)?.message ?? res.statusText };
  return { ok: true, status: res.status, data: body as T, message: '' };
}

/** The caller's role, from the database (null for a signed-in account without a profile). */
export async function roleOf(token: string): Promise<AppRole | null> {
  const result = await rest<unknown>({ token }, 'rpc/current_app_role', { method: 'POST', body: '{}' });
  return result.ok && isAppRole(result.data) ? result.data : null;
}

/** The database's word on whether the caller is an admin now: the role, and a two-factor session when the account has a factor. */
export async function isAdminNow(token: string): Promise<boolean> {
  const result = await rest<unknown>({ token }, 'rpc/is_admin', { method: 'POST', body: '{}' });
  return result.ok && result.data === true;
}

/** Any account's profile (service role), or null. */
export async function profileById(id: string): Promise<ManagedUser | null> {
  const result = await rest<ManagedUser[]>('service', `profiles?select=${PROFILE_COLUMNS}&id=eq.${encodeURIComponent(id)}`);
  return result.data?.[0] ?? null;
}

/** Whether the caller may see this profile through RLS: the database's word on "may manage". */
export async function callerSees(token: string, id: string): Promise<boolean> {
  const result = await rest<{ id: string }[]>({ token }, `profiles?select=id&id=eq.${encodeURIComponent(id)}`);
  return (result.data?.length ?? 0) === 1;
}

/** Updates a profile as the caller; the updated row, or the database's refusal. */
export async function updateProfileAs(
  token: string,
  id: string,
  patch: Partial<Pick<ManagedUser, 'name' | 'phone' | 'role'>>,
): Promise<RestResult<ManagedUser>> {
  const result = await rest<ManagedUser[]>({ token }, `profiles?select=${PROFILE_COLUMNS}&id=eq.${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(patch),
  });
  if (!result.ok) return { ...result, data: null };
  const row = result.data?.[0] ?? null;
  return row ? { ...result, data: row } : { ok: false, status: 403, data: null, message: 'You are not allowed to change this account.' };
}
