import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs, type TestUser } from './support.ts';

/**
 * The prompt library (/my-prompts, /prompts-library):
 * a folder tree with its breadcrumb, the validation messages and toasts, line import,
 * sorts, moving by drag and by "Move to…", tags, favourites, search, export and import of the
 * whole library, and a folder of 10,000 prompts.
 */

// The machine is shared and busy: generous waits, never sleeps.
const expect = baseExpect.configure({ timeout: 20_000 });
/** The first page of a test also loads the app and the session: the slowest wait on a loaded machine. */
const FIRST_LOAD_MS = 90_000;

const grid = (page: Page) => page.getByRole('list', { name: /^(Folders and prompts|Prompts)$/ });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const folderCard = (page: Page, name: string) => page.getByRole('article', { name: `Folder ${name}`, exact: true });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const dialog = (page: Page) => page.getByRole('dialog');

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'New Folder' }).click();
  await dialog(page).getByLabel('Folder name').fill(name);
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(folderCard(page, name)).toBeVisible();
}

async function newPrompt(page: Page, name: string, text: string, tags: string[] = []) {
  await page.getByRole('button', { name: 'New Prompt' }).click();
  await dialog(page).getByLabel('Prompt name').fill(name);
  await dialog(page).getByLabel('Prompt text').fill(text);
  for (const tag of tags) {
    await dialog(page).getByLabel('Tags').fill(tag);
    await dialog(page).getByLabel('Tags').press('Enter');
  }
  await dialog(page).getByRole('button', { name: 'Save Prompt' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(card(page, name)).toBeVisible();
}

/**
 * Page errors other than the key loader's 406: it reads the user's key row with .single(), and an
 * account without keys has none (that answer is ignored).
 */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('status of 406 (Not Acceptable)'));

/** Names of the cards on screen, in order (folders first). */
const cardNames = (page: Page) =>
  grid(page)
    .getByRole('article')
    .evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));

/** The user's library as stored (service role): folders by path, prompts by folder path. */
async function storedLibrary(user: TestUser) {
  const service = serviceClient();
  const folders = (await service.from('prompt_folders').select('id, name, parent_folder_id').eq('user_id', user.id)).data as {
    id: string;
    name: string;
    parent_folder_id: string | null;
  }[];
  const prompts = (await service.from('saved_prompts').select('name, folder_id, tags, is_favorite').eq('user_id', user.id)).data as {
    name: string;
    folder_id: string | null;
    tags: string[];
    is_favorite: boolean;
  }[];
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path = (id: string | null): string => (id ? `${path(byId.get(id)?.parent_folder_id ?? null)}/${byId.get(id)?.name ?? '?'}` : '');
  return {
    folders: folders.map((f) => path(f.id)).sort(),
    prompts: prompts.map((p) => `${path(p.folder_id)}/${p.name}`).sort(),
    raw: prompts,
  };
}

/** Seeds folders and prompts straight into the database (service role), for tests whose subject is not creating them. */
async function seed(
  user: TestUser,
  folders: { name: string; parent?: string }[],
  prompts: { name: string; text?: string; folder?: string; tags?: string[]; favorite?: boolean; createdAt?: string }[],
) {
  const service = serviceClient();
  const ids = new Map<string, string>();
  for (const f of folders) {
    const { data, error } = await service
      .from('prompt_folders')
      .insert({ user_id: user.id, name: f.name, parent_folder_id: f.parent ? ids.get(f.parent) : null })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    ids.set(f.name, (data as { id: string }).id);
  }
  if (prompts.length) {
    const { error } = await service.from('saved_prompts').insert(
      prompts.map((p) => ({
        user_id: user.id,
        name: p.name,
        prompt_text: p.text ?? `Write about [topic] for ${p.name}`,
        folder_id: p.folder ? ids.get(p.folder) : null,
        tags: p.tags ?? [],
        is_favorite: p.favorite ?? false,
        ...(p.createdAt ? { created_at: p.createdAt } : {}),
      })),
    );
    if (error) throw new Error(error.message);
  }
  return ids;
}

