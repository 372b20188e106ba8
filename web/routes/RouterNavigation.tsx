import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useNotePage } from '../lib/cameFrom.ts';
import { NavigationProvider, type Navigation } from '../lib/navigation.tsx';

/**
 * A new page starts at its top, as a page load would; a new query or fragment on the same page (a
 * filter, a tab) keeps the place, and Back and Forward leave the position to the browser (which
 * restores it), as in the public entry.
 */
function useNewPageAtTop(pathname: string) {
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The full app's root route: the pages' links and navigation (web/lib/navigation.tsx) through React Router. */
export function RouterNavigation() {
  const { pathname, search, hash, state } = useLocation();
  useNewPageAtTop(pathname);
  useNotePage();
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
