import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Connect, type Plugin, type ResolvedConfig } from 'vite';
import { WebSocket } from 'ws';
import { DEFAULT_HOST_PREFIXES, hostAppFor } from '../../shared/core/hosts.ts';
import { INDEXED_PAGES, robotsTxt, sitemapXml } from '../../shared/core/seo.ts';
import { prerenderedFile, prerenderedHtml, SPA_SHELL, withModulePreloads } from './prerenderHtml.ts';

/** Which entry draws a page in the browser: the full app, or the public entry with this page component. */
export type DrawnBy = { entry: 'app' } | { entry: 'public'; component: string };

interface RenderModule {
  renderPage: (path: string) => Promise<{ html: string; styleTag: string; drawnBy: DrawnBy }>;
}

const isRenderModule = (value: unknown): value is RenderModule =>
  typeof value === 'object' && value !== null && 'renderPage' in value && typeof value.renderPage === 'function';

/** Where canonical links and the sitemap point: VITE_SITE_URL, else the auth server's SITE_URL, else the local dashboard. */
const siteUrlOf = (env: Record<string, string | undefined>): string =>
  env.VITE_SITE_URL?.trim() || process.env.SITE_URL?.trim() || 'http://127.0.0.1:5173';

/**
 * After `vite build`: renders the public pages to static HTML (so the first paint does not wait for
 * JavaScript; the browser hydrates it), writes robots.txt and sitemap.xml, and keeps the plain shell
 * as app.html for every other address. `vite preview` serves each page's file and the shell
 * elsewhere.
 */
export function prerenderPublicPages(options: {
  webRoot: string;
  repoRoot: string;
  /**
   * The built scripts a page's first render loads besides the entry (preloaded with the HTML, not
   * after the entry runs); for the shell every other address gets, the full app's.
   */
  scriptsFor: (drawnBy: DrawnBy) => string[];
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ai-vault:prerender',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = await mkdtemp(join(tmpdir(), 'ai-vault-prerender-'));
      try {
        // The same app compiled for Node, bundled whole so it runs from the temporary folder.
        await build({
          configFile: false,
          root: options.webRoot,
          mode: config.mode,
          envDir: options.repoRoot,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: { '@': options.repoRoot.replace(/\/$/, '') } },
          ssr: { noExternal: true },
          build: {
            ssr: join(options.webRoot, 'prerender.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        // Pages that create the Supabase client load it while rendering; its realtime part needs a
        // WebSocket class, which Node 20 lacks (it never connects here).
        if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket });
        const loaded: unknown = await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href);
        if (!isRenderModule(loaded)) throw new Error('web/prerender.tsx must export renderPage');
        const siteUrl = siteUrlOf(config.env);
        const shell = await readFile(join(outDir, 'index.html'), 'utf8');
        const preloads = (drawnBy: DrawnBy) => options.scriptsFor(drawnBy).map((script) => `${config.base}${script}`);
        await writeFile(join(outDir, SPA_SHELL), withModulePreloads(shell, preloads({ entry: 'app' })));
        for (const path of INDEXED_PAGES.keys()) {
          const { drawnBy, ...page } = await loaded.renderPage(path);
          const file = join(outDir, prerenderedFile(path));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, prerenderedHtml(shell, { path, scripts: preloads(drawnBy), ...page }, siteUrl));
        }
        await writeFile(join(outDir, 'robots.txt'), robotsTxt(siteUrl));
        await writeFile(join(outDir, 'sitemap.xml'), sitemapXml(siteUrl));
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const env = server.config.env;
      const prefixes = {
        marketplace: env.VITE_MARKETPLACE_HOST_PREFIX?.trim() || DEFAULT_HOST_PREFIXES.marketplace,
        feedback: env.VITE_FEEDBACK_HOST_PREFIX?.trim() || DEFAULT_HOST_PREFIXES.feedback,
      };
      const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '/';
        const isPage = (req.method === 'GET' || req.method === 'HEAD') && !extname(path) && !path.startsWith('/@');
        if (!isPage || !existsSync(join(outDir, SPA_SHELL))) return next();
        const hostname = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
        const prerendered = INDEXED_PAGES.has(path) && hostAppFor(hostname, prefixes) === 'main';
        req.url = `/${prerendered ? prerenderedFile(path) : SPA_SHELL}${url.search}`;
        next();
      };
      server.middlewares.use(rewrite);
    },
  };
}
