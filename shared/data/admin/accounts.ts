import type { TablesUpdate } from '../database.types.ts';
import type { AppClient } from '../supabase.ts';
import { isSimpleEmail } from '../../core/auth.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../core/admin/users.ts';
import { fail, invalid, ok, type DataResult } from '../result.ts';

/**
 * The first master admin (nobody can make one from the dashboard): creates the account, or finds
 * it, and gives it the master_admin role — through the Auth admin API and the database with the
 * service role key, so it works against the local stack and a hosted project alike. Used by
 * `npm run admin:create` and by the local stack's MASTER_ADMIN_EMAIL.
 */

export interface MasterAdminRequest {
  email: string;
  /** Sets (or, for an existing account, replaces) the password; a new account without one gets a generated password. */
  password?: string;
  name?: string;
}

export interface MasterAdminResult {
  id: string;
  email: string;
  created: boolean;
  /** Whether the account was not a master admin before. */
  promoted: boolean;
  /** Only when one was generated for a new account: show it once. */
  generatedPassword?: string;
}

/** 20 characters from a 56-letter alphabet without look-alikes (about 116 bits). */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A failure whose message says which step failed, keeping the server's code. */
const failed = (step: string, error: { message: string; code?: string }) =>
  fail({ message: `${step}: ${error.message}`, code: error.code });

async function findUserId(service: AppClient, email: string): Promise<DataResult<string | null>> {
  const { data, error } = await service.from('profiles').select('id').eq('email', email).maybeSingle();
  if (error) return failed('Could not look the account up', error);
  if (data) return ok(data.id);
  // An account without a profile (made before the profiles migration): ask Auth itself.
  for (let page = 1; ; page += 1) {
    const { data: list, error: listError } = await service.auth.admin.listUsers({ page, perPage: 1000 });
    if (listError) return failed('Could not list accounts', listError);
    const match = list.users.find((u) => u.email?.toLowerCase() === email);
    if (match) return ok(match.id);
    if (list.users.length < 1000) return ok(null);
  }
}

export async function ensureMasterAdmin(service: AppClient, request: MasterAdminRequest): Promise<DataResult<MasterAdminResult>> {
  const email = request.email.trim().toLowerCase();
  if (!isSimpleEmail(email)) return invalid(`"${request.email}" is not an e-mail address.`);
  if (request.password !== undefined && request.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    return invalid(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`);
  }
  const found = await findUserId(service, email);
  if (found.error) return found;
  let id = found.data;
  let created = false;
  let generatedPassword: string | undefined;
  if (!id) {
    const password = request.password ?? (generatedPassword = generatePassword());
    const { data, error } = await service.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: request.name ? { name: request.name } : {},
    });
    if (error || !data.user) return failed(`Could not create ${email}`, { message: String(error?.message), code: error?.code });
    id = data.user.id;
    created = true;
  } else if (request.password !== undefined) {
    const { error } = await service.auth.admin.updateUserById(id, { password: request.password, email_confirm: true });
    if (error) return failed(`Could not set the password of ${email}`, error);
  }
  const { data: before } = await service.from('profiles').select('role').eq('id', id).maybeSingle();
  const patch: TablesUpdate<'profiles'> = { role: 'master_admin' };
  if (request.name) patch.name = request.name;
  // The role guard trusts the service role, so this may set master_admin (migration 20261122000100).
  const { error } = await service.from('profiles').upsert({ id, email, ...patch }, { onConflict: 'id' });
  if (error) return failed(`Could not make ${email} a master admin`, error);
  return ok({ id, email, created, promoted: before?.role !== 'master_admin', ...(generatedPassword ? { generatedPassword } : {}) });
}
