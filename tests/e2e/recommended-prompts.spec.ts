import { test, type Page } from '@playwright/test';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { signInAs } from './support.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { toast } from './screens.ts';
import { catalogAdmin, lookAtAdmin, userPage } from './catalog-admin-support.ts';

/**
 * /recommended-prompts on the seeded catalogue (69 public
 * prompts in 11 categories): search, category tabs, numbered pages of 9 in the address, tags '+n
 * more', preview, and a copy saved into the library (checked through the data layer).
 */

const cards = (page: Page) => page.getByRole('list', { name: 'Recommended prompts' });
/** The cards (their tags are list items too). */
const items = (page: Page) => cards(page).locator(':scope > li');
const card = (page: Page, name: string) => items(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const counter = (page: Page) => page.getByRole('status').filter({ hasText: /Showing|No recommended/ });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name, description or tag' });

test.describe.configure({ timeout: 180_000 });

test('the catalogue: pages of 9, category tabs, search by name, description or tag, tags and +n more', async ({ page }) => {
  const { user } = await member(null);
  await signInAs(page, user);
  await page.goto('/recommended-prompts');
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended Prompts' })).toBeVisible({ timeout: 30_000 });
  await expect(counter(page)).toHaveText('Showing 1–9 of 69 prompts', { timeout: 20_000 });
  await expect(items(page)).toHaveCount(9);
  // Category then name: Business Strategy comes first.
  await expect(items(page).first()).toContainText('Business Strategy');

  const tabs = page.getByRole('tablist', { name: 'Categories' }).getByRole('tab');
  await expect(tabs).toHaveText([
    'All',
    'Business Strategy',
    'Content Creation',
    'Copywriting',
    'Customer Support',
    'Email',
    'Marketing',
    'Productivity',
    'Research',
    'SEO',
    'Sales',
    'Social Media',
  ]);

  // Numbered pages, kept in the address.
  const pages = page.getByRole('navigation', { name: 'pagination navigation' });
  await expect(pages.getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Go to page 8' })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Go to page 9' })).toHaveCount(0);
  await pages.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(counter(page)).toHaveText('Showing 10–18 of 69 prompts');
  await page.reload();
  await expect(counter(page)).toHaveText('Showing 10–18 of 69 prompts', { timeout: 20_000 });
  await expect(pages.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: 'Go to page 8' }).click();
  await expect(counter(page)).toHaveText('Showing 64–69 of 69 prompts');
  await expect(items(page)).toHaveCount(6);

  // A tab: one category, back to page 1.
  await page.getByRole('tab', { name: 'Marketing' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(counter(page)).toHaveText('Showing 1–9 of 9 prompts');
  await expect(pages).toHaveCount(0);
  await expect(items(page)).toHaveCount(9);
  await expect(cards(page).getByText('Marketing', { exact: true })).toHaveCount(9);

  // Tags: the first 3, then '+n more' (the rest named for screen readers and in its tooltip).
  const offer = card(page, 'Irresistible Offer Stack');
  await expect(offer.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['offer', 'sales', 'bonuses', '+1 more']);
  await expect(offer.getByLabel('+1 more: guarantee')).toBeVisible();
  await lookAt(page, 'recommended-prompts');

  // Search by tag, by description, by name (case-insensitive), within the tab, then across all.
  await searchBox(page).fill('LAUNCH');
  await expect(page).toHaveURL(/q=LAUNCH/);
  await expect(cards(page).getByRole('heading')).toHaveText(['Launch Week Plan', 'Webinar Outline']);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(cards(page).getByRole('heading')).toHaveText(['Product Launch Emails', 'Launch Week Plan', 'Webinar Outline']);
  await expect(counter(page)).toHaveText('Showing 1–3 of 3 prompts');
  await searchBox(page).fill('guarantee');
  await expect(cards(page).getByRole('heading')).toHaveText(['Irresistible Offer Stack']);
  await searchBox(page).fill('ideal buyer');
  await expect(cards(page).getByRole('heading')).toHaveText(['Customer Avatar Deep Dive']);
  await searchBox(page).fill('pas copy');
  await expect(cards(page).getByRole('heading')).toHaveText(['PAS Copy']);
  await searchBox(page).fill('no prompt says this');
  await expect(counter(page)).toHaveText('No recommended prompts match your search.');
  await expect(cards(page)).toHaveCount(0);
  await searchBox(page).fill('');
  await expect(counter(page)).toHaveText('Showing 1–9 of 69 prompts');
});

