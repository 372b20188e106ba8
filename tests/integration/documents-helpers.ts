import type { SupabaseClient } from '@supabase/supabase-js';
import type { DataResult } from '@/shared/data/result.ts';
import type { TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

/** Shared by the documents/quota/workspaces/shares/ideas integration tests: real accounts with a role. */

export type Role = 'user' | 'editor' | 'view_only' | 'admin' | 'master_admin';

export interface Person {
  client: SupabaseClient;
  userId: string;
  email: string;
}

/** A confirmed account signed in with its password; its role set as an admin would (in the database). */
export async function person(stack: TestStack, label: string, role: Role = 'user'): Promise<Person> {
  const email = uniqueEmail(label);
  const { data, error } = await stack.service().auth.admin.createUser({ email, password: 'correct-horse-42', email_confirm: true });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  if (role !== 'user') await stack.db.query('update public.profiles set role = $2 where id = $1', [data.user.id, role]);
  const client = memoryClient(stack);
  const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-42' });
  if (signIn.error) throw new Error(signIn.error.message);
  return { client, userId: data.user.id, email };
}

/** The data of a successful { data, error } result; a failure fails the test with the server's message. */
export function must<T>(result: DataResult<T>): T {
  if (result.error) throw new Error(`unexpected error: ${result.error.message} (${result.error.code})`);
  return result.data;
}
