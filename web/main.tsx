import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { hostAppFor } from '../shared/core/hosts.ts';
import { setAiDefaults } from '../shared/ai/settings.ts';
import { App, routes } from './App.tsx';
import { webConfig } from './lib/config.ts';
import { sessionNeededAtStart } from './lib/sessionState.ts';

setAiDefaults({ baseUrlOverride: webConfig.aiBaseUrl });

const container = document.getElementById('root')!;

/** Marks #root live once React has committed the page: pre-rendered controls take input from then on. */
function MarkLive({ children }: { children: ReactNode }) {
  useEffect(() => {
    container.dataset.live = '';
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <MarkLive>
      <App />
    </MarkLive>
  </StrictMode>
);

/**
 * The build pre-renders the public pages signed out. The browser hydrates that markup when it is
 * what its own first render draws: the page it was rendered for, with no query or fragment (they
 * change what a page says: ?mode=, ?next=, ?subject=, #error=), on the main host, with no stored
 * session. Otherwise (a signed-in visitor, another host, the app's shell) it draws from scratch.
 */
const hydrates =
  container.dataset.prerendered === window.location.pathname &&
  window.location.search === '' &&
  window.location.hash === '' &&
  hostAppFor(window.location.hostname, { marketplace: webConfig.marketplaceHostPrefix, feedback: webConfig.feedbackHostPrefix }) ===
    'main' &&
  !sessionNeededAtStart();

/** Loads the code of the routes the page shows before hydrating, so the first render is the page and not a spinner. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

function renderFresh(): void {
  container.replaceChildren();
  createRoot(container).render(app);
}

/**
 * Hydrating in a transition lets React yield to the browser every few milliseconds instead of one
 * long task (the page is already drawn; a click before the end hydrates the rest at once first).
 */
const hydrate = () => startTransition(() => void hydrateRoot(container, app));

if (hydrates) void loadMatchedRoutes().then(hydrate, renderFresh);
else renderFresh();
