import { useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NavigationProvider, type Navigation } from '../lib/navigation.tsx';

/** The full app's root route: the pages' links and navigation (web/lib/navigation.tsx) through React Router. */
export function RouterNavigation() {
  const { pathname, search, hash, state } = useLocation();
  const routerNavigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({
      location: { pathname, search, hash, state: state as unknown },
      navigate: async (to, options) => {
        await routerNavigate(to, options);
      },
    }),
    [pathname, search, hash, state, routerNavigate],
  );
  return (
    <NavigationProvider value={navigation}>
      <Outlet />
    </NavigationProvider>
  );
}
