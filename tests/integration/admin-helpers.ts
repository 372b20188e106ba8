import { randomBytes } from 'node:crypto';
import type { AppClient } from '@/shared/data/supabase.ts';
import type { AppRole } from '@/shared/core/admin/roles.ts';
import type { TestStack } from '../helpers/stack.ts';

/** Real accounts (Auth admin API), real sessions (password sign-in) for the admin tests. */

export const PASSWORD = 'admin-tests-pass-1';

export interface Person {
  id: string;
  email: string;
  role: AppRole;
  /** The access token of the person's session. */
  token: string;
  client: AppClient;
}

export const uniqueEmail = (label: string) => `${label}.${randomBytes(4).toString('hex')}@admin.test`;

/** Signs in with a password: the access token, or null when refused. */
export async function signIn(stack: TestStack, email: string, password = PASSWORD): Promise<string | null> {
  const { data, error } = await stack.anon().auth.signInWithPassword({ email, password });
  return error || !data.session ? null : data.session.access_token;
}

/** A confirmed account with the role set by the service role (a trusted caller for the role guard). */
export async function makePerson(stack: TestStack, role: AppRole, name?: string): Promise<Person> {
  const email = uniqueEmail(role);
  const service = stack.service();
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: name ? { name } : {},
  });
  if (error || !data.user) throw new Error(`create ${email}: ${error?.message}`);
  if (role !== 'user') {
    const { error: roleError } = await service.from('profiles').update({ role }).eq('id', data.user.id);
    if (roleError) throw new Error(roleError.message);
  }
  const token = await signIn(stack, email);
  if (!token) throw new Error(`sign in ${email}`);
  return { id: data.user.id, email, role, token, client: stack.asUser(token) };
}

export async function roleOf(stack: TestStack, id: string): Promise<AppRole | null> {
  const { rows } = await stack.db.query<{ role: AppRole }>('select role from public.profiles where id = $1', [id]);
  return rows[0]?.role ?? null;
}

export async function accountExists(stack: TestStack, id: string): Promise<boolean> {
  const { rows } = await stack.db.query('select 1 from auth.users where id = $1', [id]);
  return rows.length === 1;
}

/** Raw POST to the admin-users function (for anon and malformed requests). */
export async function postFunction(
  stack: TestStack,
  body: unknown,
  token = stack.config.anonKey,
): Promise<{ status: number; body: { error?: string; title?: string } }> {
  const res = await fetch(`${stack.url}/functions/v1/admin-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: stack.config.anonKey, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; title?: string } };
}

/** What a refusal's toast shows (its title and message), or null when there was none. */
export const shown = (error: { title?: string; message: string } | null) => error && { title: error.title, message: error.message };
