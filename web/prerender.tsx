import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App, routes } from './App.tsx';
import { loadPublicPage, PublicApp } from './public/PublicApp.tsx';
import { publicEntryPage } from './routes/publicPages.ts';

/** One public page as the build writes it: the app's markup and the CSS that markup needs. */
export interface RenderedPage {
  html: string;
  /** The page's CSS as emotion's <style> tags, which emotion in the browser adopts instead of inserting again. */
  styleTag: string;
  /** Which entry hydrates it in the browser. */
  drawnBy: 'public' | 'app';
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
    return { ...moveStylesToHead(markup), drawnBy: 'public' };
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
  return { ...moveStylesToHead(markup), drawnBy: 'app' };
}

const notInTheBuild = (): Promise<void> => Promise.reject(new Error('pre-rendering cannot navigate'));

const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * On the server emotion writes each component's CSS as a <style> tag just before it; in the browser
 * it renders none and adopts the tags it finds in <head>. So the tags move to <head> (each once, in
 * their order) and the markup left is what the browser's first render produces.
 */
export function moveStylesToHead(markup: string): Omit<RenderedPage, 'drawnBy'> {
  const styles = new Map<string, string>();
  const html = markup.replace(EMOTION_STYLE, (_tag, names: string, css: string) => {
    if (!styles.has(names)) styles.set(names, `<style data-emotion="${names}">${css}</style>`);
    return '';
  });
  return { html, styleTag: [...styles.values()].join('') };
}
