import { useEffect, type ReactNode } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import type { Session, User } from '@supabase/supabase-js';
import type { Tables } from '@/shared/data/database.types.ts';
import type { AppClient } from '@/shared/data/supabase.ts';
import { isRecoveryToken } from '@/shared/core/auth.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { JobBoardProvider } from '@/shared/ui/live/JobBoard.tsx';
import { useLiveUpdates } from '@/shared/ui/live/useLiveUpdates.ts';
import { useClearOnUserChange } from '@/shared/ui/query.ts';
import { adoptStoredKeyOwner, useClearProviderKeys, useProviderKeys } from './providerKeys.ts';
import { greetsSignIn } from './sessionGreeting.ts';
import { webStorage } from './storage.ts';
import { supabase } from './supabase.ts';

/**
 * The signed-in state of the dashboard (user, session and the session events). supabase-js owns the
 * session (localStorage, auto refresh); these atoms mirror it for React.
 */

/** The columns of the signed-in user's profiles row that the dashboard reads. */
export type Profile = Pick<Tables<'profiles'>, 'id' | 'email' | 'name' | 'role'>;

/** undefined while supabase-js restores the session; null when signed out. */
export const sessionAtom = atom<Session | null | undefined>(undefined);

/** The signed-in user's profile row (role from the database), null until loaded or when signed out. */
const profileAtom = atom<Profile | null>(null);

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

const authStatusAtom = atom<AuthStatus>((get) => {
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

export { isAdminRole } from '@/shared/core/admin/roles.ts';

/** Set before leaving for Google, so the return trip gets its "Signed In!" notice (removed once shown). */
export const OAUTH_PENDING_KEY = 'ai_vault_oauth_pending';

export async function fetchProfile(userId: string, client: AppClient = supabase): Promise<Profile | null> {
  const { data, error } = await client.from('profiles').select('id, email, name, role').eq('id', userId).single();
  return error ? null : data;
}

/**
 * Signs this browser out for real (the original's logout only showed a toast); other devices and
 * the extension keep their sessions. supabase-js ignores 401/404 answers (already signed out);
 * any other failure is returned so the caller can say so.
 */
export async function signOut(): Promise<{ message: string } | null> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  return error ? { message: error.message } : null;
}

/** The dashboard's client as live updates ask for it (the extension loads its own on demand). */
const loadSupabase = async (): Promise<AppClient> => supabase;

/**
 * Subscribes to supabase-js' session events once, mirrors them into the atoms, shows the
 * session notices, keeps the local signed-in indicator, loads the keys once a sign-in
 * is complete (keys saved signed out then reach the account) and clears them on sign-out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const setSession = useSetAtom(sessionAtom);
  const setProfile = useSetAtom(profileAtom);
  const notify = useNotify();
  const clearProviderKeys = useClearProviderKeys();
  const session = useAtomValue(sessionAtom);
  const status = useAtomValue(authStatusAtom);
  const userId = session?.user.id ?? null;
  useProviderKeys(status === 'signedIn' ? userId : undefined);
  // Another account (or none) never sees the previous one's server data.
  useClearOnUserChange(status === 'loading' ? undefined : userId);
  useLiveUpdates(loadSupabase, status === 'signedIn' ? userId : null);

  useEffect(() => {
    let previousUserId: string | null | undefined;
    let previousCompleteUserId: string | null | undefined;
    const { data } = supabase.auth.onAuthStateChange((event, next) => {
      setSession(next);
      const nextUserId = next?.user.id ?? null;
      const completeUserId = next && !needsSecondFactor(next) ? next.user.id : null;
      if (event === 'INITIAL_SESSION') adoptStoredKeyOwner(nextUserId);
      if (next) void webStorage.set('supabaseUser', { id: next.user.id, email: next.user.email ?? '' });
      const cameBackFromGoogle = window.sessionStorage.getItem(OAUTH_PENDING_KEY) !== null;
      const recovery = next ? isRecoveryToken(next.access_token) : false;
      if (greetsSignIn({ event, completeUserId, previousCompleteUserId, cameBackFromGoogle, recovery })) {
        window.sessionStorage.removeItem(OAUTH_PENDING_KEY);
        notify({ title: 'Signed In!', description: 'Successfully connected to your account.' });
      }
      if (event === 'SIGNED_OUT') {
        void webStorage.remove('supabaseUser');
        clearProviderKeys();
        if (previousUserId) notify({ title: 'Signed Out' });
      }
      if (event === 'INITIAL_SESSION' || previousUserId !== undefined) {
        previousUserId = nextUserId;
        previousCompleteUserId = completeUserId;
      }
    });
    void supabase.auth.getSession().then(({ error }) => {
      if (error) notify({ title: 'Session Error', description: 'Could not retrieve user session.', variant: 'destructive' });
    });
    return () => data.subscription.unsubscribe();
  }, [setSession, notify, clearProviderKeys]);

  // The role comes from the database (profiles), never from the e-mail address.
  useEffect(() => {
    let cancelled = false;
    if (!userId) {
      setProfile(null);
      return;
    }
    void fetchProfile(userId).then((profile) => {
      if (!cancelled) setProfile(profile);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, setProfile]);

  return (
    <JobBoardProvider client={loadSupabase} userId={status === 'signedIn' ? userId : null}>
      {children}
    </JobBoardProvider>
  );
}
