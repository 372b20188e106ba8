import type { AppClient } from '@/shared/data/supabase.ts';
import type { ContextSupabase } from '@/extension/lib/clients.ts';

/**
 * The page's one data client (token from the background, forgotten when the account changes).
 * supabase-js is loaded on first use, not with the page: the side panel's first view comes from
 * extension storage and the background, so the panel opens without parsing it.
 */

let loading: Promise<ContextSupabase> | null = null;
let loaded: ContextSupabase | null = null;
/** A token handed over before the client loaded (undefined: none). */
let pendingToken: string | null | undefined;

function extClient(): Promise<ContextSupabase> {
  loading ??= import('@/extension/lib/clients.ts').then(({ createContextSupabase }) => {
    loaded = createContextSupabase();
    if (pendingToken !== undefined) loaded.primeToken(pendingToken);
    return loaded;
  });
  return loading;
}

/** The data client itself (what shared/data functions take). */
export const extData = async (): Promise<AppClient> => (await extClient()).client;

/** Takes a token the background just handed over (saves asking again for the first request). */
export function primeExtToken(token: string | null): void {
  if (loaded) loaded.primeToken(token);
  else pendingToken = token;
}

/** Forgets the cached token (the account changed). */
export function resetExtToken(): void {
  loaded?.resetToken();
  pendingToken = undefined;
}
