import type { AppClient } from '@/shared/data/supabase.ts';
import type { DataResult } from '@/shared/data/result.ts';
import type { TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

/** Shared by the prompts-* integration tests: real accounts, real password sessions. */

export interface Member {
  client: AppClient;
  userId: string;
}

export async function signedIn(stack: TestStack, label = 'prompts'): Promise<Member> {
  const email = uniqueEmail(label);
  const { data, error } = await stack.service().auth.admin.createUser({ email, password: 'correct-horse-42', email_confirm: true });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  const client = memoryClient(stack);
  const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse-42' });
  if (signIn.error) throw new Error(signIn.error.message);
  return { client, userId: data.user.id };
}

/** The data of a successful result; a failure fails the test with the server's message. */
export function must<T>(result: DataResult<T>): T {
  if (result.error) throw new Error(`unexpected error: ${result.error.message} (${result.error.code})`);
  return result.data;
}
