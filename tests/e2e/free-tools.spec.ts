import { expect, test, type Page, type Route } from '@playwright/test';
import { createUser, signInAs } from './support.ts';
import { DESKTOP, screenshots, toast, untilHydrated, watchErrors } from './screens.ts';
import { WEB_PORT } from './ports.ts';

/**
 * Free tools (built for real instead of coming soon):
 * /free-tools and the three tools, used in the browser as a visitor; the signed-in /ai-tools hub.
 */

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.use({ permissions: ['clipboard-read', 'clipboard-write'], viewport: DESKTOP });

/**
 * Opens a pre-rendered page with the dashboard's scripts held back: the markup is there, React is
 * not. The returned function lets the scripts through.
 */
async function openBeforeScripts(page: Page, path: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  const isAppScript = (url: URL) => url.port === String(WEB_PORT) && url.pathname.endsWith('.js');
  await page.route(isAppScript, (route) => (released ? route.continue() : held.push(route)));
  // Module scripts delay DOMContentLoaded, so the navigation is awaited only until the response.
  await page.goto(path, { waitUntil: 'commit' });
  await expect.poll(() => held.length, { message: 'the page asked for its scripts' }).toBeGreaterThan(0);
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await page.unroute(isAppScript);
  };
}

test('/free-tools lists the three tools for a visitor, with the sign-in and Back to Home links', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/free-tools');
  await expect(page.getByRole('heading', { level: 1, name: 'Free Tools' })).toBeVisible();
  const main = page.getByRole('main');
  const tools = [
    ['Headline Analyzer', '/free-tools/headline-analyzer'],
    ['Color Palette Generator', '/free-tools/color-palette'],
    ['Lorem Ipsum Generator', '/free-tools/lorem-ipsum'],
  ] as const;
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(4); // three tools + the sign-in card
  for (const [title, href] of tools) {
    await expect(main.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', href);
  }
  await expect(main.getByRole('link', { name: 'Sign In / Up' })).toHaveAttribute('href', '/auth');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await screenshots(page, 'free-tools');

  // A card opens the working tool, not a coming-soon notice.
  await main.getByRole('link', { name: 'Color Palette Generator', exact: true }).click();
  await expect(page).toHaveURL(/\/free-tools\/color-palette$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Color Palette Generator' })).toBeVisible();
  await expect(toast(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'All free tools' }).click();
  await expect(page).toHaveURL(/\/free-tools$/);

  await main.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('headline analyzer scores live as you type, with the reasons', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/free-tools/headline-analyzer');
  await expect(page.getByRole('heading', { level: 1, name: 'Headline Analyzer' })).toBeVisible();
  const gauge = page.getByRole('progressbar', { name: 'Headline score' });
  await expect(gauge).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('Type a headline to see its score.')).toBeVisible();

  const field = page.getByRole('textbox', { name: 'Headline' });
  await field.fill('marketing');
  const reasons = page.getByRole('list', { name: 'Score reasons' });
  await expect(reasons.getByRole('listitem')).toHaveCount(7);
  await expect(reasons).toContainText('1 word — fewer than the ideal 6–12.');
  await expect(reasons).toContainText('No power words.');
  await expect(reasons).toContainText('A generic headline');
  const weak = Number(await gauge.getAttribute('aria-valuenow'));
  expect(weak).toBeLessThan(30);
  await expect(page.getByText('Weak', { exact: true }).filter({ visible: true })).toBeVisible();

  await field.fill('7 Proven Ways to Write Amazing Headlines That Get More Clicks');
  await expect(reasons).toContainText('1 power word ("proven")');
  await expect(reasons).toContainText('A list headline');
  await expect(reasons).toContainText('emotional words ("amazing")');
  await expect.poll(async () => Number(await gauge.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(80);
  await expect(page.getByText('Excellent', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.getByLabel('Power words found').getByText('proven')).toBeVisible();
  await screenshots(page, 'free-tools-headline');

  // Shouting costs points, and the reason says so.
  const strong = Number(await gauge.getAttribute('aria-valuenow'));
  await field.fill('7 PROVEN WAYS TO WRITE AMAZING HEADLINES THAT GET MORE CLICKS');
  await expect(reasons).toContainText('written in capitals');
  await expect.poll(async () => Number(await gauge.getAttribute('aria-valuenow'))).toBe(strong - 10);

  // An example chip fills the field.
  await page.getByRole('button', { name: 'Why Do Most Online Courses Fail?' }).click();
  await expect(field).toHaveValue('Why Do Most Online Courses Fail?');
  await expect(reasons).toContainText('A question headline');
  expect(errors).toEqual([]);
});

test('color palette: pick a colour, see the harmonies, copy a hex and the whole palette', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/free-tools/color-palette');
  await expect(page.getByRole('heading', { level: 1, name: 'Color Palette Generator' })).toBeVisible();
  for (const name of ['Complementary', 'Analogous', 'Triadic', 'Split-complementary', 'Tetradic', 'Monochromatic']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }

  // The colour input sets the base. The page is pre-rendered: a value set before React adopts the
  // input never reaches the app's state, so the fill waits for that.
  const picker = page.getByLabel('Base color picker');
  await untilHydrated(picker);
  await picker.fill('#ff0000');
  const hexField = page.getByRole('textbox', { name: 'Hex color' });
  await expect(hexField).toHaveValue('#FF0000');
  const complementary = page.getByRole('region', { name: 'Complementary', exact: true });
  await expect(complementary.getByRole('button')).toHaveText([/#FF0000/, /#00FFFF/]);
  const triadic = page.getByRole('region', { name: 'Triadic' });
  await expect(triadic.getByRole('button')).toHaveText([/#FF0000/, /#00FF00/, /#0000FF/]);
  await expect(page.getByRole('region', { name: 'Tetradic' }).getByRole('button')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Monochromatic' }).getByRole('button')).toHaveCount(5);

  // Click a swatch: its hex goes to the clipboard, a notice and the swatch say so.
  // The swatch says so for 1.5 s only: a busy machine could miss it, so its texts are recorded as they change.
  const swatch = complementary.getByRole('button', { name: '#00FFFF' });
  await swatch.evaluate((node) => {
    const seen: string[] = [];
    (window as unknown as { swatchTexts: string[] }).swatchTexts = seen;
    new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { subtree: true, childList: true, characterData: true });
  });
  await swatch.click();
  await expect(toast(page)).toContainText('Copied');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { swatchTexts: string[] }).swatchTexts.some((text) => text.includes('Copied'))))
    .toBe(true);
  expect(await clipboard(page)).toBe('#00FFFF');

  // Keyboard works too.
  await triadic.getByRole('button', { name: '#0000FF' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => clipboard(page)).toBe('#0000FF');

  // Typing a hex: invalid input is flagged and keeps the last palette; a valid one updates it.
  await hexField.fill('#12');
  await expect(page.getByText('Enter a hex color such as #4F46E5 (3 or 6 hex digits).')).toBeVisible();
  await expect(complementary.getByRole('button').first()).toHaveText(/#FF0000/);
  await hexField.fill('#00f');
  await expect(complementary.getByRole('button')).toHaveText([/#0000FF/, /#FFFF00/]);
  await expect(page.getByLabel('Base color picker')).toHaveValue('#0000ff');

  await page.getByRole('button', { name: 'Copy palette' }).click();
  await expect(toast(page)).toContainText('Palette copied');
  const text = await clipboard(page);
  expect(text.split('\n')).toHaveLength(6);
  expect(text.split('\n')[0]).toBe('Complementary: #0000FF, #FFFF00');

  await page.getByRole('button', { name: 'Random color' }).click();
  await expect(hexField).not.toHaveValue('#00F');
  await expect(hexField).toHaveValue(/^#[0-9A-F]{6}$/);
  await hexField.fill('#4F46E5');
  await screenshots(page, 'free-tools-palette');
  expect(errors).toEqual([]);
});

test('lorem ipsum generates the requested number of paragraphs, sentences or words and copies them', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/free-tools/lorem-ipsum');
  await expect(page.getByRole('heading', { level: 1, name: 'Lorem Ipsum Generator' })).toBeVisible();
  const output = page.getByRole('region', { name: 'Generated text' });
  await expect(output.getByRole('paragraph')).toHaveCount(3);
  await expect(output.getByRole('paragraph').first()).toContainText(/^Lorem ipsum dolor sit amet/);

  const count = page.getByRole('spinbutton', { name: 'Number of paragraphs' });
  await count.fill('7');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(output.getByRole('paragraph')).toHaveCount(7);
  await expect(page.getByText(/^7 paragraphs · /)).toBeVisible();

  // Out of bounds: an error, and the text stays as it was.
  await count.fill('51');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Enter a whole number of paragraphs from 1 to 50.')).toBeVisible();
  await expect(output.getByRole('paragraph')).toHaveCount(7);
  await count.fill('2');
  await page.getByRole('checkbox', { name: "Start with 'Lorem ipsum dolor sit amet'" }).uncheck();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(output.getByRole('paragraph')).toHaveCount(2);
  await expect(output.getByRole('paragraph').first()).not.toContainText(/^Lorem ipsum dolor sit amet/);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page)).toContainText('Copied');
  const copied = await clipboard(page);
  expect(copied.split('\n\n')).toHaveLength(2);
  expect(copied).toBe((await output.getByRole('paragraph').allTextContents()).join('\n\n'));

  // Words: exactly the count asked for.
  await page.getByRole('button', { name: 'Words' }).click();
  const words = page.getByRole('spinbutton', { name: 'Number of words' });
  await words.fill('25');
  await page.getByRole('checkbox', { name: "Start with 'Lorem ipsum dolor sit amet'" }).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  const text = (await output.getByRole('paragraph').first().textContent()) ?? '';
  expect(text.split(/\s+/).filter(Boolean)).toHaveLength(25);
  expect(text.startsWith('Lorem ipsum dolor sit amet')).toBe(true);

  await page.getByRole('button', { name: 'Paragraphs' }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(output.getByRole('paragraph')).toHaveCount(3);
  await screenshots(page, 'free-tools-lorem');
  expect(errors).toEqual([]);
});

test('what a visitor types before the page has loaded its scripts is kept and used', async ({ page }) => {
  const errors = watchErrors(page);

  let release = await openBeforeScripts(page, '/free-tools/headline-analyzer');
  const headline = page.getByRole('textbox', { name: 'Headline' });
  await headline.fill('7 Proven Ways to Write Amazing Headlines That Get More Clicks');
  await release();
  await untilHydrated(headline);
  await expect(headline).toHaveValue('7 Proven Ways to Write Amazing Headlines That Get More Clicks');
  await expect(page.getByRole('list', { name: 'Score reasons' })).toContainText('A list headline');
  await expect
    .poll(async () => Number(await page.getByRole('progressbar', { name: 'Headline score' }).getAttribute('aria-valuenow')))
    .toBeGreaterThanOrEqual(80);

  release = await openBeforeScripts(page, '/free-tools/lorem-ipsum');
  const count = page.getByRole('spinbutton', { name: 'Number of paragraphs' });
  await count.fill('5');
  const start = page.getByRole('checkbox', { name: "Start with 'Lorem ipsum dolor sit amet'" });
  await start.uncheck();
  // Generate is clicked the moment the page turns live (before any later task): what was typed must be in use by then.
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const observer = new MutationObserver(() => {
      if (root.dataset.live === undefined) return;
      observer.disconnect();
      [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Generate')!.click();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-live'] });
  });
  await release();
  const output = page.getByRole('region', { name: 'Generated text' });
  await untilHydrated(count);
  await expect(count).toHaveValue('5');
  await expect(start).not.toBeChecked();
  await expect(output.getByRole('paragraph')).toHaveCount(5);
  await expect(output.getByRole('paragraph').first()).not.toContainText(/^Lorem ipsum dolor sit amet/);

  release = await openBeforeScripts(page, '/free-tools/color-palette');
  const hexField = page.getByRole('textbox', { name: 'Hex color' });
  await hexField.fill('#ff0000');
  await release();
  await untilHydrated(hexField);
  await expect(hexField).toHaveValue('#FF0000');
  await expect(page.getByText('Base color #FF0000')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Complementary', exact: true }).getByRole('button')).toHaveText([/#FF0000/, /#00FFFF/]);
  expect(errors).toEqual([]);
});

test('/ai-tools (signed in) lists the free tools and the in-app AI tools', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto('/ai-tools');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Tools' })).toBeVisible();
  const main = page.getByRole('main');
  const expected = [
    ['Offer Builder', '/prompt-stacks'],
    ['Document Generator', '/document-generator'],
    ['Prompt Stacks', '/prompts'],
    ['Recommended Prompts', '/recommended-prompts'],
    ['Startup Idea Generator', '/app-summary#startup-idea-generator'],
    ['Pitch Deck', '/pitch-deck'],
    ['Knowledge Base', '/knowledge-base'],
    ['File Manager', '/file-manager'],
    ['Headline Analyzer', '/free-tools/headline-analyzer'],
    ['Color Palette Generator', '/free-tools/color-palette'],
    ['Lorem Ipsum Generator', '/free-tools/lorem-ipsum'],
  ] as const;
  await expect(main.getByRole('heading', { level: 3 })).toHaveCount(expected.length);
  for (const [title, href] of expected) {
    await expect(main.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Tools' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await screenshots(page, 'ai-tools');

  await main.getByRole('link', { name: 'Headline Analyzer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Headline Analyzer' })).toBeVisible();

  // Signed in, /free-tools points to the AI tools instead of the sign-in links.
  await page.goto('/free-tools');
  await expect(page.getByRole('link', { name: 'Open AI Tools' })).toHaveAttribute('href', '/ai-tools');
  await expect(page.getByRole('link', { name: 'Sign In / Up' })).toHaveCount(0);
});
