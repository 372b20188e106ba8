import { useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NavigationProvider, type Navigation } from '../lib/navigation.tsx';

/** The full app's root route: the pages' links and navigation (web/lib/navigation.tsx) through React Router. */
export function RouterNavigation() {
  const { pathname, search, hash, state } = useLocation();
  const routerNavigate = useNavigate();
  // Stable across locations, as the public entry's is: effects that depend on it do not run again on every page change.
  const navigate = useCallback<Navigation['navigate']>(
    async (to, options) => {
      await routerNavigate(to, options);
    },
    [routerNavigate],
  );
  const navigation = useMemo<Navigation>(
    () => ({ location: { pathname, search, hash, state: state as unknown }, navigate }),
    [pathname, search, hash, state, navigate],
  );
  return (
    <NavigationProvider value={navigation}>
      <Outlet />
    </NavigationProvider>
  );
}
