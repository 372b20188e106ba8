import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Box, CircularProgress } from '@mui/material';
import { authPathFor, ROUTES, safeNextPath, unknownPathTarget } from '@/shared/core/routes.ts';
import { authFlowBusyAtom, signingOutAtom, useAuthStatus } from '../lib/sessionState.ts';

/** Shown while supabase-js restores the session (a few ms; no network when the token is fresh). */
export function SessionLoading() {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

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

/** /auth, /master-login, /forgot-password, /admin-access: a signed-in user goes on to /dashboard (or ?next). */
export function RedirectIfSignedIn() {
  const status = useAuthStatus();
  const busy = useAtomValue(authFlowBusyAtom);
  const [params] = useSearchParams();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedIn' && !busy) {
    return <Navigate to={safeNextPath(params.get('next')) ?? ROUTES.dashboard} replace />;
  }
  return <Outlet />;
}

/** Unknown paths: /dashboard when signed in, otherwise /. */
export function UnknownPath() {
  const status = useAuthStatus();
  if (status === 'loading') return <SessionLoading />;
  return <Navigate to={unknownPathTarget(status === 'signedIn')} replace />;
}
