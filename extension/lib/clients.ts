import { createClient } from '@supabase/supabase-js';
import { jwtPayload } from '@/shared/core/session.ts';
import type { Database } from '@/shared/data/database.types.ts';
import { createSupabase, type AppClient } from '@/shared/data/supabase.ts';
import { extensionConfig } from './config.ts';
import { sendMessage } from './messaging.ts';
import { extensionStore } from './storage.ts';

/**
 * The extension's two kinds of Supabase client:
 * - the background's: real Supabase Auth, session in extension storage, refreshes tokens (PKCE
 *   for Google through the identity API);
 * - everyone else's (side panel, popup): data only, its token asked from the background for each
 *   request (cached until shortly before it expires). Its `auth` namespace is disabled by
 *   supabase-js, so it cannot refresh or sign in by mistake.
 */

export function createBackgroundSupabase(): AppClient {
  return createSupabase(extensionConfig.supabaseUrl, extensionConfig.supabaseAnonKey, extensionStore, { flowType: 'pkce' });
}

/** Seconds before expiry when a cached token is no longer handed out. */
const TOKEN_MARGIN_S = 60;

export interface ContextSupabase {
  client: AppClient;
  /** Forgets the cached token (call when the account changes). */
  resetToken(): void;
  /** Takes a token the background just handed over (saves asking again for the first request). */
  primeToken(token: string | null): void;
}

export function createContextSupabase(askToken: () => Promise<string | null> = () => sendMessage('auth:accessToken')): ContextSupabase {
  let cached: { token: string; exp: number } | null = null;
  let pending: Promise<string | null> | null = null;
  const remember = (token: string | null) => {
    const exp = token ? Number(jwtPayload(token)?.exp ?? 0) : 0;
    cached = token ? { token, exp } : null;
  };
  const accessToken = async (): Promise<string | null> => {
    const now = Date.now() / 1000;
    if (cached && cached.exp - TOKEN_MARGIN_S > now) return cached.token;
    // One request at a time: supabase-js may call this concurrently.
    pending ??= askToken()
      .then((token) => {
        remember(token);
        return token;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  return {
    client: createClient<Database>(extensionConfig.supabaseUrl, extensionConfig.supabaseAnonKey, { accessToken }),
    resetToken: () => {
      cached = null;
    },
    primeToken: remember,
  };
}
