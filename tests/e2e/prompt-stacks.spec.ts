import { test, type Page } from '@playwright/test';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { signInAs } from './support.ts';
import { toast } from './screens.ts';
import { catalogAdmin, lookAtAdmin, userPage } from './catalog-admin-support.ts';

/** /prompts: category cards, search, Clear Filters, badges, empty texts, Use Prompt. */

const categories = (page: Page) => page.getByRole('list', { name: 'Categories' });
const prompts = (page: Page) => page.getByRole('list', { name: 'Prompts' });
const card = (page: Page, name: string) =>
  prompts(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search prompts' });

test.describe.configure({ timeout: 180_000 });

test('free stacks and the user’s prompts by category: search, Clear Filters, badges, empty texts, Use Prompt', async ({ page }) => {
  const { user, client } = await member();
  const folder = await lib.createFolder(client, 'Launch Kit', null);
  const tweet = await lib.createPrompt(client, {
    name: 'Launch tweet',
    promptText: 'Tweet about [product] launching today.',
    folderId: folder.data!.id,
  });
  const loose = await lib.createPrompt(client, {
    name: 'Loose idea',
    promptText: 'Brainstorm a UNICORN-sized idea for [market].',
    folderId: null,
  });
  expect(tweet.error ?? loose.error).toBeNull();

  await signInAs(page, user);
  await page.goto('/prompts');
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt Stacks' })).toBeVisible({ timeout: 30_000 });

  // Free categories first, then the user's folders, then their loose prompts.
  await expect(categories(page).getByRole('heading')).toHaveText(
    ['Marketing Magic', 'Productivity Boosters', 'Launch Kit', 'Uncategorized (Yours)'],
    { timeout: 20_000 },
  );
  await expect(categories(page).getByRole('button', { name: /Marketing Magic/ })).toContainText('3 prompts');
  await expect(prompts(page).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('6 prompts');

  // Badges and folders: 'Free - {category}', the folder's name, 'Uncategorized (Yours)'.
  await expect(card(page, 'Catchy Ad Headline')).toContainText('Free - Marketing Magic');
  await expect(card(page, 'Catchy Ad Headline').getByText('Free', { exact: true })).toBeVisible();
  await expect(card(page, 'Advanced SEO Strategy').getByText('Free', { exact: true })).toHaveCount(0);
  await expect(card(page, 'Advanced SEO Strategy')).toContainText('Subscription');
  await expect(card(page, 'Advanced SEO Strategy')).toContainText('Subscription - Marketing Magic');
  await expect(card(page, 'Advanced SEO Strategy')).not.toContainText('Free - Marketing Magic');
  await expect(card(page, 'Email Subject Lines')).toContainText('Free - Productivity Boosters');
  await expect(card(page, 'Launch tweet')).toContainText('Launch Kit');
  await expect(card(page, 'Loose idea')).toContainText('Uncategorized (Yours)');
  await lookAt(page, 'prompt-stacks');

  // Search: case-insensitive over name and prompt text.
  await search(page).fill('unicorn');
  await expect(prompts(page).getByRole('heading')).toHaveText(['Loose idea']);
  await search(page).fill('HEADLINE');
  await expect(prompts(page).getByRole('heading')).toHaveText(['Catchy Ad Headline']);
  await search(page).fill('no such words anywhere');
  await expect(page.getByText('No prompts match your search.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Prompts' })).toHaveAttribute('href', '/my-prompts');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(search(page)).toHaveValue('');
  await expect(prompts(page).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

  // A category card filters the grid (kept in the address), a search narrows it further.
  const productivity = categories(page).getByRole('button', { name: /Productivity Boosters/ });
  await productivity.click();
  await expect(productivity).toHaveAttribute('aria-pressed', 'true');
  await expect(prompts(page).getByRole('heading')).toHaveText(['Email Subject Lines']);
  await expect(page.getByRole('heading', { level: 2, name: 'Productivity Boosters' })).toBeVisible();
  await search(page).fill('subject');
  await page.reload();
  await expect(search(page)).toHaveValue('subject');
  await expect(prompts(page).getByRole('heading')).toHaveText(['Email Subject Lines']);
  await categories(page)
    .getByRole('button', { name: /Productivity Boosters/ })
    .click();
  await expect(categories(page).getByRole('button', { name: /Productivity Boosters/ })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Clear Filters' }).click();

  // A folder chosen whose prompts have gone since: the empty-category text.
  await categories(page)
    .getByRole('button', { name: /Launch Kit/ })
    .click();
  await expect(prompts(page).getByRole('heading')).toHaveText(['Launch tweet']);
  expect((await lib.deletePrompt(client, tweet.data!.id)).data).toBe(true);
  await page.reload();
  await expect(page.getByText('No prompts in this category currently.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Prompts' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(prompts(page).getByRole('listitem')).toHaveCount(5);

  // Use Prompt: a free prompt and the user's own, each on /run-prompt/{id}.
  await card(page, 'Catchy Ad Headline').getByRole('link', { name: 'Use Prompt' }).click();
  await expect(page).toHaveURL(/\/run-prompt\/fp1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catchy Ad Headline' })).toBeVisible();
  await page.goBack();
  await card(page, 'Loose idea').getByRole('link', { name: 'Use Prompt' }).click();
  await expect(page).toHaveURL(new RegExp(`/run-prompt/${loose.data!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Loose idea' })).toBeVisible();
});

test('a signed-out visitor of /prompts, /recommended-prompts or /run-prompt goes to sign in and comes back', async ({ page }) => {
  for (const path of ['/prompts', '/recommended-prompts', '/run-prompt/fp1']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`, { timeout: 30_000 });
  }
  const { user } = await member(null);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/run-prompt\/fp1$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Catchy Ad Headline' })).toBeVisible({ timeout: 30_000 });
});

// Last in this file: the tests above count the seeded stacks; this one deletes what it adds.
test('an admin adds a free prompt with a question, moves it first; /prompts lists it first and running it asks the question', async ({
  page,
  browser,
}) => {
  const name = `Launch checklist ${Date.now().toString(36)}`;
  const temp = `Spare stack ${Date.now().toString(36)}`;
  await catalogAdmin(page);
  await page.getByRole('tab', { name: 'Free prompt stacks' }).click();
  const productivity = page.getByRole('listitem', { name: 'Productivity Boosters' });
  await expect(productivity.getByRole('list', { name: 'Prompts of Productivity Boosters' })).toBeVisible({ timeout: 20_000 });
  await lookAtAdmin(page, 'catalog-free-tab');

  // A question whose key is not a placeholder of the text is refused, with the reason on its row.
  await productivity.getByRole('button', { name: 'Add prompt to Productivity Boosters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add prompt to Productivity Boosters' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Prompt text').fill('Make a launch checklist for [product] in [days] days.');
  await expect(dialog.getByText('Placeholders: [product] [days]')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByRole('textbox', { name: 'Question 1', exact: true }).fill('What are you launching?');
  await dialog.getByRole('textbox', { name: 'Placeholder key 1' }).fill('topic');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The text has no [topic] placeholder: add it to the text or fix the key.')).toBeVisible();
  await lookAtAdmin(page, 'catalog-free-prompt-dialog');
  await dialog.getByRole('textbox', { name: 'Placeholder key 1' }).fill('product');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText(`“${name}” is saved.`);
  await expect(dialog).toHaveCount(0);

  // Added last (after the seeded Email Subject Lines); moved up to be first.
  const listed = productivity.getByRole('list', { name: 'Prompts of Productivity Boosters' }).getByRole('listitem');
  await expect(listed).toHaveCount(2);
  await expect(listed.last()).toContainText(name);
  await productivity.getByRole('button', { name: `Move ${name} up` }).click();
  await expect(listed.first()).toContainText(name);
  await expect(productivity.getByRole('button', { name: `Move ${name} up` })).toBeDisabled();

  const visitor = await userPage(browser);
  await visitor.goto('/prompts');
  await categories(visitor)
    .getByRole('button', { name: /Productivity Boosters/ })
    .click();
  await expect(prompts(visitor).getByRole('heading').first()).toHaveText(name, { timeout: 30_000 });
  await card(visitor, name).getByRole('link', { name: 'Use Prompt' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByLabel('What are you launching?')).toBeVisible();
  await expect(visitor.getByLabel('Days')).toBeVisible();
  await visitor.close();

  // A category: added, then deleted with a confirmation that says what goes with it; the prompt too.
  await page.getByRole('button', { name: 'Add category' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'Add category' });
  await categoryDialog.getByLabel('Name').fill(temp);
  await categoryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem', { name: temp })).toContainText('No prompts in this category yet.');
  await page.getByRole('button', { name: `Delete category ${temp}` }).click();
  await expect(page.getByRole('dialog', { name: 'Delete category' })).toContainText(`Delete the category “${temp}”? It has no prompts.`);
  await page.getByRole('dialog', { name: 'Delete category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: temp })).toHaveCount(0);
  await productivity.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete prompt' }).getByRole('button', { name: 'Delete' }).click();
  await expect(listed.filter({ hasText: name })).toHaveCount(0);
});
