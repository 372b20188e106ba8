import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Box, CircularProgress } from '@mui/material';
import { ROUTES, safeNextPath } from '@/shared/core/routes.ts';
import { Navigate, useSearchParams } from '../lib/navigation.tsx';
import { authFlowBusyAtom, useAuthStatus } from '../lib/sessionState.ts';

/** Shown while supabase-js restores the session (a few ms; no network when the token is fresh). */
export function SessionLoading() {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

/** /auth, /master-login, /forgot-password, /admin-access: a signed-in user goes on to /dashboard (or ?next). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const busy = useAtomValue(authFlowBusyAtom);
  const [params] = useSearchParams();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signedIn' && !busy) {
    return <Navigate to={safeNextPath(params.get('next')) ?? ROUTES.dashboard} replace />;
  }
  return children;
}
