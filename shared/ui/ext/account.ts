import { useCallback, useEffect, useState } from 'react';
import { createContextSupabase, type ContextSupabase } from '../../ext/clients.ts';
import { extItems } from '../../ext/items.ts';
import { sendMessage, type AuthState, type AuthUser } from '../../ext/messaging.ts';

/**
 * The account as the side panel and popup see it: the background owns the session; these ask it
 * for the state and follow the signed-in indicator (extItems.supabaseUser) it keeps, so a sign-in
 * or sign-out anywhere (panel, popup, dashboard handoff) shows up everywhere.
 */

let shared: ContextSupabase | null = null;

/** The page's one data client (token from the background, forgotten when the account changes). */
export function extClient(): ContextSupabase {
  shared ??= createContextSupabase();
  return shared;
}

export type AccountStatus = 'loading' | 'signedOut' | 'needsSecondFactor' | 'signedIn';

export interface Account {
  status: AccountStatus;
  user: AuthUser | null;
  /** Applies a state the background just answered (sign-in, TOTP, sign-out). */
  apply(state: AuthState): void;
}

const statusOf = (state: AuthState): AccountStatus => (!state.user ? 'signedOut' : state.needsSecondFactor ? 'needsSecondFactor' : 'signedIn');

export function useAccount(): Account {
  const [state, setState] = useState<{ status: AccountStatus; user: AuthUser | null }>({ status: 'loading', user: null });

  const apply = useCallback((next: AuthState) => {
    setState((current) => {
      if (current.user?.id !== next.user?.id) extClient().resetToken();
      return { status: statusOf(next), user: next.user };
    });
  }, []);

  useEffect(() => {
    let alive = true;
    const refresh = () =>
      sendMessage('auth:state')
        .then((next) => alive && apply(next))
        .catch(() => alive && apply({ user: null, needsSecondFactor: false }));
    void refresh();
    const unwatch = extItems.supabaseUser.watch(() => {
      extClient().resetToken();
      void refresh();
    });
    return () => {
      alive = false;
      unwatch();
    };
  }, [apply]);

  return { ...state, apply };
}
