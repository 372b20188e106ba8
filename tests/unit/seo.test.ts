import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, PROTECTED_ROUTES } from '../../shared/core/routes.ts';
import { headTags, INDEXED_PAGES, pageMetaFor, robotsTxt, sitemapXml } from '../../shared/core/seo.ts';
import { seededRandom } from '../../shared/core/tools/lorem.ts';
import { prerenderedFile, prerenderedHtml, SPA_SHELL } from '../../web/build/prerenderHtml.ts';

const SITE = 'https://aivault.example/';

describe('page meta', () => {
  it('gives every indexed page its own title and a description of search-result length', () => {
    const titles = new Set<string>();
    for (const [path, meta] of INDEXED_PAGES) {
      expect(PUBLIC_ROUTES, path).toContain(path);
      expect(meta.title.length, path).toBeLessThanOrEqual(70);
      expect(meta.description.length, path).toBeGreaterThanOrEqual(50);
      expect(meta.description.length, path).toBeLessThanOrEqual(160);
      titles.add(meta.title);
    }
    expect(titles.size).toBe(INDEXED_PAGES.size);
  });

  it('indexes no signed-in page and falls back to the product meta elsewhere', () => {
    for (const path of PROTECTED_ROUTES) expect(INDEXED_PAGES.has(path), path).toBe(false);
    expect(pageMetaFor('/dashboard')).toEqual(pageMetaFor('/'));
    expect(pageMetaFor('/auth').title).toContain('Sign in');
  });

  it('writes title, description, canonical, Open Graph and Twitter tags with absolute URLs', () => {
    const tags = headTags(SITE, '/privacy');
    const meta = pageMetaFor('/privacy');
    expect(tags).toContain(`<title>${meta.title}</title>`);
    expect(tags).toContain(`<meta name="description" content="${meta.description}" />`);
    expect(tags).toContain('<link rel="canonical" href="https://aivault.example/privacy" />');
    expect(tags).toContain('<meta property="og:url" content="https://aivault.example/privacy" />');
    expect(tags).toContain('<meta property="og:image" content="https://aivault.example/icon/192.png" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(headTags('https://aivault.example', '/')).toContain('<link rel="canonical" href="https://aivault.example/" />');
  });

  it('escapes what it writes into HTML attributes', () => {
    const tags = headTags('https://x.example/a"b', '/');
    expect(tags).not.toContain('a"b');
    expect(tags).toContain('a%22b');
  });
});

describe('sitemap and robots', () => {
  it('lists each indexed page once, as absolute URLs under the site address', () => {
    const xml = sitemapXml(`${SITE}app/`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([...INDEXED_PAGES.keys()].map((path) => `https://aivault.example/app${path === '/' ? '/' : path}`));
  });

  it('allows crawling and points to the sitemap', () => {
    expect(robotsTxt(SITE)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://aivault.example/sitemap.xml\n');
  });
});

describe('pre-rendered HTML', () => {
  const shell = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta name="description" content="old" />',
    '    <title>AI Vault</title>',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n');

  it('replaces the shell title and description, adds the preloads and the CSS and fills #root marked with its path', () => {
    const html = prerenderedHtml(
      shell,
      {
        path: '/auth',
        html: '<h1>Sign in $&</h1>',
        styleTag: '<style data-emotion="css a1">.a{}</style>',
        scripts: ['/assets/public-1.js', '/assets/auth-2.js'],
      },
      SITE,
    );
    for (const src of ['/assets/public-1.js', '/assets/auth-2.js'])
      expect(html.indexOf(`<link rel="modulepreload" crossorigin href="${src}">`)).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<title>AI Vault</title>');
    expect(html).not.toContain('content="old"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${pageMetaFor('/auth').title}</title>`);
    expect(html.indexOf('<style data-emotion="css a1">')).toBeLessThan(html.indexOf('</head>'));
    // Replacement patterns such as $& in the markup are written as they are.
    expect(html).toContain('<div id="root" data-prerendered="/auth"><h1>Sign in $&</h1></div>');
  });

  it('preloads each script once, and none the shell already fetches', () => {
    const withEntry = shell.replace(
      '</head>',
      '<script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/runtime-1.js"></head>',
    );
    const html = prerenderedHtml(
      withEntry,
      {
        path: '/auth',
        html: '',
        styleTag: '',
        scripts: ['/assets/public-1.js', '/assets/index-1.js', '/assets/runtime-1.js', '/assets/public-1.js'],
      },
      SITE,
    );
    expect(html.match(/rel="modulepreload" crossorigin href="\/assets\/public-1.js"/g)).toHaveLength(1);
    expect(html).not.toContain('crossorigin href="/assets/index-1.js"');
    expect(html).not.toContain('crossorigin href="/assets/runtime-1.js"');
  });

  it('refuses a shell without an empty #root', () => {
    expect(() =>
      prerenderedHtml('<html><head></head><body></body></html>', { path: '/', html: '', styleTag: '', scripts: [] }, SITE),
    ).toThrow(/no <div id="root"><\/div>/);
  });

  it('writes each page where a static server finds it, and keeps the shell apart', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/free-tools/lorem-ipsum')).toBe('free-tools/lorem-ipsum/index.html');
    expect(SPA_SHELL).toBe('app.html');
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays within [0, 1)', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededRandom(2)()).not.toBe(values[0]);
  });
});
