import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/shared/data/database.types.ts';
import { env } from './http.ts';

/**
 * The one way Edge Functions reach the database: supabase-js typed by the generated schema
 * (shared/data/database.types.ts), never hand-written REST URLs or row types. A client is made per
 * call (no session, nothing kept): cheap, and the project's address may only be known per request
 * on a developer's stack.
 */
export type Db = SupabaseClient<Database>;

const stateless = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** As the caller, with their access token: row-level security applies as in the dashboard. */
export function callerDb(token: string): Db {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...stateless,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** As the service role, past row-level security: only where a function must act beyond the caller. */
export function serviceDb(): Db {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), stateless);
}
