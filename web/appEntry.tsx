import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getDefaultStore } from 'jotai';
import { matchRoutes } from 'react-router-dom';
import { App, routes } from './App.tsx';
import { MarkLive } from './lib/MarkLive.tsx';
import { beginHydration } from './lib/useHydrated.ts';
import { browserQueryClient } from './lib/queryClient.ts';

// The default jotai store and the browser's query cache: what the public entry set (session, a
// notice) is still there when it hands a page over.
// A hydrated page is marked live by its layout (LiveOnceHydrated), one drawn from scratch here.
const appFor = (container: HTMLElement, hydrating: boolean) => {
  const app = <App store={getDefaultStore()} queryClient={browserQueryClient()} />;
  return <StrictMode>{hydrating ? app : <MarkLive container={container}>{app}</MarkLive>}</StrictMode>;
};

/** Loads the code of the routes at this path, so the app's first render is the page and not a spinner. */
export async function loadRoutesAt(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** Draws the app from scratch, at once (a page handed over is replaced in one frame). */
export function renderApp(container: HTMLElement): void {
  container.replaceChildren();
  const root = createRoot(container);
  flushSync(() => root.render(appFor(container, false)));
}

/**
 * Hydrates a pre-rendered page the public entry does not serve. In a transition, React yields to
 * the browser every few milliseconds instead of one long task (the page is already drawn).
 */
export async function hydrateApp(container: HTMLElement): Promise<void> {
  try {
    await loadRoutesAt(window.location.pathname);
  } catch {
    renderApp(container);
    return;
  }
  beginHydration();
  startTransition(() => void hydrateRoot(container, appFor(container, true)));
}