test('folders and prompts: the tree, breadcrumb, every validation message, edit, delete, reload', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(page.getByRole('heading', { level: 1, name: 'My Prompts & Stacks' })).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(crumbs(page)).toHaveText('My Prompts Library');
  await expect(page.getByText('This folder is empty. Create a new prompt or folder to get started!')).toBeVisible();

  // Folder: 'Folder name cannot be empty' for a blank name, then created.
  await page.getByRole('button', { name: 'New Folder' }).click();
  await dialog(page).getByLabel('Folder name').fill('   ');
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Folder name cannot be empty');
  await dialog(page).getByLabel('Folder name').fill('Marketing');
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(toast(page)).toContainText('Folder created');
  await expect(folderCard(page, 'Marketing')).toContainText('Contains other prompts and folders.');

  // Open Folder, then a subfolder by clicking its card.
  await folderCard(page, 'Marketing').getByRole('link', { name: 'Open Folder Marketing' }).click();
  await expect(crumbs(page)).toHaveText(/My Prompts Library\s*\/\s*Marketing/);
  await expect(page).toHaveURL(/\?folder=[0-9a-f-]{36}$/);
  await expect(page.getByText('This folder is empty. Create a new prompt or folder to get started!')).toBeVisible();
  await newFolder(page, 'Emails');
  await folderCard(page, 'Emails').click({ position: { x: 150, y: 90 } }); // anywhere on the card
  await expect(crumbs(page).getByText('Emails')).toHaveAttribute('aria-current', 'page');

  // Prompt: 'Prompt name and text are required.' for a missing name or text.
  await page.getByRole('button', { name: 'New Prompt' }).click();
  await dialog(page).getByRole('button', { name: 'Save Prompt' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Prompt name and text are required.');
  await dialog(page).getByLabel('Prompt name').fill('Launch email');
  await dialog(page).getByRole('button', { name: 'Save Prompt' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Prompt name and text are required.');
  await dialog(page).getByLabel('Prompt text').fill('Write a launch email for [product] to [audience].');
  await dialog(page).getByLabel('Tags').fill('email, Launch,');
  await expect(dialog(page).getByRole('button', { name: 'Launch' })).toBeVisible();
  await dialog(page).getByLabel('Model (optional)').fill('gpt-4o-mini');
  await expect(dialog(page).getByLabel('Prompt name')).toHaveValue('Launch email'); // nothing typed was lost
  await dialog(page).getByRole('button', { name: 'Save Prompt' }).click();
  await expect(toast(page)).toContainText('Prompt saved');
  const launch = card(page, 'Launch email');
  await expect(launch).toContainText('Write a launch email for [product] to [audience].');
  await expect(launch.getByRole('button', { name: 'Show prompts tagged email' })).toBeVisible();
  await expect(launch).toContainText('OpenAI · gpt-4o-mini');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'library-folder');

  // Reload keeps the folder and its breadcrumb; each crumb navigates; Back returns.
  await page.reload();
  await expect(crumbs(page)).toHaveText(/My Prompts Library\s*\/\s*Marketing\s*\/\s*Emails/);
  await expect(card(page, 'Launch email')).toBeVisible();
  await crumbs(page).getByRole('link', { name: 'Marketing' }).click();
  await expect(folderCard(page, 'Emails')).toBeVisible();
  await expect(card(page, 'Launch email')).toHaveCount(0);
  await page.goBack();
  await expect(card(page, 'Launch email')).toBeVisible();

  // Edit: the dialog starts from the saved prompt.
  await launch.getByRole('button', { name: 'Edit Launch email' }).click();
  await expect(dialog(page).getByLabel('Prompt text')).toHaveValue('Write a launch email for [product] to [audience].');
  await expect(dialog(page).getByLabel('Model (optional)')).toHaveValue('gpt-4o-mini');
  await dialog(page).getByLabel('Prompt name').fill('Launch email v2');
  await dialog(page).getByRole('button', { name: 'Save Prompt' }).click();
  await expect(card(page, 'Launch email v2')).toBeVisible();
  await expect(card(page, 'Launch email')).toHaveCount(0);

  // Use Prompt and the card itself go to /run-prompt/{id}.
  const stored = await serviceClient().from('saved_prompts').select('id').eq('user_id', user.id).single();
  const runPath = `/run-prompt/${(stored.data as { id: string }).id}`;
  await card(page, 'Launch email v2').getByRole('link', { name: 'Use Prompt Launch email v2' }).click();
  await expect(page).toHaveURL(runPath);
  await page.goBack();
  await card(page, 'Launch email v2').click({ position: { x: 150, y: 80 } }); // anywhere on the card
  await expect(page).toHaveURL(runPath);
  await page.goBack();

  // Delete a prompt: the confirmation names it.
  await newPrompt(page, 'Scratch', 'Delete me');
  await card(page, 'Scratch').getByRole('button', { name: 'Delete Scratch' }).click();
  await expect(dialog(page)).toContainText('Delete the prompt "Scratch"? This cannot be undone.');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Prompt deleted');
  await expect(card(page, 'Scratch')).toHaveCount(0);

  // Delete a folder: the confirmation says what goes with it; nothing is left behind.
  await crumbs(page).getByRole('link', { name: 'My Prompts Library' }).click();
  await folderCard(page, 'Marketing').getByRole('button', { name: 'Delete folder Marketing' }).click();
  await expect(dialog(page)).toContainText('Delete the folder "Marketing" and everything inside it, including its subfolders?');
  await expect(dialog(page)).toContainText('Its 1 folder and 1 prompt will be deleted too.');
  await screenshots(page, 'library-delete-folder');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Folder deleted');
  await expect(page.getByText('This folder is empty. Create a new prompt or folder to get started!')).toBeVisible();
  expect(await storedLibrary(user)).toMatchObject({ folders: [], prompts: [] });

  // A folder that is not there (deleted, another user's, mistyped): 'Error building folder path' and back to the root.
  await page.goto('/my-prompts?folder=00000000-0000-4000-8000-000000000000');
  await expect(toast(page)).toContainText('Error building folder path');
  await expect(toast(page)).toContainText('Folder not found');
  await expect(page).toHaveURL(/\/my-prompts$/);
  await expect(crumbs(page)).toHaveText('My Prompts Library');
  expect(unexpected(errors)).toEqual([]);
});

/** Picks a sort option (MUI Select). */
async function sortBy(page: Page, label: string) {
  const select = page.getByRole('combobox', { name: 'Sort by' });
  await select.click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(select).toHaveText(label);
}

test('import one prompt per line (names cut at 50 characters) and the four sorts', async ({ page }) => {
  test.setTimeout(240_000);
  const user = await createUser();
  await seed(
    user,
    [{ name: 'Zeta folder' }, { name: 'alpha folder' }],
    [
      { name: 'banana', createdAt: '2026-01-02T00:00:00Z' },
      { name: 'Apple', createdAt: '2026-01-03T00:00:00Z' },
      { name: 'cherry', createdAt: '2026-01-01T00:00:00Z' },
    ],
  );
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(card(page, 'Apple')).toBeVisible({ timeout: FIRST_LOAD_MS });

  // Folders first, then prompts, each in the chosen order (names case-insensitively).
  await expect.poll(() => cardNames(page)).toEqual(['Folder alpha folder', 'Folder Zeta folder', 'Apple', 'banana', 'cherry']);
  await sortBy(page, 'Name Z-A');
  await expect.poll(() => cardNames(page)).toEqual(['Folder Zeta folder', 'Folder alpha folder', 'cherry', 'banana', 'Apple']);
  await sortBy(page, 'Newest');
  await expect.poll(() => cardNames(page)).toEqual(['Folder alpha folder', 'Folder Zeta folder', 'Apple', 'banana', 'cherry']);
  await sortBy(page, 'Oldest');
  await expect.poll(() => cardNames(page)).toEqual(['Folder Zeta folder', 'Folder alpha folder', 'cherry', 'banana', 'Apple']);
  await expect(page).toHaveURL(/sort=date_asc/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Oldest');
  await expect.poll(() => cardNames(page)).toEqual(['Folder Zeta folder', 'Folder alpha folder', 'cherry', 'banana', 'Apple']);
  await sortBy(page, 'Name A-Z');

  // The import messages ('No text to import.', 'No valid prompts found in text.'), then one prompt per non-blank line.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Prompts' });
  await expect(importDialog).toContainText('Into My Prompts Library.');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByRole('alert')).toHaveText('No text to import.');
  await importDialog.getByLabel('Prompts, one per line').fill('   \n\n  ');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog.getByRole('alert')).toHaveText('No valid prompts found in text.');
  const long = 'Write a detailed, friendly welcome email for the new subscribers of my cooking newsletter';
  await importDialog
    .getByLabel('Prompts, one per line')
    .fill(`Summarise this article in three bullet points\n\n  ${long}  \nBrainstorm ten blog titles about [topic]\n`);
  await expect(importDialog).toContainText('3 prompts to add.');
  await expect(importDialog.getByLabel('Prompts, one per line')).toHaveValue(/cooking newsletter/);
  await screenshots(page, 'library-import-lines');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page)).toContainText('Prompts imported');
  await expect(toast(page)).toContainText('3 prompts added.');
  const cutName = `${long.slice(0, 50)}...`;
  await expect(card(page, cutName)).toContainText(long);
  await expect(card(page, 'Summarise this article in three bullet points')).toBeVisible();
  const stored = await storedLibrary(user);
  expect(stored.prompts).toEqual(expect.arrayContaining([`/${cutName}`, '/Brainstorm ten blog titles about [topic]']));

  // Into the open folder.
  await folderCard(page, 'alpha folder').getByRole('link', { name: 'Open Folder alpha folder' }).click();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importDialog).toContainText('Into alpha folder.');
  await importDialog.getByLabel('Prompts, one per line').fill('One more idea');
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page)).toContainText('1 prompt added.');
  await expect(card(page, 'One more idea')).toBeVisible();
  expect((await storedLibrary(user)).prompts).toContain('/alpha folder/One more idea');
});

