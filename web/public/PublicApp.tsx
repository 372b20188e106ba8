import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ThemeRoot } from '@/shared/ui/ThemeRoot.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { NavigationProvider, type Navigation } from '../lib/navigation.tsx';
import { SessionProvider } from '../lib/SessionProvider.tsx';
import { SignedOutOnly } from '../routes/SignedOutOnly.tsx';
import { publicEntryPage, type PublicPage } from '../routes/publicPages.ts';
import { LazyNotices } from './LazyNotices.tsx';

const PublicPageError = lazy(async () => ({ default: (await import('./PublicPageError.tsx')).PublicPageError }));
const PublicSessionSync = lazy(async () => ({ default: (await import('./PublicSessionSync.tsx')).PublicSessionSync }));

const loadedPages = new Map<string, ComponentType>();

/** Loads a page's code; the public entry draws a page only once this has resolved (no spinner, no suspense). */
export async function loadPublicPage(page: PublicPage): Promise<void> {
  if (!loadedPages.has(page.path)) loadedPages.set(page.path, await page.load());
}

export const publicPageLoaded = (page: PublicPage): boolean => loadedPages.has(page.path);

function LoadedPage({ page }: { page: PublicPage }) {
  const Page = loadedPages.get(page.path);
  if (!Page) throw new Error(`${page.path} was drawn before its code loaded`);
  return page.signedOutOnly ? (
    <SignedOutOnly>
      <Page />
    </SignedOutOnly>
  ) : (
    <Page />
  );
}

/**
 * The pre-rendered public pages without the full app: the public layout and the page at the
 * navigation's address, the theme and the session (the pages read it; the session layer loads when
 * a page creates the client). No router, no query cache, no jotai Provider (the default store,
 * which the full app takes over), no notices until one is raised. `navigation`: the address and
 * how to move on (the browser's history, or a fixed address when pre-rendering).
 */
export function PublicApp({ navigation }: { navigation: Navigation }) {
  const page = publicEntryPage(navigation.location.pathname);
  if (!page) throw new Error(`${navigation.location.pathname} is not a page of the public entry`);
  return (
    <ThemeRoot>
      <SessionProvider Sync={PublicSessionSync}>
        <NavigationProvider value={navigation}>
          <PublicLayout>
            {/* A page that throws: our error screen, whose code loads only then. */}
            <ErrorBoundary
              key={page.path}
              fallbackRender={({ error }) => (
                <Suspense fallback={null}>
                  <PublicPageError error={error} />
                </Suspense>
              )}
            >
              <LoadedPage page={page} />
            </ErrorBoundary>
          </PublicLayout>
        </NavigationProvider>
        <LazyNotices />
      </SessionProvider>
    </ThemeRoot>
  );
}
