import { atom, useAtomValue } from 'jotai';
import type { Session, User } from '@supabase/supabase-js';
import type { Tables } from '@/shared/data/database.types.ts';
import { authStorageKey, needsSecondFactor, urlCarriesAuth } from '@/shared/core/session.ts';
import { webConfig } from './config.ts';

/**
 * The signed-in state of the dashboard as React reads it (user, session, status). supabase-js owns
 * the session (localStorage, auto refresh); the session layer (session.tsx) mirrors it into these
 * atoms. This module loads no client: public pages read the state without pulling supabase-js.
 */

/** The columns of the signed-in user's profiles row that the dashboard reads. */
export type Profile = Pick<Tables<'profiles'>, 'id' | 'email' | 'name' | 'role'>;

/** undefined while supabase-js restores the session; null when signed out. */
export const sessionAtom = atom<Session | null | undefined>(undefined);

/** The signed-in user's profile row (role from the database), null until loaded or when signed out. */
export const profileAtom = atom<Profile | null>(null);

/**
 * Set by a page while it runs a sign-in flow that must finish before the visitor is moved on
 * (master login checks the role; sign-in may continue with a TOTP code).
 */
export const authFlowBusyAtom = atom(false);

/**
 * Set while Logout runs: the page is on its way out of the signed-in area, so the guard waits
 * rather than sending it to /auth?next=….
 */
export const signingOutAtom = atom(false);

export type AuthStatus = 'loading' | 'signedOut' | 'needsSecondFactor' | 'signedIn';

export const authStatusAtom = atom<AuthStatus>((get) => {
  const session = get(sessionAtom);
  if (session === undefined) return 'loading';
  if (session === null) return 'signedOut';
  return needsSecondFactor(session) ? 'needsSecondFactor' : 'signedIn';
});

export function useAuthStatus(): AuthStatus {
  return useAtomValue(authStatusAtom);
}

/** The signed-in user (only once the session is complete, second factor included). */
export function useUser(): User | null {
  const session = useAtomValue(sessionAtom);
  const status = useAtomValue(authStatusAtom);
  return status === 'signedIn' && session ? session.user : null;
}

export function useProfile(): Profile | null {
  return useAtomValue(profileAtom);
}

/** Set before leaving for Google, so the return trip gets its "Signed In!" notice (removed once shown). */
export const OAUTH_PENDING_KEY = 'ai_vault_oauth_pending';

/** The localStorage key of the dashboard's session. */
export const SESSION_STORAGE_KEY = authStorageKey(webConfig.supabaseUrl);

/** Whether the page must load the session layer now: a session is stored, or the address finishes a sign-in. */
export function sessionNeededAtStart(): boolean {
  const storage = window.localStorage;
  return (
    storage.getItem(SESSION_STORAGE_KEY) !== null ||
    storage.getItem(`${SESSION_STORAGE_KEY}-code-verifier`) !== null ||
    urlCarriesAuth(window.location.search, window.location.hash)
  );
}

let clientCreated = false;
const clientListeners = new Set<() => void>();

/** Called once by the module that creates the dashboard's client. */
export function announceClient(): void {
  clientCreated = true;
  for (const listener of clientListeners) listener();
}

/** Runs the callback when the client exists (now, if it already does); returns the unsubscribe. */
export function whenClientCreated(callback: () => void): () => void {
  if (clientCreated) {
    callback();
    return () => undefined;
  }
  clientListeners.add(callback);
  return () => clientListeners.delete(callback);
}
