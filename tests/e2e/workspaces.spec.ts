import { expect, test, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, latestMail, linkIn, serviceClient, signInAs, type TestUser } from './support.ts';

/**
 * /file-manager and /workspace/{id}: the demo on a first
 * visit, workspaces created with their validation messages, the tree edited (create, rename, delete, drag
 * and "Move to…"), saved after each change, two tabs merged, counted downloads with the limit
 * message, read-only sharing by e-mail.
 */

const tree = (page: Page) => page.getByRole('list', { name: 'Workspace contents' });
const row = (page: Page, name: string) => page.locator('[data-node-id]').filter({ has: page.getByText(name, { exact: true }) });
/** Selects a folder or file by clicking its name in the tree. */
const pick = (page: Page, name: string) => row(page, name).getByRole('button', { name, exact: true }).click();
const details = (page: Page) => page.getByRole('region', { name: /./ }).filter({ has: page.locator('#details-title') });
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

/** A generated document of the user's, made as the document generator would save it. */
async function seedDocument(user: TestUser, name: string, content: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('generated_documents')
    .insert({ user_id: user.id, name, content, template_id: 'blog_post' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function createWorkspace(page: Page, name: string) {
  await page.goto('/file-manager');
  const form = page.getByRole('form', { name: 'Create a workspace' });
  await form.getByLabel('Workspace name').fill(name);
  await form.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function newItem(page: Page, kind: 'folder' | 'file', name: string, document?: string) {
  await page.getByRole('button', { name: kind === 'folder' ? 'New folder' : 'New file' }).click();
  const dialog = page.getByRole('dialog');
  if (document) {
    await dialog.getByLabel('Document').click();
    await page.getByRole('option', { name: document }).click();
  }
  if (name) await dialog.getByLabel(kind === 'folder' ? 'Folder name' : 'File name').fill(name);
  await dialog.getByRole('button', { name: kind === 'folder' ? 'Create folder' : 'Create file' }).click();
  await expect(dialog).toBeHidden();
}

async function rowAction(page: Page, name: string, action: 'Rename' | 'Move to…' | 'Delete') {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Drags a row by its handle onto another row (dnd-kit's pointer sensor needs real moves). */
async function drag(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('[data-drag-handle]');
  const source = (await handle.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 + 12, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('file manager: the demo on a first visit, workspaces created, renamed and deleted', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, await createUser());
  await page.goto('/file-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'File Manager' })).toBeVisible();
  const own = page.getByRole('list', { name: 'Your workspaces' });
  await expect(own.getByRole('heading', { name: 'My First Workspace' })).toBeVisible();
  await expect(own).toContainText('4 folders · 1 file');
  await expect(page.getByText('Nothing shared with you yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Create a workspace' });
  await form.getByRole('button', { name: 'Create workspace' }).click();
  await expect(form.getByRole('alert')).toHaveText('Workspace name cannot be empty');
  await form.getByLabel('Workspace name').fill('Client: Acme');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'file-manager');
  await form.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Client: Acme' })).toBeVisible();
  await expect(page.getByText('This workspace is empty')).toBeVisible();

  await page.getByRole('link', { name: 'File Manager' }).click();
  await page.getByRole('button', { name: 'Rename Client: Acme' }).click();
  await page.getByRole('dialog').getByLabel('Workspace name').fill('  ');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Workspace name cannot be empty');
  await page.getByRole('dialog').getByLabel('Workspace name').fill('Client: Acme Ltd');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(own.getByRole('heading', { name: 'Client: Acme Ltd' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete My First Workspace' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete workspace' }).click();
  await expect(toast(page)).toContainText('Workspace deleted');
  // The demo is given once: it does not come back.
  await page.reload();
  await expect(own.getByRole('heading')).toHaveText(['Client: Acme Ltd']);
  expect(errors).toEqual([]);
});

test('workspace tree: create, validate, rename, drag, move with the keyboard, delete — saved after each change', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createUser();
  await seedDocument(user, 'Spring launch plan', '# Spring launch plan\n\n## Goals\n- 500 sign-ups');
  await signInAs(page, user);
  await createWorkspace(page, 'Launch');

  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Folder name cannot be empty');
  await page.getByRole('dialog').getByLabel('Folder name').fill('Marketing');
  await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
  await saved(page);
  // Created inside the selected folder.
  await newItem(page, 'folder', 'Emails');
  await page.getByRole('button', { name: 'Launch', exact: true }).click();
  await newItem(page, 'folder', 'Archive');

  await page.getByRole('button', { name: 'New file' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create file' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('File name cannot be empty');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // Choosing a document names an unnamed file after it.
  await newItem(page, 'file', '', 'Spring launch plan');
  await saved(page);
  await expect(tree(page)).toContainText('Spring launch plan');

  // Breadcrumb of the selected file.
  await pick(page, 'Spring launch plan');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('File Manager');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Spring launch plan');
  await expect(page.getByTestId('download-counter')).toHaveText('Downloads: 0 / ∞');

  // Drag the file into Emails (inside Marketing).
  await drag(page, row(page, 'Spring launch plan'), row(page, 'Emails'));
  await saved(page);
  await expect(crumbs).toContainText('Marketing');
  await expect(crumbs).toContainText('Emails');

  // Rename, then move from the keyboard with "Move to…".
  await rowAction(page, 'Archive', 'Rename');
  await page.getByRole('dialog').getByLabel('Folder name').fill(' ');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Folder name cannot be empty');
  await page.getByRole('dialog').getByLabel('Folder name').fill('Old launches');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('button', { name: 'More actions for Marketing' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Move to…' }).press('Enter');
  const moveDialog = page.getByRole('dialog', { name: 'Move “Marketing” to…' });
  // A folder never moves into itself or its subfolders: Emails is not offered.
  await expect(moveDialog.getByRole('radio')).toHaveCount(2);
  await moveDialog.getByRole('radio', { name: 'Old launches' }).check();
  await moveDialog.getByRole('button', { name: 'Move here' }).click();
  await saved(page);

  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'workspace-tree');

  // Everything was saved: a reload shows the same tree.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Inside Old launches' })).toContainText('Marketing');
  await page.getByRole('button', { name: 'Expand Marketing' }).click();
  await page.getByRole('button', { name: 'Expand Emails' }).click();
  await expect(page.getByRole('list', { name: 'Inside Emails' })).toContainText('Spring launch plan');

  // Delete a folder with what is inside it (the document stays in the library).
  await rowAction(page, 'Old launches', 'Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await saved(page);
  await expect(page.getByText('This workspace is empty')).toBeVisible();
  const { count } = await serviceClient()
    .from('generated_documents')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', user.id)
    .eq('name', 'Spring launch plan');
  expect(count).toBe(1);
});

test('two tabs: separate edits are merged, the same rename asks which to keep', async ({ context }) => {
  const user = await createUser();
  const first = await context.newPage();
  await signInAs(first, user);
  await createWorkspace(first, 'Shared plan');
  await newItem(first, 'folder', 'Ideas');
  await saved(first);
  const url = first.url();

  const second = await context.newPage();
  await second.goto(url);
  await expect(tree(second)).toContainText('Ideas');

  // Each tab adds something without seeing the other's change: both are kept.
  await first.getByRole('button', { name: 'Shared plan', exact: true }).click();
  await newItem(first, 'folder', 'From the first tab');
  await saved(first);
  // Nothing is selected in the second tab: its new folder goes to the top level too.
  await newItem(second, 'folder', 'From the second tab');
  await expect(toast(second)).toContainText('Merged with another tab');
  await expect(tree(second)).toContainText('From the first tab');
  await expect(tree(second)).toContainText('From the second tab');

  // Both rename the same folder: the later save asks.
  await first.reload();
  await expect(tree(first)).toContainText('From the second tab');
  await rowAction(first, 'Ideas', 'Rename');
  await first.getByRole('dialog').getByLabel('Folder name').fill('Ideas (first)');
  await first.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await saved(first);
  await rowAction(second, 'Ideas', 'Rename');
  await second.getByRole('dialog').getByLabel('Folder name').fill('Ideas (second)');
  await second.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  const conflict = second.getByRole('dialog', { name: 'This workspace was changed in another tab' });
  // Named by what both tabs called it before: the new names are the two answers.
  await expect(conflict).toContainText('Both tabs renamed “Ideas”.');
  await expect(conflict.getByRole('radio', { name: 'Keep this tab’s name “Ideas (second)”' })).toBeChecked();
  expect(await seriousViolations(second)).toEqual([]);
  await conflict.getByRole('radio', { name: 'Keep the other tab’s name “Ideas (first)”' }).check();
  await conflict.getByRole('button', { name: 'Save merged workspace' }).click();
  await saved(second);
  await expect(tree(second)).toContainText('Ideas (first)');
  await expect(tree(second)).not.toContainText('Ideas (second)');
  await first.reload();
  await expect(tree(first)).toContainText('Ideas (first)');
  await expect(tree(first)).toContainText('From the second tab');
});

test('downloads are counted against the limit, then refused with the product’s message', async ({ page }) => {
  const user = await createUser();
  await seedDocument(user, 'Price list', '# Price list\n\n| Plan | Price |\n|---|---|\n| Pro | $29 |');
  await signInAs(page, user);
  await createWorkspace(page, 'Downloads');
  await newItem(page, 'file', 'Prices', 'Price list');
  await pick(page, 'Prices');
  const panel = details(page);
  await expect(page.getByTestId('download-counter')).toHaveText('Downloads: 0 / ∞');

  const limit = page.getByRole('form', { name: 'Download limit' });
  await limit.getByLabel('Limit downloads').check();
  await expect(limit.getByLabel('Maximum downloads')).toHaveValue('5');
  await limit.getByLabel('Maximum downloads').fill('2');
  await limit.getByRole('button', { name: 'Save limit' }).click();
  await expect(page.getByTestId('download-counter')).toHaveText('Downloads: 0 / 2');

  const [docx] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download' }).click()]);
  expect(docx.suggestedFilename()).toBe('price_list.docx');
  const zip = await JSZip.loadAsync(Buffer.concat(await streamChunks(docx)));
  expect(await zip.file('word/document.xml')!.async('string')).toContain('Pro');
  await expect(page.getByTestId('download-counter')).toHaveText('Downloads: 1 / 2');

  await panel.getByLabel('Format').click();
  await page.getByRole('option', { name: 'Plain text' }).click();
  const [txt] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download' }).click()]);
  expect(txt.suggestedFilename()).toBe('price_list.txt');
  await expect(page.getByTestId('download-counter')).toHaveText('Downloads: 2 / 2');
  await expect(panel.getByText('Download Limit Reached - You cannot download this file anymore.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await screenshots(page, 'workspace-download-limit');
});

test('share read-only by e-mail: the view_only recipient sees it, downloads, and cannot change it', async ({ page, browser }) => {
  // Two signed-in browsers on a shared machine: more than the default 30 s.
  test.setTimeout(90_000);
  const owner = await createUser({ role: 'editor' });
  const viewer = await createUser({ role: 'view_only' });
  await seedDocument(owner, 'Brand guide', '# Brand guide\n\nFriendly and direct.');
  await signInAs(page, owner);
  await createWorkspace(page, 'Brand kit');
  await newItem(page, 'folder', 'Guides');
  await newItem(page, 'file', 'Guide', 'Brand guide');
  await saved(page);

  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share “Brand kit”' });
  await share.getByLabel('E-mail address').fill('not an address');
  await share.getByRole('button', { name: 'Share read-only' }).click();
  await expect(share.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await share.getByLabel('E-mail address').fill(viewer.email.toUpperCase());
  await share.getByRole('button', { name: 'Share read-only' }).click();
  await expect(toast(page)).toContainText(`Invitation sent to ${viewer.email}`);
  await expect(share.getByRole('list', { name: 'Shared with' })).toContainText(viewer.email);
  await expect(share.getByRole('list', { name: 'Shared with' })).toContainText('Invited: not accepted yet');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'workspace-share');
  await share.getByRole('button', { name: 'Done' }).click();

  // The recipient sees nothing until they accept the mailed invitation; then it opens.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signInAs(viewerPage, viewer);
  await viewerPage.goto('/file-manager');
  await expect(viewerPage.getByText('Nothing shared with you yet')).toBeVisible();
  await viewerPage.goto(linkIn(await latestMail(viewer.email), '/shared/accept#token='));
  await expect(viewerPage.getByRole('heading', { level: 1, name: 'Shared with you' })).toBeVisible();
  await expect(viewerPage.getByText(`Accept the invitation as ${viewer.email}?`, { exact: false })).toBeVisible();
  expect(new URL(viewerPage.url()).hash).toBe('');
  expect(await seriousViolations(viewerPage)).toEqual([]);
  await screenshots(viewerPage, 'share-accept');
  await viewerPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(viewerPage.getByText('Shared with you, read-only')).toBeVisible();
  await viewerPage.goto('/file-manager');
  // A view_only account creates nothing: no form, no demo.
  await expect(viewerPage.getByRole('form', { name: 'Create a workspace' })).toHaveCount(0);
  await expect(viewerPage.getByText('No workspaces yet')).toBeVisible();
  const shared = viewerPage.getByRole('list', { name: 'Shared with you' });
  await expect(shared).toContainText(`Shared by ${owner.email}`);
  await shared.getByRole('link', { name: 'Open Brand kit' }).click();
  await expect(viewerPage.getByText('Shared with you, read-only')).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'New folder' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^More actions/ })).toHaveCount(0);
  await expect(viewerPage.locator('[data-drag-handle]')).toHaveCount(0);
  await pick(viewerPage, 'Guide');
  await expect(details(viewerPage).getByRole('form', { name: 'Download limit' })).toHaveCount(0);
  const [file] = await Promise.all([
    viewerPage.waitForEvent('download'),
    details(viewerPage).getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('brand_guide.docx');
  await expect(viewerPage.getByTestId('download-counter')).toHaveText('Downloads: 1 / ∞');
  expect(await seriousViolations(viewerPage)).toEqual([]);
  await screenshots(viewerPage, 'workspace-read-only');

  // The owner revokes: the recipient loses it.
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: `Stop sharing with ${viewer.email}` }).click();
  await expect(toast(page)).toContainText('Sharing stopped');
  await viewerPage.reload();
  await expect(viewerPage.getByRole('heading', { level: 1, name: 'Workspace not found' })).toBeVisible();
  await viewerPage.goto('/workspace/not-a-workspace');
  await expect(viewerPage.getByRole('heading', { level: 1, name: 'Workspace not found' })).toBeVisible();
  await viewerContext.close();
});

async function streamChunks(download: { createReadStream(): Promise<NodeJS.ReadableStream> }): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return chunks;
}
