import type { ComponentType } from 'react';
import { useLocation, useNavigate, useRouteError, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@/shared/core/routes.ts';
import { ErrorScreen, useReportedError } from '@/shared/ui/ErrorScreen.tsx';
import { webConfig } from '../lib/config.ts';
import { supabase } from '../lib/supabase.ts';

/**
 * A route's error boundary: the page that threw is replaced by our error screen, inside whatever
 * layout the boundary sits in (the signed-in shell keeps its sidebar), and the error is reported to
 * monitoring. Navigating elsewhere clears it.
 */
export function RouteError({ home = 'dashboard' }: { home?: 'dashboard' | 'landing' }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useReportedError(supabase, error, { path: pathname, release: webConfig.release, surface: 'dashboard' });
  return (
    <ErrorScreen
      onReload={() => window.location.reload()}
      back={
        home === 'dashboard'
          ? { label: 'Back to the dashboard', onClick: () => void navigate(ROUTES.dashboard) }
          : { label: 'Back to the home page', onClick: () => void navigate(ROUTES.landing) }
      }
    />
  );
}

/** The boundary of the public pages, which have no dashboard to go back to. */
export const PublicRouteError = () => <RouteError home="landing" />;

/** Pages under one boundary: a page that throws is replaced by the error screen inside the layout around them. */
export const pageBoundary = (pages: RouteObject[], boundary: ComponentType = RouteError): RouteObject => ({
  ErrorBoundary: boundary,
  children: pages,
});
