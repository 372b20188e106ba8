import { useCallback, useEffect, useRef, useState } from 'react';
import { extItems } from '@/extension/lib/items.ts';
import { sendMessage, type AuthState, type AuthUser } from '@/extension/lib/messaging.ts';
import { rememberedStartNow, takeBootSession, takeRememberedStart, type RememberedStart } from './boot.ts';
import { primeExtToken, resetExtToken } from './extClient.ts';

/**
 * The account as the side panel and popup see it: the background owns the session; these ask it
 * (never refresh tokens themselves) and watch the signed-in indicator in storage, so a sign-in
 * or sign-out anywhere (panel, popup, dashboard handoff) shows up everywhere.
 */

export type AccountStatus = 'loading' | 'signedOut' | 'needsSecondFactor' | 'signedIn';

export interface Account {
  status: AccountStatus;
  user: AuthUser | null;
  /** Takes a state from a sign-in/out answer right away (before storage reports it). */
  apply(state: AuthState): void;
}

const statusOf = (state: AuthState): AccountStatus =>
  !state.user ? 'signedOut' : state.needsSecondFactor ? 'needsSecondFactor' : 'signedIn';

type Shown = { status: AccountStatus; user: AuthUser | null };

/** What storage remembers, if enough to draw a view: signed out, or signed in with the library remembered. */
function fromMemory(start: RememberedStart | null): Shown | null {
  if (!start) return null;
  if (!start.user) return { status: 'signedOut', user: null };
  return start.library ? { status: 'signedIn', user: start.user } : null;
}

export function useAccount(): Account {
  // Known at once when the panel's first draw read storage: the first render draws that view.
  const [state, setState] = useState<Shown>(() => fromMemory(rememberedStartNow()) ?? { status: 'loading', user: null });

  const lastUserId = useRef<string | null | undefined>(undefined);
  const apply = useCallback((next: AuthState) => {
    const id = next.user?.id ?? null;
    // Another account (or none): the token cached for the previous one must not be used.
    if (lastUserId.current !== undefined && lastUserId.current !== id) resetExtToken();
    lastUserId.current = id;
    setState({ status: statusOf(next), user: next.user });
  }, []);

  useEffect(() => {
    let alive = true;
    let answered = false;
    // What storage remembers draws the first view at once (signed out, or signed in with the
    // library remembered); the background's answer then confirms or corrects it.
    void takeRememberedStart()?.then((start) => {
      const shown = fromMemory(start);
      if (alive && !answered && shown) setState(shown);
    });
    // One round trip: the state, and the token the first data request will need.
    let first = true;
    const refresh = () =>
      (first ? takeBootSession() : sendMessage('auth:session'))
        .then(({ state: next, accessToken }) => {
          if (!alive) return;
          answered = true;
          apply(next);
          primeExtToken(accessToken);
        })
        .catch(() => {
          if (!alive) return;
          answered = true;
          apply({ user: null, needsSecondFactor: false });
        });
    void refresh();
    first = false;
    const unwatch = extItems.supabaseUser.watch(() => {
      resetExtToken();
      void refresh();
    });
    return () => {
      alive = false;
      unwatch();
    };
  }, [apply]);

  return { ...state, apply };
}
