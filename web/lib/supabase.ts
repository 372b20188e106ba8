import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/shared/data/database.types.ts';
import { createSupabase, type AppClient } from '@/shared/data/supabase.ts';
import { authStorageKey } from '@/shared/core/session.ts';
import { webConfig } from './config.ts';
import { announceClient } from './sessionState.ts';

/**
 * The dashboard's Supabase client (session kept in localStorage, PKCE flow). Creating it makes no request,
 * so public pages render whether or not the backend is up.
 */
// No window while the build pre-renders the public pages: a client without storage, never signed in.
const storage = typeof window === 'undefined' ? undefined : window.localStorage;
export const supabase = createSupabase(webConfig.supabaseUrl, webConfig.supabaseAnonKey, storage, {
  // PKCE: Google sign-in, confirmation and reset links come back with a one-time ?code=, never tokens in the URL.
  flowType: 'pkce',
  storageKey: authStorageKey(webConfig.supabaseUrl),
});
// Public pages load the session layer only once a page needs the client (or a session is stored).
announceClient();

/**
 * A client for checking credentials or a sign-in token without touching the app's session: in
 * memory only, no refresh, nothing read from the URL, and its own storage key (supabase-js would
 * otherwise share the app's lock and broadcast channel). No SIGNED_IN / SIGNED_OUT reaches the
 * app until the caller hands a session over with setSession.
 */
export function createIsolatedAuthClient(storageKey: string): AppClient {
  return createClient<Database>(webConfig.supabaseUrl, webConfig.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey },
  });
}
