import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { KeyValueStore } from '../storage.ts';
import type { Database, Json } from './database.types.ts';

/** A client typed by the generated schema (shared/data/database.types.ts, `npm run db:types`). */
export type AppClient = SupabaseClient<Database>;

/**
 * A typed value bound for a jsonb column or a json argument. An interface has no index signature,
 * so TypeScript cannot see that plain data (no Dates, no functions) is Json: this one cast says so.
 */
export const asJson = <T>(value: T): Json => value as Json;

/**
 * The one Supabase client factory both front ends use. Each front end passes its own URL/key
 * (from its build env) and its own session storage (localStorage in the dashboard,
 * chrome.storage in the extension). Creating the client makes no network call.
 */
export function createSupabase(
  url: string,
  anonKey: string,
  storage?: KeyValueStore,
  options: { flowType?: 'implicit' | 'pkce'; storageKey?: string } = {},
): AppClient {
  // Without the backend address and public key nothing can work: fail at start, not at the first request.
  if (!url.trim() || !anonKey.trim()) {
    throw new Error('Supabase URL and anon key must be configured.');
  }
  return createClient<Database>(url, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      flowType: options.flowType ?? 'implicit',
      detectSessionInUrl: typeof window !== 'undefined' && typeof window.location !== 'undefined',
      ...(storage ? { storage } : {}),
      ...(options.storageKey ? { storageKey: options.storageKey } : {}),
    },
  });
}

export type { SupabaseClient };
