import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadChunks } from './build/firstLoadChunks.ts';
import { prerenderPublicPages } from './build/prerenderPlugin.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const packageVersion = (JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version: string }).version;

// The entry, the public entry with the landing page and the public layout, and the sign-in page: a chunk each
// (left to the bundler, the sign-in page came in 17 files, each one more request before it comes alive).
const firstLoad = firstLoadChunks(webRoot, [
  { name: 'public', roots: ['public/publicEntry.tsx', 'layouts/PublicLayout.tsx', 'pages/LandingPage.tsx'] },
  { name: 'auth', roots: ['pages/auth/AuthPage.tsx'] },
]);

/** The dashboard: `vite --config web/vite.config.ts` (dev), `vite build --config web/vite.config.ts`. */
export default defineConfig({
  root: webRoot,
  // The release error reports name: the package's version unless the build sets VITE_RELEASE.
  define: { 'import.meta.env.VITE_RELEASE': JSON.stringify(process.env.VITE_RELEASE || packageVersion) },
  // Logo and icons are shared with the extension.
  publicDir: `${repoRoot}public`,
  // .env files live at the repo root; only VITE_* reach the browser.
  envDir: repoRoot,
  plugins: [
    react(),
    firstLoad.plugin,
    prerenderPublicPages({
      webRoot,
      repoRoot,
      // The public entry's pages: its chunk (React, MUI's base, the layout) and the page's own code,
      // which the page's first render needs too. Where the full app draws the page (and in the shell
      // every other address gets): its entry with what it imports.
      scriptsFor: (drawnBy) =>
        drawnBy.entry === 'app'
          ? firstLoad.filesOfModule('appEntry.tsx')
          : [...new Set([firstLoad.fileOf('public'), ...firstLoad.filesOfPage(drawnBy.component)])],
    }),
  ],
  // `@/…` is the repository root, as in tsconfig.json and the extension's build.
  resolve: { alias: { '@': repoRoot.replace(/\/$/, '') } },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  // allowedHosts: the e2e run serves the marketplace/feedback host apps under test host names.
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, allowedHosts: true },
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: firstLoad.groups } } },
  },
});
