/**
 * What search engines and link previews read about the public pages: title, description,
 * canonical address, Open Graph and Twitter tags, robots.txt and the sitemap. Pure: the build
 * writes these into the pre-rendered HTML, the dashboard sets the title while it navigates.
 */
import { PRODUCT_NAME } from './brand.ts';
import { ROUTES } from './routes.ts';
import { STOREFRONT_TEXTS } from './storefront.ts';
import { escapeHtml } from './text.ts';

export interface PageMeta {
  title: string;
  description: string;
}

const DEFAULT_PAGE_META: PageMeta = {
  title: `${PRODUCT_NAME} — your AI toolkit, your own key`,
  description:
    'AI Vault: the bring-your-own-key AI toolkit for marketers, creators and entrepreneurs. Save prompts, run them on any page, build offers and documents.',
};

/** The public pages worth finding: pre-rendered at build time and listed in the sitemap, in this order. */
export const INDEXED_PAGES: ReadonlyMap<string, PageMeta> = new Map<string, PageMeta>([
  [ROUTES.landing, DEFAULT_PAGE_META],
  [
    ROUTES.auth,
    {
      title: `Sign in or create your account — ${PRODUCT_NAME}`,
      description: 'Sign in to AI Vault or create a free account: your prompts, offers and documents, with your own AI provider key.',
    },
  ],
  [ROUTES.products, { title: STOREFRONT_TEXTS.metaTitle, description: STOREFRONT_TEXTS.metaDescription }],
  [
    ROUTES.appSummary,
    {
      title: `Startup Idea Generator — ${PRODUCT_NAME}`,
      description: 'Turn a spark into a startup concept: ideas, offers and business plans written with your own AI provider key.',
    },
  ],
  [
    ROUTES.freeTools,
    {
      title: `Free AI tools for creators — ${PRODUCT_NAME}`,
      description: 'Free tools for creators and marketers: headline analyzer, colour palette generator and lorem ipsum generator.',
    },
  ],
  [
    ROUTES.headlineAnalyzer,
    {
      title: `Headline Analyzer — ${PRODUCT_NAME}`,
      description:
        'Score a headline for length, emotional and power words, and get suggestions to make it stronger. Free, no account needed.',
    },
  ],
  [
    ROUTES.colorPalette,
    {
      title: `Colour Palette Generator — ${PRODUCT_NAME}`,
      description: 'Generate harmonious colour palettes from a base colour and copy them as hex, RGB or CSS. Free, no account needed.',
    },
  ],
  [
    ROUTES.loremIpsum,
    {
      title: `Lorem Ipsum Generator — ${PRODUCT_NAME}`,
      description: 'Generate placeholder text by paragraphs, sentences or words and copy it in one click. Free, no account needed.',
    },
  ],
  [
    ROUTES.support,
    {
      title: `Support — ${PRODUCT_NAME}`,
      description: 'Get help with AI Vault: write to the support team, send a message through the contact form or read the FAQ.',
    },
  ],
  [
    ROUTES.contact,
    {
      title: `Contact us — ${PRODUCT_NAME}`,
      description: 'Questions, feedback or partnership ideas: send the AI Vault team a message.',
    },
  ],
  [
    ROUTES.privacy,
    {
      title: `Privacy Policy — ${PRODUCT_NAME}`,
      description: 'How AI Vault handles your data: what is stored, where your AI provider keys stay, and your rights.',
    },
  ],
  [
    ROUTES.terms,
    {
      title: `Terms of Service — ${PRODUCT_NAME}`,
      description: 'The terms for using AI Vault, the browser extension and the web dashboard.',
    },
  ],
]);

/** The meta of a path: its own when it is an indexed page, the product's otherwise. */
export const pageMetaFor = (path: string): PageMeta => INDEXED_PAGES.get(path) ?? DEFAULT_PAGE_META;

/** The site's address without a trailing slash (the canonical and sitemap URLs start with it). */
function normalizeSiteUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

const canonicalUrl = (siteUrl: string, path: string): string => `${normalizeSiteUrl(siteUrl)}${path === '/' ? '/' : path}`;

/** The <head> tags of one page: title, description, canonical, Open Graph and Twitter card. */
export function headTags(siteUrl: string, path: string): string {
  const meta = pageMetaFor(path);
  const url = canonicalUrl(siteUrl, path);
  const image = `${normalizeSiteUrl(siteUrl)}/icon/192.png`;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ].join('\n    ');
}

export function sitemapXml(siteUrl: string): string {
  const urls = [...INDEXED_PAGES.keys()].map((path) => `  <url><loc>${escapeHtml(canonicalUrl(siteUrl, path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Everything public may be crawled; the signed-in area has nothing to index (it only redirects to /auth). */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${normalizeSiteUrl(siteUrl)}/sitemap.xml\n`;
}
