import { startTransition, StrictMode, useLayoutEffect, useMemo, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { appTheme } from '../../shared/ui/theme.ts';
import { hrefOf, type Navigation, type NavigateOptions, type PageLocation, type To } from '../lib/navigation.tsx';
import { beginHydration } from '../lib/useHydrated.ts';
import { yieldToBrowser } from '../lib/yieldToBrowser.ts';
import { publicEntryPage, type PublicPage } from '../routes/publicPages.ts';
import { loadPublicPage, PublicApp, publicPageLoaded } from './PublicApp.tsx';

/**
 * History entries as React Router writes them ({ usr: state, key, idx }), so the full app reads the
 * entries this entry pushed when it takes over (Back and Forward keep working across the handover).
 */
interface HistoryEntry {
  usr: unknown;
  key: string;
  idx: number;
}

const entry = (): Partial<HistoryEntry> => (window.history.state ?? {}) as Partial<HistoryEntry>;

const here = (): PageLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: entry().usr ?? null,
});

/**
 * Hydrates a pre-rendered public page with the public entry (PublicApp) and navigates between the
 * public pages in place. The first navigation anywhere else (the dashboard after signing in, a page
 * that needs the full app) loads the full app with that page's code and hands the page over to it.
 */
export async function hydratePublicPage(container: HTMLElement, page: PublicPage): Promise<void> {
  await loadPublicPage(page);
  // Start-up in three tasks rather than one long one (input and paint can come between): the
  // scripts' own start, the theme, then hydration (which React slices further).
  await yieldToBrowser();
  appTheme();
  await yieldToBrowser();
  if (entry().idx === undefined) window.history.replaceState({ usr: null, key: 'default', ...entry(), idx: 0 }, '');
  let show: (location: PageLocation) => void = () => undefined;
  let root: Root | undefined;
  let handingOver = false;

  const handOver = async (pathname: string, commit: () => void) => {
    if (handingOver) return;
    handingOver = true;
    const app = await import('../appEntry.tsx');
    await app.loadRoutesAt(pathname).catch(() => undefined);
    window.removeEventListener('popstate', onPopState);
    commit();
    root?.unmount();
    app.renderApp(container);
  };

  const navigate = async (to: To, options: NavigateOptions = {}) => {
    const url = new URL(hrefOf(to, here()), window.location.href);
    if (url.origin !== window.location.origin) return window.location.assign(url.href);
    const address = `${url.pathname}${url.search}${url.hash}`;
    const commit = () => {
      const idx = entry().idx ?? 0;
      const next: HistoryEntry = {
        usr: options.state ?? null,
        key: Math.random().toString(36).slice(2, 10),
        idx: options.replace ? idx : idx + 1,
      };
      if (options.replace) window.history.replaceState(next, '', address);
      else window.history.pushState(next, '', address);
    };
    const target = publicEntryPage(url.pathname);
    if (!target) return handOver(url.pathname, commit);
    await loadPublicPage(target);
    if (handingOver) return;
    const samePage = url.pathname === window.location.pathname;
    commit();
    show(here());
    // A new page starts at its top, as a page load would; a new query on the same page keeps the place.
    if (!samePage) window.scrollTo(0, 0);
  };

  // Back and Forward.
  function onPopState() {
    const target = publicEntryPage(window.location.pathname);
    if (!target) return void handOver(window.location.pathname, () => undefined);
    if (publicPageLoaded(target)) show(here());
    else void loadPublicPage(target).then(() => show(here()));
  }
  window.addEventListener('popstate', onPopState);

  function PublicEntry() {
    const [location, setLocation] = useState(here);
    useLayoutEffect(() => {
      show = setLocation;
    }, []);
    const navigation = useMemo<Navigation>(() => ({ location, navigate }), [location]);
    return <PublicApp navigation={navigation} />;
  }

  const app = (
    <StrictMode>
      <PublicEntry />
    </StrictMode>
  );
  // In a transition React yields to the browser every few milliseconds instead of one long task
  // (the page is already drawn; a click before the end hydrates the rest at once first).
  beginHydration();
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
}