test('preview a prompt and save a copy into a folder of the library (a name is required)', async ({ page }) => {
  const { user, client } = await member(null);
  const swipe = await lib.createFolder(client, 'Swipe File', null);
  const nested = await lib.createFolder(client, 'Offers', swipe.data!.id);
  expect(nested.error).toBeNull();
  await signInAs(page, user);
  await page.goto('/recommended-prompts?category=Marketing');
  const offer = card(page, 'Irresistible Offer Stack');
  await expect(offer).toBeVisible({ timeout: 30_000 });

  // Preview: the whole prompt text, every tag.
  await offer.getByRole('button', { name: 'Preview: Irresistible Offer Stack' }).click();
  const preview = page.getByRole('dialog', { name: 'Irresistible Offer Stack' });
  await expect(preview.getByTestId('prompt-text')).toContainText('design an irresistible offer stack: core offer, 3-5 bonuses');
  await expect(preview).toContainText('guarantee');
  await expect(preview).toContainText('Works well with OpenAI, Anthropic, Gemini.');
  await preview.getByRole('button', { name: 'Save to library' }).click();

  const dialog = page.getByRole('dialog', { name: 'Save to your library' });
  await expect(dialog.getByLabel('Prompt name')).toHaveValue('Irresistible Offer Stack');
  await dialog.getByLabel('Prompt name').fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a name for the prompt.')).toBeVisible();
  await dialog.getByLabel('Prompt name').fill('My offer stack');
  await dialog.getByRole('combobox', { name: 'Folder' }).click();
  await expect(page.getByRole('option')).toHaveText(['My Prompts Library', 'Swipe File', 'Swipe File / Offers']);
  await page.getByRole('option', { name: 'Swipe File / Offers' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Folder' })).toHaveText('Swipe File / Offers');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/recommended-save-dialog.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Saved to your library');
  await expect(toast(page)).toContainText('"My offer stack" is in My Prompts.');
  await expect(dialog).toHaveCount(0);

  // In the library, in that folder, with the catalogue's text, description and tags.
  const contents = await lib.listFolderContents(client, nested.data!.id);
  expect(contents.data?.prompts.map((p) => p.name)).toEqual(['My offer stack']);
  const saved = await lib.getPrompt(client, contents.data!.prompts[0]!.id);
  expect(saved.data).toMatchObject({
    name: 'My offer stack',
    description: 'Stack bonuses and guarantees into an offer buyers cannot refuse.',
    tags: ['offer', 'sales', 'bonuses', 'guarantee'],
    llmProvider: 'openai',
    folderId: nested.data!.id,
  });
  expect(saved.data?.promptText).toMatch(/^Act as a direct-response marketer\. For my product \[product\] priced at \[price\]/);

  // The toast's action runs it.
  await toast(page)
    .getByRole('button', { name: /^Run it/ })
    .click();
  await expect(page).toHaveURL(`/run-prompt/${saved.data!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My offer stack' })).toBeVisible();

  // Straight from a card, into the library's root.
  await page.goBack();
  await card(page, 'Customer Avatar Deep Dive').getByRole('button', { name: 'Save to library: Customer Avatar Deep Dive' }).click();
  await page.getByRole('dialog', { name: 'Save to your library' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('"Customer Avatar Deep Dive" is in My Prompts.');
  const root = await lib.listFolderContents(client, null);
  expect(root.data?.prompts.map((p) => p.name)).toEqual(['Customer Avatar Deep Dive']);
});

// Last in this file: the tests above count the seeded catalogue; this one deletes what it adds.
test('an admin adds a recommended prompt on Prompt Catalogues; users see it on /recommended-prompts until it is deleted', async ({
  page,
  browser,
}) => {
  const name = `Countdown email ${Date.now().toString(36)}`;
  await catalogAdmin(page);
  await lookAtAdmin(page, 'catalog-recommended-tab');
  await page.getByRole('searchbox', { name: 'Search recommended prompts' }).fill('irresistible offer stack');
  await expect(page.getByRole('list', { name: 'Recommended prompts' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search recommended prompts' }).fill('');

  await page.getByRole('button', { name: 'Add recommended prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add recommended prompt' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a name.')).toBeVisible();
  await expect(dialog.getByText('Choose or type a category.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Three emails that count down to a launch.');
  await dialog.getByLabel('Prompt text').fill('Write three countdown emails for [product] launching on [date].');
  await dialog.getByRole('combobox', { name: 'Category' }).fill('Ema');
  await page.getByRole('option', { name: 'Email', exact: true }).click();
  await dialog.getByLabel('Tags').fill('launch, countdown');
  await dialog.getByRole('checkbox', { name: 'Anthropic' }).check();
  await lookAtAdmin(page, 'catalog-recommended-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText(`“${name}” is saved.`);
  await expect(dialog).toHaveCount(0);

  const visitor = await userPage(browser);
  await visitor.goto('/recommended-prompts?category=Email');
  await expect(card(visitor, name)).toBeVisible({ timeout: 30_000 });
  await expect(card(visitor, name)).toContainText('Three emails that count down to a launch.');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete recommended prompt' });
  await expect(confirm).toContainText(`Delete “${name}” from the recommended prompts?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await visitor.reload();
  await expect(counter(visitor)).toHaveText(/^Showing 1–\d of \d prompts$/, { timeout: 30_000 });
  await expect(card(visitor, name)).toHaveCount(0);
  await visitor.close();
});
