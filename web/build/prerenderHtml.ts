import { headTags } from '../../shared/core/seo.ts';

/** The built shell kept for every address that is not pre-rendered (the single-page app's fallback). */
export const SPA_SHELL = 'app.html';

/** Where a pre-rendered page is written in the build folder: `/` → index.html, `/auth` → auth/index.html. */
export const prerenderedFile = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

/**
 * Until the app has taken the page over, its controls would swallow clicks (their handlers are not
 * attached yet) and lose typed text: they take no pointer input until #root is marked live, except
 * fields in a part marked data-keeps-early-input. Links still work, as plain page loads.
 */
const INERT_UNTIL_LIVE = [
  '<style>',
  "#root[data-prerendered]:not([data-live]) :is(button, [role='button'], input, textarea, select, label) { pointer-events: none; }",
  // Fields whose page keeps what was typed early stay usable (buttons there still wait).
  '#root[data-prerendered]:not([data-live]) [data-keeps-early-input] :is(input, textarea, label) { pointer-events: auto !important; }',
  '</style>',
].join(' ');

/** Preload links for the scripts the shell does not fetch already (as its entry or a preload). */
const modulePreloads = (shell: string, scripts: string[]): string =>
  [...new Set(scripts)]
    .filter((src) => !shell.includes(`src="${src}"`) && !shell.includes(`href="${src}"`))
    .map((src) => `<link rel="modulepreload" crossorigin href="${src}">\n    `)
    .join('');

/** The built shell fetching these scripts with the HTML (the entry imports them only once it runs). */
export const withModulePreloads = (shell: string, scripts: string[]): string =>
  shell.replace('</head>', () => `  ${modulePreloads(shell, scripts)}</head>`);

/**
 * One pre-rendered page: the built shell with the page's head tags (title, description, canonical,
 * Open Graph, Twitter), the scripts its first render loads besides the entry (preloaded), its CSS,
 * and its markup in #root marked with the path it was rendered for (the browser hydrates only there).
 */
export function prerenderedHtml(
  shell: string,
  page: { path: string; html: string; styleTag: string; scripts: string[] },
  siteUrl: string,
): string {
  const preloads = modulePreloads(shell, page.scripts);
  const withHead = shell
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(
      '</head>',
      () => `    ${headTags(siteUrl, page.path)}
    ${preloads}${INERT_UNTIL_LIVE}
    ${page.styleTag}
  </head>`,
    );
  const root = '<div id="root"></div>';
  if (!withHead.includes(root)) throw new Error(`The built index.html has no ${root} to fill`);
  return withHead.replace(root, () => `<div id="root" data-prerendered="${page.path}">${page.html}</div>`);
}
