import { test, type Locator, type Page } from '@playwright/test';
import { card, crumbs, dialog, expect, FIRST_LOAD_MS, folderCard, seed, storedLibrary, unexpected } from './prompt-library-support.ts';
import { screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs } from './support.ts';

/**
 * The prompt library (/my-prompts): a folder tree with its breadcrumb, the validation messages
 * and toasts, editing and deleting, and moving by drag and by "Move to…". Import and export:
 * prompt-library-import.spec.ts; tags, favourites, search, a big folder and /prompts-library:
 * prompt-library-views.spec.ts.
 */

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'New folder' }).click();
  await dialog(page).getByLabel('Folder name').fill(name);
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(folderCard(page, name)).toBeVisible();
}

async function newPrompt(page: Page, name: string, text: string, tags: string[] = []) {
  await page.getByRole('button', { name: 'New prompt' }).click();
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
  await page.getByRole('button', { name: 'New folder' }).click();
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
  await page.getByRole('button', { name: 'New prompt' }).click();
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

/** Drags a card by its handle onto a target (dnd-kit's pointer sensor needs real moves). */
/** The element's box once it has stopped moving: a list that has just changed may still be reflowing. */
async function settledBox(locator: Locator) {
  let previous = '';
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        const now = JSON.stringify(box);
        const same = box !== null && now === previous;
        previous = now;
        return same;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return box!;
}

// Positions are read once the cards have settled: a drop aimed at a card still moving after the
// previous move (the list reflowing) once landed beside it and moved nothing.
async function drag(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('[data-drag-handle]');
  await handle.scrollIntoViewIfNeeded();
  const source = await settledBox(handle);
  const target = await settledBox(to);
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

test('a view-only account reads its library and is told, in the database’s words, that it cannot change it', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createUser({ role: 'view_only' });
  await seed(user, [{ name: 'Clients' }], [{ name: 'Cold email', text: 'Write to [name]' }]);
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(card(page, 'Cold email')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(folderCard(page, 'Clients')).toBeVisible();

  await page.getByRole('button', { name: 'New prompt' }).click();
  await dialog(page).getByLabel('Prompt name').fill('Not allowed');
  await dialog(page).getByLabel('Prompt text').fill('Hello');
  await dialog(page).getByRole('button', { name: 'Save Prompt' }).click();
  await expect(toast(page)).toContainText('View-only accounts cannot save, change or delete prompts.');
  await screenshots(page, 'library-view-only-refused');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  await page.getByRole('button', { name: 'New folder' }).click();
  await dialog(page).getByLabel('Folder name').fill('Nope');
  await dialog(page).getByRole('button', { name: 'Create' }).click();
  await expect(toast(page)).toContainText('View-only accounts cannot create, change or delete folders.');
  expect(await storedLibrary(user)).toMatchObject({ folders: ['/Clients'], prompts: ['/Cold email'] });
});
