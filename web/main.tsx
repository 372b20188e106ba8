import { hostAppFor } from '../shared/core/hosts.ts';
import { aiBaseUrlsFrom } from '../shared/ai/baseUrls.ts';
import { setAiDefaults } from '../shared/ai/settings.ts';
import { webConfig } from './lib/config.ts';
import { sessionNeededAtStart } from './lib/sessionState.ts';
import { publicEntryPage } from './routes/publicPages.ts';

// A web page: Cohere, AI21 and Hugging Face go through the ai-relay function (shared/ai/providers.ts).
setAiDefaults({
  surface: 'page',
  baseUrls: aiBaseUrlsFrom(webConfig.aiBaseUrls),
  relay: {
    url: `${webConfig.supabaseUrl}/functions/v1/ai-relay`,
    anonKey: webConfig.supabaseAnonKey,
    // The session's current token; the client loads with the app, not with the first paint.
    accessToken: async () => (await (await import('./lib/supabase.ts')).supabase.auth.getSession()).data.session?.access_token ?? null,
  },
});

const container = document.getElementById('root')!;

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

const loadApp = () => import('./appEntry.tsx');

// A public page hydrates with the public entry (no data router, query cache or notices: less code
// to load and run), which hands over to the full app when the visitor goes further.
const publicPage = hydrates ? publicEntryPage(window.location.pathname) : undefined;
if (publicPage) {
  void import('./public/publicEntry.tsx').then(
    ({ hydratePublicPage }) => hydratePublicPage(container, publicPage),
    async () => (await loadApp()).renderApp(container),
  );
} else if (hydrates) void loadApp().then(({ hydrateApp }) => hydrateApp(container));
else void loadApp().then(({ renderApp }) => renderApp(container));
