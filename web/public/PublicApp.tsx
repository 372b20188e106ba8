import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ThemeRoot } from '@/shared/ui/ThemeRoot.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { SessionProvider } from '../lib/SessionProvider.tsx';
import { RedirectIfSignedIn } from '../routes/guards.tsx';
import { PUBLIC_PAGES, type PublicPage } from '../routes/publicPages.ts';
import { LazyNotices } from './LazyNotices.tsx';

const PublicSessionSync = lazy(async () => ({ default: (await import('./PublicSessionSync.tsx')).PublicSessionSync }));

const loadedPages = new Map<string, ComponentType>();

/** Loads a page's code; the public entry draws a page only once this has resolved (no spinner, no suspense). */
export async function loadPublicPage(page: PublicPage): Promise<void> {
  if (!loadedPages.has(page.path)) loadedPages.set(page.path, await page.load());
}

export const publicPageLoaded = (page: PublicPage): boolean => loadedPages.has(page.path);

function LoadedPage({ path }: { path: string }) {
  const Page = loadedPages.get(path);
  if (!Page) throw new Error(`${path} was drawn before its code loaded`);
  return <Page />;
}

const served = PUBLIC_PAGES.filter((page) => !page.needsApp);
const routeOf = (page: PublicPage) => <Route key={page.path} path={page.path} element={<LoadedPage path={page.path} />} />;

/**
 * The pre-rendered public pages without the full app: the public layout and its pages under React
 * Router's declarative routes, the theme and the session (the pages read it; the session layer loads
 * when a page creates the client). No query cache, no jotai Provider (the default store, which the
 * full app takes over), no notices until one is raised. `router`: a Router around the routes.
 */
export function PublicApp({ router }: { router: (routes: ReactNode) => ReactNode }) {
  return (
    <ThemeRoot>
      <SessionProvider Sync={PublicSessionSync}>
        {router(
          <Routes>
            <Route element={<PublicLayout />}>
              <Route element={<RedirectIfSignedIn />}>{served.filter((page) => page.signedOutOnly).map(routeOf)}</Route>
              {served.filter((page) => !page.signedOutOnly).map(routeOf)}
            </Route>
          </Routes>,
        )}
        <LazyNotices />
      </SessionProvider>
    </ThemeRoot>
  );
}
