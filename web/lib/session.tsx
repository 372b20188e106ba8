import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { AppClient } from '@/shared/data/supabase.ts';
import { isRecoveryToken } from '@/shared/core/auth.ts';
import { needsSecondFactor } from '@/shared/core/session.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useLiveUpdates } from '@/shared/ui/live/useLiveUpdates.ts';
import { useClearOnUserChange } from '@/shared/ui/query.ts';
import { adoptStoredKeyOwner, useClearProviderKeys, useProviderKeys } from './providerKeys.ts';
import { greetsSignIn } from './sessionGreeting.ts';
import { authStatusAtom, OAUTH_PENDING_KEY, profileAtom, sessionAtom, type Profile } from './sessionState.ts';
import { webStorage } from './storage.ts';
import { supabase } from './supabase.ts';

/**
 * The session layer: supabase-js' session events mirrored into the atoms of sessionState.ts, and
 * what follows a sign-in. Loaded by SessionProvider once a session exists or a page needs the client.
 */

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
export function SessionSync() {
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

  return null;
}