/** Drags a card by its handle onto a target (dnd-kit's pointer sensor needs real moves). */
async function drag(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('[data-drag-handle]');
  await handle.scrollIntoViewIfNeeded();
  const source = (await handle.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('move prompts and folders by drag and drop and with the keyboard "Move to…" dialog', async ({ page }) => {
  test.setTimeout(240_000);
  const user = await createUser();
  await seed(
    user,
    [{ name: 'Clients' }, { name: 'Acme', parent: 'Clients' }, { name: 'Archive', parent: 'Clients' }, { name: 'Later' }],
    [{ name: 'Pitch deck outline' }, { name: 'Cold email' }],
  );
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(card(page, 'Pitch deck outline')).toBeVisible({ timeout: FIRST_LOAD_MS });

  // Drag a prompt onto a folder card, then from inside it back up onto the root crumb.
  await drag(page, card(page, 'Pitch deck outline'), folderCard(page, 'Clients'));
  await expect(toast(page)).toContainText('"Pitch deck outline" is now in Clients.');
  await expect(card(page, 'Pitch deck outline')).toHaveCount(0);
  await folderCard(page, 'Clients').getByRole('link', { name: 'Open Folder Clients' }).click();
  await expect(card(page, 'Pitch deck outline')).toBeVisible();
  await drag(page, card(page, 'Pitch deck outline'), crumbs(page).getByRole('link', { name: 'My Prompts Library' }));
  await expect(toast(page)).toContainText('"Pitch deck outline" is now in My Prompts Library.');
  await expect(card(page, 'Pitch deck outline')).toHaveCount(0);

  // Drag a folder into a sibling.
  await drag(page, folderCard(page, 'Archive'), folderCard(page, 'Acme'));
  await expect(toast(page)).toContainText('"Archive" is now in Acme.');
  await expect(folderCard(page, 'Archive')).toHaveCount(0);

  // "Move to…" from the keyboard alone.
  await crumbs(page).getByRole('link', { name: 'My Prompts Library' }).click();
  const moveButton = card(page, 'Cold email').getByRole('button', { name: 'Move Cold email to…' });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const moveDialog = page.getByRole('dialog', { name: 'Move “Cold email” to…' });
  await expect(moveDialog.getByRole('radio', { name: 'My Prompts Library (current)' })).toBeChecked();
  await expect(moveDialog.getByRole('radio')).toHaveCount(5);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'library-move-dialog');
  await page.keyboard.press('ArrowDown'); // Clients
  await page.keyboard.press('ArrowDown'); // Acme
  await expect(moveDialog.getByRole('radio', { name: 'Acme' })).toBeChecked();
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab'); // Move here
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('"Cold email" is now in Acme.');
  await expect(card(page, 'Cold email')).toHaveCount(0);

  // A folder is never offered its own subfolders (nor itself).
  await folderCard(page, 'Clients').getByRole('button', { name: 'Move folder Clients to…' }).click();
  const folderMove = page.getByRole('dialog', { name: 'Move “Clients” to…' });
  await expect(folderMove.getByRole('radio')).toHaveCount(2);
  await expect(folderMove.getByRole('radio', { name: 'My Prompts Library (current)' })).toBeChecked();
  await folderMove.getByRole('radio', { name: 'Later' }).check();
  await folderMove.getByRole('button', { name: 'Move here' }).click();
  await expect(toast(page)).toContainText('"Clients" is now in Later.');

  expect(await storedLibrary(user)).toMatchObject({
    folders: ['/Later', '/Later/Clients', '/Later/Clients/Acme', '/Later/Clients/Acme/Archive'],
    prompts: ['/Later/Clients/Acme/Cold email', '/Pitch deck outline'],
  });
});

test('tags, favourites and search across the library', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await seed(
    user,
    [{ name: 'Marketing' }, { name: 'Emails', parent: 'Marketing' }],
    [
      { name: 'Webinar invite', folder: 'Emails', tags: ['Webinar', 'email'] },
      { name: 'Webinar follow-up', tags: ['webinar'], favorite: true },
      { name: 'SEO audit', folder: 'Marketing', tags: ['seo'] },
      { name: 'Podcast intro', text: 'Write a podcast intro about webinar funnels' },
    ],
  );
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(card(page, 'Podcast intro')).toBeVisible({ timeout: FIRST_LOAD_MS });

  // Star a prompt, then the favourites view (kept in the URL).
  const star = card(page, 'Podcast intro').getByRole('button', { name: 'Add Podcast intro to favourites' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(card(page, 'Podcast intro').getByRole('button', { name: 'Remove Podcast intro from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Favourites', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Favourites' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('2 prompts');
  await expect.poll(() => cardNames(page)).toEqual(['Podcast intro', 'Webinar follow-up']);
  await expect(card(page, 'Webinar follow-up')).toContainText('My Prompts Library');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourites', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await card(page, 'Podcast intro').getByRole('button', { name: 'Remove Podcast intro from favourites' }).click();
  await expect(card(page, 'Podcast intro')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'prompt' })).toHaveText('1 prompt');
  await page.getByRole('button', { name: 'Back to My Prompts Library' }).click();
  await expect(crumbs(page)).toHaveText('My Prompts Library');

  // A tag chip filters the whole library; spellings of one tag count as one.
  await card(page, 'Webinar follow-up').getByRole('button', { name: 'Show prompts tagged webinar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Tagged “webinar”$/i })).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(['Webinar follow-up', 'Webinar invite']);
  await expect(card(page, 'Webinar invite')).toContainText('My Prompts Library / Marketing / Emails');
  // The tag picker lists every tag with its count.
  await page.getByRole('combobox', { name: 'Tag', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([/^email\s*1$/, /^seo\s*1$/, /^webinar\s*2$/i]);
  await page.getByRole('option', { name: /^seo/ }).click();
  await expect.poll(() => cardNames(page)).toEqual(['SEO audit']);
  await expect(card(page, 'SEO audit')).toContainText('My Prompts Library / Marketing');

  // Search: names, texts and tags, case-insensitive, favourites first; each result shows its folder.
  await page.getByRole('button', { name: 'Back to My Prompts Library' }).click();
  await page.getByLabel('Search your library').fill('WEBINAR');
  await expect(page.getByRole('heading', { level: 2, name: 'Search results for “WEBINAR”' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('3 prompts');
  await expect.poll(() => cardNames(page)).toEqual(['Webinar follow-up', 'Podcast intro', 'Webinar invite']);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'library-search');
  await page.getByLabel('Search your library').fill('no such words');
  await expect(page.getByText('No prompts match “no such words”. Search looks at names, prompt texts and tags.')).toBeVisible();
  // Back leaves the search (one history entry for it, however much was typed).
  await page.goBack();
  await expect(crumbs(page)).toHaveText('My Prompts Library');
  await expect(page.getByLabel('Search your library')).toHaveValue('');
  await expect(card(page, 'Podcast intro')).toBeVisible();
  expect(unexpected(errors)).toEqual([]);
});

test('export the library as JSON and CSV, and import both into a fresh account with a report', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = await createUser();
  await seed(
    owner,
    [{ name: 'Marketing' }, { name: 'Emails', parent: 'Marketing' }],
    [
      { name: 'Welcome', text: 'Welcome [name] to the course', folder: 'Emails', tags: ['email', 'onboarding'], favorite: true },
      { name: '=Formula', text: '+1 "quoted", with commas\nand a second line' },
    ],
  );
  await signInAs(page, owner);
  await page.goto('/my-prompts');
  await expect(card(page, '=Formula')).toBeVisible({ timeout: FIRST_LOAD_MS });

  const exportAs = async (label: string) => {
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click(),
    ]);
    return { name: download.suggestedFilename(), content: await readFile((await download.path())!, 'utf8') };
  };
  const json = await exportAs('Library as JSON');
  expect(json.name).toMatch(/^prompt-library-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(json.content) as {
    format: string;
    folders: { name: string }[];
    prompts: { name: string; promptText: string; tags: string[]; isFavorite: boolean }[];
  };
  expect(file.format).toBe('ai-vault-prompt-library');
  expect(file.folders.map((f) => f.name)).toEqual(['Marketing', 'Emails']);
  expect(file.prompts.map((p) => [p.name, p.promptText, p.tags, p.isFavorite])).toEqual(
    expect.arrayContaining([
      ['Welcome', 'Welcome [name] to the course', ['email', 'onboarding'], true],
      ['=Formula', '+1 "quoted", with commas\nand a second line', [], false],
    ]),
  );
  const csv = await exportAs('Library as CSV');
  expect(csv.name).toMatch(/^prompt-library-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.content.split('\n');
  expect(lines[0]).toBe('type,folder,name,prompt_text,description,tags,is_favorite,llm_provider,model,template_id,created_at');
  expect(csv.content).toContain('folder,Marketing/Emails,Emails,');
  expect(csv.content).toContain('prompt,Marketing/Emails,Welcome,Welcome [name] to the course,,"email, onboarding",true,openai,');
  // Formulas are defused for spreadsheets.
  expect(csv.content).toContain(`prompt,,'=Formula,"'+1 ""quoted"", with commas\nand a second line"`);

  // A fresh account imports the JSON: the same library, with a report.
  const fresh = await createUser();
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInAs(other, fresh);
  await other.goto('/my-prompts');
  await expect(other.getByText('This folder is empty. Create a new prompt or folder to get started!')).toBeVisible({
    timeout: FIRST_LOAD_MS,
  });
  const importFile = async (name: string, content: string) => {
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = other.getByRole('dialog', { name: 'Import Prompts' });
    await importDialog.getByRole('tab', { name: 'Library file' }).click();
    await importDialog
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: name.endsWith('.csv') ? 'text/csv' : 'application/json', buffer: Buffer.from(content) });
    await expect(importDialog).toContainText(name);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    return importDialog;
  };
  let report = await importFile(json.name, json.content);
  await expect(report.getByRole('region', { name: 'Import report' })).toContainText('Library imported. 2 prompts and 2 folders added.');
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(folderCard(other, 'Marketing')).toBeVisible();
  await expect(card(other, '=Formula')).toBeVisible();
  const owned = await storedLibrary(owner);
  const copied = await storedLibrary(fresh);
  expect(copied.folders).toEqual(owned.folders);
  expect(copied.prompts).toEqual(owned.prompts);
  expect(copied.raw.find((p) => p.name === 'Welcome')).toMatchObject({ tags: ['email', 'onboarding'], is_favorite: true });

  // The CSV on top: folders merge, prompts already there are skipped, each with its reason.
  report = await importFile(csv.name, csv.content);
  const region = report.getByRole('region', { name: 'Import report' });
  await expect(region).toContainText(
    '0 prompts and 0 folders added, 2 folders merged into existing ones. 2 rows were skipped; see the report.',
  );
  await expect(region.getByRole('row')).toHaveCount(3);
  await expect(region.getByRole('row', { name: /Welcome/ })).toContainText('The same prompt (name and text) is already in this folder.');
  await report.getByRole('button', { name: 'Close' }).click();

  // A hand-made CSV: good rows are added, bad ones reported; a file that is not a library is refused.
  report = await importFile('mine.csv', 'name,prompt_text\nGood one,Do this well\n,Nameless text\nNo text,\n');
  await expect(report.getByRole('region', { name: 'Import report' })).toContainText(
    '1 prompt and 0 folders added. 2 rows were skipped; see the report.',
  );
  await expect(report.getByRole('row', { name: /Row 3/ })).toContainText('Name is missing.');
  await expect(report.getByRole('row', { name: /Row 4/ })).toContainText('Prompt text is missing.');
  expect(await seriousViolations(other)).toEqual([]);
  await screenshots(other, 'library-import-report');
  await report.getByRole('button', { name: 'Close' }).click();
  report = await importFile('notes.txt', 'just some notes');
  await expect(report.getByRole('alert')).toHaveText('The CSV needs the columns name and prompt_text.');
  await report.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(other, 'Good one')).toBeVisible();
  await context.close();
});

test('a folder of 10,000 prompts opens, scrolls to its end and searches smoothly (virtual grid, pages of cards)', async ({ page }) => {
  test.setTimeout(300_000);
  const user = await createUser();
  const [folderId] = [...(await seed(user, [{ name: 'Big' }], [])).values()];
  const service = serviceClient();
  const words = ['launch', 'webinar', 'pricing', 'funnel', 'newsletter', 'onboarding', 'referral', 'podcast'];
  for (let batch = 0; batch < 10; batch++) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const n = batch * 1000 + i;
      return {
        user_id: user.id,
        folder_id: folderId,
        name: `Prompt ${String(n).padStart(5, '0')}`,
        prompt_text: `Act as an expert ${words[n % words.length]} strategist. Write a detailed plan for [product] aimed at [audience], step by step, with metrics. Ref ${n}.`,
        tags: [words[(n * 3) % words.length]!],
      };
    });
    const { error } = await service.from('saved_prompts').insert(rows);
    if (error) throw new Error(error.message);
  }
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(folderCard(page, 'Big')).toBeVisible({ timeout: FIRST_LOAD_MS });

  let started = Date.now();
  await folderCard(page, 'Big').getByRole('link', { name: 'Open Folder Big' }).click();
  await expect(card(page, 'Prompt 00000')).toBeVisible();
  const openMs = Date.now() - started;
  await expect(grid(page).getByRole('listitem').first()).toHaveAttribute('aria-setsize', '10000');
  // Only the rows near the screen are in the page.
  expect(await grid(page).getByRole('article').count()).toBeLessThan(60);

  started = Date.now();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(card(page, 'Prompt 09999')).toBeVisible();
  const endMs = Date.now() - started;
  expect(await grid(page).getByRole('article').count()).toBeLessThan(60);

  // Halfway, by keyboard scrolling: a page read on demand.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(grid(page).getByRole('article').first()).toHaveAttribute('aria-label', /^Prompt 0[45]\d{3}$/);

  started = Date.now();
  await page.getByLabel('Search your library').fill('Prompt 0999');
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('10 prompts');
  const searchMs = Date.now() - started; // includes the 300 ms typing pause
  await expect(card(page, 'Prompt 09990')).toBeVisible();
  test.info().annotations.push({
    type: 'timing',
    description: `10,000 prompts: open ${openMs} ms, scroll to the end ${endMs} ms, search ${searchMs} ms (busy shared machine)`,
  });
  console.log(`[library] 10,000 prompts: open ${openMs} ms, scroll to the end ${endMs} ms, search ${searchMs} ms`);
});

test('/prompts-library is the same library titled for folders; dark mode and phone widths', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await seed(
    user,
    [{ name: 'Clients' }, { name: 'Templates' }],
    [
      {
        name: 'Launch email',
        text: 'Write a launch email for [product] to [audience] in a [tone: friendly|formal] voice.',
        tags: ['email', 'launch', 'sales', 'q4'],
        favorite: true,
      },
      { name: 'Blog outline', text: 'Outline a blog post about [topic] with five sections and a strong hook.', tags: ['blog'] },
      { name: 'Tweet thread', text: 'Turn [article] into a 7-tweet thread.' },
    ],
  );
  await signInAs(page, user);
  await page.goto('/manage-folders');
  await page
    .getByRole('link', { name: /Prompt Folders/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/prompts-library$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt Folders' })).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(folderCard(page, 'Clients')).toBeVisible();
  // Folders open within /prompts-library.
  await folderCard(page, 'Clients').getByRole('link', { name: 'Open Folder Clients' }).click();
  await expect(page).toHaveURL(/\/prompts-library\?folder=/);
  await page.goBack();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(card(page, 'Launch email')).toBeVisible();
  expect(await seriousViolations(page), '/prompts-library in dark mode').toEqual([]);
  await screenshots(page, 'library-dark');
  await page.getByRole('button', { name: 'New Prompt' }).click();
  await expect(dialog(page).getByLabel('Prompt name')).toBeVisible();
  expect(await seriousViolations(page), 'prompt dialog in dark mode').toEqual([]);
  await screenshots(page, 'library-prompt-dialog-dark');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/my-prompts');
  await expect(card(page, 'Launch email')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await screenshots(page, 'library-root');
  expect(unexpected(errors)).toEqual([]);
});
