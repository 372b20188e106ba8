import { expect, test, type Page } from '@playwright/test';
import { pageMetaFor } from '../../shared/core/seo.ts';
import { screenshots, untilHydrated, watchErrors } from './screens.ts';
import { createUser } from './support.ts';

/**
 * The production build pre-renders the public pages: the HTML itself carries the page (heading,
 * title, description, canonical, Open Graph, Twitter) before any JavaScript runs, and the browser
 * then hydrates that markup without a mismatch.
 */
const PAGES = [
  { path: '/', heading: 'Your AI toolkit for marketers, creators and entrepreneurs' },
  { path: '/auth', heading: 'Create an Account' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/free-tools/lorem-ipsum', heading: 'Lorem Ipsum Generator' },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** hydrateRoot (and createRoot) mark the container once React owns it. */
const reactOwnsRoot = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

for (const { path, heading } of PAGES) {
  test(`${path} is served pre-rendered with its meta tags`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = pageMetaFor(path);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
    expect(
      h1
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe(heading);
    expect(html).toContain(`data-prerendered="${path}"`);
    expect(html).toContain(`<title>${meta.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${meta.description}" />`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${escapeRegExp(path)}" />`));
    expect(html).toContain(`<meta property="og:title" content="${meta.title}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    // The page's CSS is in the head, marked as in place: it draws styled before the scripts run.
    expect(html).toMatch(/<style data-emotion="css [^"]+" data-s="">/);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page and the sign-in page still show their content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: PAGES[0]!.heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In / Up' })).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('until the app takes over, controls take no clicks (they would do nothing) while links still work', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByLabel('Email')).toHaveCSS('pointer-events', 'none');
    await expect(page.locator('button[type="submit"]')).toHaveCSS('pointer-events', 'none');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveCSS('pointer-events', 'auto');
  });
});

test('once hydrated, the pre-rendered controls take clicks and typing', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('#root')).toHaveAttribute('data-live', '');
  const email = page.getByLabel('Email');
  await expect(email).toHaveCSS('pointer-events', 'auto');
  await email.fill('someone@example.com');
  await expect(email).toHaveValue('someone@example.com');
});

for (const { path, heading } of PAGES) {
  test(`${path} hydrates without errors or mismatch warnings`, async ({ page }) => {
    const errors = watchErrors(page);
    page.on('console', (message) => {
      if (message.type() === 'warning' && /hydrat/i.test(message.text())) errors.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    await reactOwnsRoot(page);
    await page.locator('#root[data-live]').waitFor({ state: 'attached' });
    // Every script the page needed to come alive was named in its HTML (entry or preload): none was
    // discovered only once the scripts ran, a round trip later.
    const named = [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => !named.includes(script))).toEqual([]);
    await page.waitForLoadState('networkidle');
    // The same heading node: hydration adopted the markup instead of drawing it again.
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(errors).toEqual([]);
    if (path === '/' || path === '/auth') await screenshots(page, `prerendered${path === '/' ? '-landing' : '-auth'}`);
  });
}

test('a query changes what the page says: it is drawn afresh, with no hydration error', async ({ page }) => {
  const errors = watchErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'warning' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(`/auth?mode=signin&next=${encodeURIComponent('/auth/feedback?return_to=x')}`);
  await reactOwnsRoot(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the app still works after hydration: client-side navigation keeps the meta in step', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  // A marker that a full page load would wipe.
  await page.evaluate(() => ((window as unknown as { __spaMarker: number }).__spaMarker = 42));
  const signIn = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In / Up' });
  await untilHydrated(signIn);
  await signIn.click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page).toHaveTitle(pageMetaFor('/auth').title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', pageMetaFor('/auth').description);
  // Back and forward stay in the page too.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(pageMetaFor('/').title);
  await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __spaMarker?: number }).__spaMarker)).toBe(42);
  expect(errors).toEqual([]);
});

test('signing in on the pre-rendered /auth hands the page to the full app: /dashboard, same page, the notice kept', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await createUser();
  await page.goto('/auth');
  // A marker that a full page load would wipe.
  await page.evaluate(() => ((window as unknown as { __spaMarker: number }).__spaMarker = 42));
  const toSignIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await untilHydrated(toSignIn);
  await toSignIn.click();
  await expect(page).toHaveURL('/auth?mode=signin');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  // The signed-in shell (the public layout has no Logout).
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Raised by the sign-in page in the public entry, shown by the full app's viewport.
  await expect(page.getByRole('region', { name: /^Notifications/ })).toContainText('Sign In Successful!');
  expect(await page.evaluate(() => (window as unknown as { __spaMarker?: number }).__spaMarker)).toBe(42);
  expect(errors).toEqual([]);
});

test('robots.txt and sitemap.xml list the public pages; unknown paths get the plain app shell', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n\nSitemap: https?:\/\/\S+\/sitemap\.xml\n$/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/auth<\/loc>/);
  expect(sitemap).not.toContain('/dashboard');
  const shell = await (await request.get('/dashboard')).text();
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toContain('data-prerendered');
});
