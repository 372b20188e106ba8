import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { authPathFor, unknownPathTarget } from '@/shared/core/routes.ts';
import { signingOutAtom, useAuthStatus } from '../lib/sessionState.ts';
import { SessionLoading, SignedOutOnly } from './SignedOutOnly.tsx';

/** Signed-in-only routes: a signed-out visitor goes to /auth and comes back after signing in. */
export function RequireSignedIn() {
  const status = useAuthStatus();
  const signingOut = useAtomValue(signingOutAtom);
  const location = useLocation();
  if (status === 'loading' || (signingOut && status !== 'signedIn')) return <SessionLoading />;
  if (status !== 'signedIn') {
    return <Navigate to={authPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}

/** Unknown paths: /dashboard when signed in, otherwise /. */
export function UnknownPath() {
  const status = useAuthStatus();
  if (status === 'loading') return <SessionLoading />;
  return <Navigate to={unknownPathTarget(status === 'signedIn')} replace />;
}

/** The signed-out-only pages' route in the full app (see SignedOutOnly). */
export const RedirectIfSignedIn = () => (
  <SignedOutOnly>
    <Outlet />
  </SignedOutOnly>
);
