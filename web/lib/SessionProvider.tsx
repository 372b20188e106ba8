import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { AppClient } from '@/shared/data/supabase.ts';
import { JobBoardProvider } from '@/shared/ui/live/JobBoard.tsx';
import { authStatusAtom, sessionAtom, SESSION_STORAGE_KEY, sessionNeededAtStart, whenClientCreated } from './sessionState.ts';

const AppSessionSync = lazy(async () => ({ default: (await import('./session.tsx')).SessionSync }));

/** The client on demand: the job board asks for it only for a signed-in user. */
const loadSupabase = async (): Promise<AppClient> => (await import('./supabase.ts')).supabase;

/**
 * The session for the whole dashboard. A visitor without a stored session is signed out at once,
 * and supabase-js with the session layer load only when a page creates the client (sign-in, a
 * handoff) or another tab signs in: the landing page and the other public pages draw without them.
 * `Sync`: the session layer as this root loads it (the public entry's brings its own query cache).
 */
export function SessionProvider({ children, Sync = AppSessionSync }: { children: ReactNode; Sync?: ComponentType }) {
  // On the server (pre-rendering) there is no stored session: the pages render signed out.
  const [needed, setNeeded] = useState(() => typeof window !== 'undefined' && sessionNeededAtStart());
  // Signed out from the first render, so a pre-rendered public page hydrates to the same markup.
  useHydrateAtoms(new Map(needed ? [] : [[sessionAtom, null]]));
  const setSession = useSetAtom(sessionAtom);
  const status = useAtomValue(authStatusAtom);
  const session = useAtomValue(sessionAtom);

  useLayoutEffect(() => {
    if (!needed) setSession(null);
  }, [needed, setSession]);

  useEffect(() => {
    if (needed) return;
    const stopWaiting = whenClientCreated(() => setNeeded(true));
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY && event.newValue) setNeeded(true);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopWaiting();
      window.removeEventListener('storage', onStorage);
    };
  }, [needed]);

  return (
    <JobBoardProvider client={loadSupabase} userId={status === 'signedIn' ? (session?.user.id ?? null) : null}>
      {needed ? (
        <Suspense fallback={null}>
          <Sync />
        </Suspense>
      ) : null}
      {children}
    </JobBoardProvider>
  );
}
