import { createSupabase } from '../../shared/data/supabase.ts';
import { webConfig } from './config.ts';

/**
 * The dashboard's Supabase client (session kept in localStorage, PKCE flow). Creating it makes no request,
 * so public pages render whether or not the backend is up.
 */
export const supabase = createSupabase(webConfig.supabaseUrl, webConfig.supabaseAnonKey, window.localStorage, {
  // PKCE: Google sign-in, confirmation and reset links come back with a one-time ?code=, never tokens in the URL.
  flowType: 'pkce',
});
