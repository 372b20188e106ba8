import type { SupabaseClient } from '@supabase/supabase-js';
import { isSimpleEmail } from '../core/auth.ts';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../core/adminUsers.ts';

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
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

async function findUserId(service: SupabaseClient, email: string): Promise<string | null> {
  const { data, error } = await service.from('profiles').select('id').eq('email', email).maybeSingle();
  if (error) throw new Error(`Could not look the account up: ${error.message}`);
  if (data) return (data as { id: string }).id;
  // An account without a profile (made before the profiles migration): ask Auth itself.
  for (let page = 1; ; page += 1) {
    const { data: list, error: listError } = await service.auth.admin.listUsers({ page, perPage: 1000 });
    if (listError) throw new Error(`Could not list accounts: ${listError.message}`);
    const match = list.users.find((u) => u.email?.toLowerCase() === email);
    if (match) return match.id;
    if (list.users.length < 1000) return null;
  }
}

export async function ensureMasterAdmin(service: SupabaseClient, request: MasterAdminRequest): Promise<MasterAdminResult> {
  const email = request.email.trim().toLowerCase();
  if (!isSimpleEmail(email)) throw new Error(`"${request.email}" is not an e-mail address.`);
  if (request.password !== undefined && request.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`);
  }
  let id = await findUserId(service, email);
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
    if (error || !data.user) throw new Error(`Could not create ${email}: ${error?.message}`);
    id = data.user.id;
    created = true;
  } else if (request.password !== undefined) {
    const { error } = await service.auth.admin.updateUserById(id, { password: request.password, email_confirm: true });
    if (error) throw new Error(`Could not set the password of ${email}: ${error.message}`);
  }
  const { data: before } = await service.from('profiles').select('role').eq('id', id).maybeSingle();
  const patch: Record<string, string> = { role: 'master_admin' };
  if (request.name) patch.name = request.name;
  // The service role is a trusted caller for the role guard (20261122000100).
  const { error } = await service.from('profiles').upsert({ id, email, ...patch }, { onConflict: 'id' });
  if (error) throw new Error(`Could not make ${email} a master admin: ${error.message}`);
  return { id, email, created, promoted: (before as { role?: string } | null)?.role !== 'master_admin', ...(generatedPassword ? { generatedPassword } : {}) };
}
