import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App, routes } from './App.tsx';
import { loadPublicPage, PublicApp } from './public/PublicApp.tsx';
import { publicEntryPage } from './routes/publicPages.ts';
import { moveStylesToHead } from './build/emotionStyles.ts';
import type { DrawnBy } from './build/prerenderPlugin.ts';

/** One public page as the build writes it: the app's markup and the CSS that markup needs. */
export interface RenderedPage {
  html: string;
  /** The page's CSS as emotion's <style> tags, which emotion in the browser adopts instead of inserting again. */
  styleTag: string;
  /** Which entry hydrates it in the browser (and, for the public entry, the page it draws). */
  drawnBy: DrawnBy;
}

/**
 * Renders a public page signed out, as the browser's first render will (the build's pre-rendering
 * runs this in Node after `vite build`; the browser then hydrates the same markup): the public
 * entry's pages as it draws them, the others (server data, the session layout) as the full app does.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const publicPage = publicEntryPage(path);
  if (publicPage) {
    // What the public entry hydrates (web/public/publicEntry.tsx).
    await loadPublicPage(publicPage);
    const markup = renderToString(
      <StrictMode>
        <PublicApp navigation={{ location: { pathname: path, search: '', hash: '', state: null }, navigate: notInTheBuild }} />
      </StrictMode>,
    );
    return { ...moveStylesToHead(markup), drawnBy: { entry: 'public', component: publicPage.component } };
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}): only pages can be pre-rendered`);
  const failures = Object.values(context.errors ?? {}).map((error: unknown) => (error instanceof Error ? error.stack : String(error)));
  if (failures.length) throw new Error(`${path} failed to render: ${failures.join('\n')}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
    </StrictMode>,
  );
  return { ...moveStylesToHead(markup), drawnBy: { entry: 'app' } };
}

const notInTheBuild = (): Promise<void> => Promise.reject(new Error('pre-rendering cannot navigate'));
