import { useAuthStatus } from '../lib/sessionState.ts';
import { Outlet } from 'react-router-dom';
import { SessionLoading } from '../routes/SignedOutOnly.tsx';
import { AppShell } from './AppShell.tsx';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * For public pages the signed-in sidebar links to (/support): inside the signed-in
 * shell when signed in, so the sidebar stays and its entry is highlighted; the public layout
 * otherwise.
 */
export function SessionLayout() {
  const status = useAuthStatus();
  if (status === 'loading') return <SessionLoading />;
  return status === 'signedIn' ? (
    <AppShell />
  ) : (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
