import { startTransition, StrictMode, useLayoutEffect, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type Navigator, type To } from 'react-router-dom';
import { MarkLive } from '../lib/MarkLive.tsx';
import { publicEntryPage, type PublicPage } from '../routes/publicPages.ts';
import { loadPublicPage, PublicApp, publicPageLoaded } from './PublicApp.tsx';

type Shown = { location: Location; action: ReturnType<typeof createBrowserHistory>['action'] };

/**
 * Hydrates a pre-rendered public page with the public entry (PublicApp) and navigates between the
 * public pages in place. The first navigation anywhere else (the dashboard after signing in, a page
 * that needs the full app) loads the full app with that page's code and hands the page over to it.
 */
export async function hydratePublicPage(container: HTMLElement, page: PublicPage): Promise<void> {
  await loadPublicPage(page);
  const history = createBrowserHistory({ v5Compat: true });
  let show: (shown: Shown) => void = () => undefined;
  let root: Root | undefined;
  let handingOver = false;

  const handOver = async (pathname: string, commit: () => void) => {
    if (handingOver) return;
    handingOver = true;
    const app = await import('../appEntry.tsx');
    await app.loadRoutesAt(pathname).catch(() => undefined);
    stopListening();
    commit();
    root?.unmount();
    app.renderApp(container);
  };

  const go = async (to: To, state: unknown, replace: boolean) => {
    const pathname = history.createURL(to).pathname;
    const commit = () => (replace ? history.replace(to, state) : history.push(to, state));
    const target = publicEntryPage(pathname);
    if (!target) return handOver(pathname, commit);
    await loadPublicPage(target);
    if (!handingOver) commit();
  };

  // Back and forward, and the pushes and replaces above (v5Compat reports those too).
  const stopListening = history.listen(({ action, location }) => {
    const target = publicEntryPage(location.pathname);
    if (!target) return void handOver(location.pathname, () => undefined);
    if (publicPageLoaded(target)) show({ action, location });
    else void loadPublicPage(target).then(() => show({ action: history.action, location: history.location }));
  });

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => void go(to, state, false),
    replace: (to, state) => void go(to, state, true),
  };

  function PublicRouter({ routes }: { routes: ReactNode }) {
    const [shown, setShown] = useState<Shown>({ location: history.location, action: history.action });
    useLayoutEffect(() => {
      show = setShown;
    }, []);
    return (
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {routes}
      </Router>
    );
  }

  const app = (
    <StrictMode>
      <MarkLive container={container}>
        <PublicApp router={(routes) => <PublicRouter routes={routes} />} />
      </MarkLive>
    </StrictMode>
  );
  // In a transition React yields to the browser every few milliseconds instead of one long task
  // (the page is already drawn; a click before the end hydrates the rest at once first).
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
}
