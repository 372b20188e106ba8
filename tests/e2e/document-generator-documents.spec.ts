import { test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, form, openGenerator, seedDocument, seedFolder, service, shoot } from './document-generator-support.ts';
import { screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { acceptInvitation, createUser, signInAs, type TestUser } from './support.ts';

/**
 * The document generator's saved documents: folders, sorts, open (rendered safely), rename, move,
 * delete, downloads (DOCX, PDF, HTML, text), and sharing a document read-only by e-mail.
 */

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test.describe.configure({ timeout: 240_000 });

/** Three documents in nested folders, made as the generator would save them. */
async function seedLibrary(user: TestUser) {
  const zeta = await seedFolder(user, 'Zeta');
  const alpha = await seedFolder(user, 'alpha');
  await seedFolder(user, 'Drafts', alpha);
  await seedDocument(user, { name: 'Alpha plan', content: '# Alpha plan\n\n## Goals\n\n- Ship it', folderId: zeta, daysAgo: 3 });
  await seedDocument(user, {
    name: 'beta notes',
    content:
      '# beta notes\n\n## Goals\n\n- **Grow** the list <script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">\n\n| Plan | Price |\n|---|---|\n| Pro | $29 |',
    daysAgo: 2,
    templateId: 'report_summary',
  });
  await seedDocument(user, { name: 'Gamma brief', content: '# Gamma brief\n\nShort.', folderId: alpha, daysAgo: 1 });
}

const documentsRegion = (page: Page) => page.getByRole('region', { name: 'My documents' });
const documentNames = (page: Page) =>
  documentsRegion(page)
    .getByRole('list', { name: 'Documents' })
    .getByRole('button', { name: /^Open / });
/** The folder entries (their "More actions" buttons have no text). */
const folderEntries = (page: Page) =>
  documentsRegion(page)
    .getByRole('list', { name: 'Document folders' })
    .getByRole('button')
    .filter({ hasText: /\d+ documents?$/ });
async function sortBy(page: Page, label: string) {
  await documentsRegion(page).getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('documents: the six sorts, the folder tree, open safely, download DOCX, PDF, HTML and text (counted)', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await createUser();
  await seedLibrary(user);
  await signInAs(page, user);
  await openGenerator(page);

  const docs = documentsRegion(page);
  const names = documentNames(page);
  await expect(names).toHaveText(['Gamma brief', 'beta notes', 'Alpha plan']);
  await sortBy(page, 'Oldest');
  await expect(names).toHaveText(['Alpha plan', 'beta notes', 'Gamma brief']);
  await sortBy(page, 'Name A-Z');
  await expect(names).toHaveText(['Alpha plan', 'beta notes', 'Gamma brief']);
  await sortBy(page, 'Name Z-A');
  await expect(names).toHaveText(['Gamma brief', 'beta notes', 'Alpha plan']);
  await sortBy(page, 'Folder A-Z');
  await expect(names).toHaveText(['Gamma brief', 'Alpha plan', 'beta notes']);
  await sortBy(page, 'Folder Z-A');
  await expect(names).toHaveText(['Alpha plan', 'Gamma brief', 'beta notes']);
  // The folder tree: subfolders under their parent.
  const folders = folderEntries(page);
  await expect(folders).toHaveText([/^All documents/, /^No folder/, /^Zeta/, /^alpha/, /^Drafts/]);
  await sortBy(page, 'Name A-Z');
  await expect(folders).toHaveText([/^All documents/, /^No folder/, /^alpha/, /^Drafts/, /^Zeta/]);
  await expect(folders.filter({ hasText: /^No folder/ })).toContainText('1 document');

  // Open: the Markdown is rendered, raw HTML is not run.
  await names.filter({ hasText: 'beta notes' }).click();
  const viewer = page.getByRole('dialog', { name: /beta notes/ });
  await expect(viewer.getByRole('heading', { name: 'Goals' })).toBeVisible();
  await expect(viewer.getByRole('cell', { name: '$29' })).toBeVisible();
  await expect(viewer.locator('script, img[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'document-generator-viewer');
  await viewer.getByRole('button', { name: 'Close' }).click();

  // Downloads, counted by the database.
  const download = async (name: string, format: string) => {
    await docs.getByRole('button', { name: `Download ${name}` }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
    return { fileName: file.suggestedFilename(), data: await downloaded(file) };
  };
  const docx = await download('beta notes', 'Word (DOCX)');
  expect(docx.fileName).toBe('beta_notes.docx');
  const documentXml = await (await JSZip.loadAsync(docx.data)).file('word/document.xml')!.async('string');
  expect(documentXml).toContain('Goals');
  expect(documentXml).toContain('Grow');
  const pdf = await download('beta notes', 'PDF');
  expect(pdf.fileName).toBe('beta_notes.pdf');
  const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(pdf.data)), { mergePages: true });
  expect(pdfText).toContain('Goals');
  const html = await download('beta notes', 'HTML');
  expect(html.fileName).toBe('beta_notes.html');
  expect(html.data.toString('utf8')).toContain('<h2>Goals</h2>');
  expect(html.data.toString('utf8')).not.toMatch(/<script|onerror/i);
  const txt = await download('beta notes', 'Plain text');
  expect(txt.fileName).toBe('beta_notes.txt');
  expect(txt.data.toString('utf8')).toContain('Goals');
  expect(txt.data.toString('utf8')).not.toContain('**');
  // The row shows the count with its maximum, as the file manager does (∞: no limit).
  await expect(docs.locator('[data-document-id]').filter({ hasText: 'beta notes' })).toContainText('Downloads: 4 / ∞');
  await expect(docs.locator('[data-document-id]').filter({ hasText: 'Alpha plan' })).toContainText('Downloads: 0 / ∞');
  const { data: counted } = await service()
    .from('generated_documents')
    .select('download_count')
    .eq('user_id', user.id)
    .eq('name', 'beta notes')
    .single();
  expect(counted).toEqual({ download_count: 4 });

  expect(errors).toEqual([]);
});

test('documents and folders: rename, move, subfolders, delete (confirmed) with everything inside', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await createUser();
  await seedLibrary(user);
  await signInAs(page, user);
  await openGenerator(page);
  const docs = documentsRegion(page);
  const names = documentNames(page);
  const folders = folderEntries(page);
  await sortBy(page, 'Name A-Z');
  await expect(names).toHaveText(['Alpha plan', 'beta notes', 'Gamma brief']);

  // Rename ('Document name cannot be empty' first).
  await docs.getByRole('button', { name: 'More actions for beta notes', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Document name').fill(' ');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Document name cannot be empty');
  await page.getByRole('dialog').getByLabel('Document name').fill('Beta launch notes');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(names).toHaveText(['Alpha plan', 'Beta launch notes', 'Gamma brief']);

  // Move into a subfolder.
  await docs.getByRole('button', { name: 'More actions for Beta launch notes', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move “Beta launch notes” to…' });
  await move.getByRole('radio', { name: 'Drafts' }).check();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(toast(page)).toContainText('Document moved');
  await folders.filter({ hasText: /^Drafts/ }).click();
  await expect(names).toHaveText(['Beta launch notes']);
  await expect(docs.getByRole('heading', { name: /^Drafts/ })).toBeVisible();

  // New subfolder inside the selected folder; rename a folder ('Folder name cannot be empty').
  await docs.getByRole('button', { name: 'New folder' }).click();
  await expect(page.getByRole('dialog', { name: 'New folder in “Drafts”' })).toBeVisible();
  await page.getByRole('dialog').getByLabel('Folder name').fill('Old drafts');
  await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
  await expect(folders.filter({ hasText: /^Old drafts/ })).toBeVisible();
  await docs.getByRole('button', { name: 'More actions for Zeta', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Folder name').fill('');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Folder name cannot be empty');
  await page.getByRole('dialog').getByLabel('Folder name').fill('Zeta archive');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(folders.filter({ hasText: /^Zeta archive/ })).toBeVisible();
  await shoot(page, 'document-generator-documents');

  // Delete a document (confirmed), then a folder with its subfolders and documents.
  await folders.filter({ hasText: /^All documents/ }).click();
  await docs.getByRole('button', { name: 'More actions for Gamma brief', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete “Gamma brief”?' }).getByRole('button', { name: 'Delete document' }).click();
  await expect(names).toHaveText(['Alpha plan', 'Beta launch notes']);
  await docs.getByRole('button', { name: 'More actions for alpha', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete folder “alpha”?' });
  await expect(confirm).toContainText('Its 2 subfolders and 1 document will be deleted too.');
  await confirm.getByRole('button', { name: 'Delete folder' }).click();
  await expect(names).toHaveText(['Alpha plan']);
  await expect(folders).toHaveText([/^All documents/, /^No folder/, /^Zeta archive/]);
  const { data: left } = await service().from('generated_documents').select('name').eq('user_id', user.id);
  expect(left).toEqual([{ name: 'Alpha plan' }]);
  expect(errors).toEqual([]);
});

test('share a document read-only by e-mail: the view_only recipient finds it in the File Manager, opens and downloads it within the limit, and cannot change it', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  const owner = await createUser({ role: 'editor' });
  const viewer = await createUser({ role: 'view_only' });
  const docId = await seedDocument(owner, {
    name: 'Launch brief',
    content: '# Launch brief\n\n## Audience\n\nSmall shops selling online.',
  });
  const { error } = await service().from('generated_documents').update({ max_downloads: 2 }).eq('id', docId);
  if (error) throw new Error(error.message);
  await signInAs(page, owner);
  await openGenerator(page);
  const row = documentsRegion(page).locator('[data-document-id]').filter({ hasText: 'Launch brief' });
  await expect(row).toContainText('Downloads: 0 / 2');

  await row.getByRole('button', { name: 'More actions for Launch brief' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const share = page.getByRole('dialog', { name: 'Share “Launch brief”' });
  await expect(share.getByText('Not shared with anyone yet.')).toBeVisible();
  await share.getByLabel('E-mail address').fill(viewer.email);
  await share.getByRole('button', { name: 'Share read-only' }).click();
  await expect(share.getByRole('list', { name: 'Shared with' })).toContainText(viewer.email);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'document-share');
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('Shared with 1 person');

  // The recipient: the generator's view-only banner leads to the File Manager, where the document waits.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  const viewerErrors = watchErrors(viewerPage);
  await signInAs(viewerPage, viewer);
  await acceptInvitation(viewerPage, viewer.email);
  await expect(viewerPage).toHaveURL(/\/file-manager$/);
  await openGenerator(viewerPage);
  await expect(form(viewerPage)).toHaveCount(0);
  await viewerPage.getByRole('alert').filter({ hasText: 'view-only' }).getByRole('link', { name: 'File Manager' }).click();
  await expect(viewerPage).toHaveURL(/\/file-manager$/);
  const shared = viewerPage.getByRole('list', { name: 'Shared with you' });
  const card = shared.locator('[data-shared-document]').filter({ hasText: 'Launch brief' });
  await expect(card).toContainText(`Shared by ${owner.email}`);
  await expect(card.getByTestId('shared-download-counter')).toHaveText('Downloads: 0 / 2');
  // Read-only: nothing to rename, move, delete or share.
  await expect(card.getByRole('button', { name: /Rename|Delete|Share|More actions/ })).toHaveCount(0);

  await card.getByRole('button', { name: 'Open Launch brief' }).click();
  const reader = viewerPage.getByRole('dialog', { name: 'Launch brief' });
  await expect(reader.getByRole('heading', { name: 'Audience' })).toBeVisible();
  await screenshots(viewerPage, 'file-manager-shared-document-open');
  await reader.getByRole('button', { name: 'Download Launch brief' }).click();
  const [docx] = await Promise.all([
    viewerPage.waitForEvent('download'),
    viewerPage.getByRole('menuitem', { name: 'Word (DOCX)' }).click(),
  ]);
  expect(docx.suggestedFilename()).toBe('launch_brief.docx');
  const documentXml = await (await JSZip.loadAsync(await downloaded(docx))).file('word/document.xml')!.async('string');
  expect(documentXml).toContain('Small shops selling online.');
  await reader.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('shared-download-counter')).toHaveText('Downloads: 1 / 2');

  await card.getByRole('button', { name: 'Download Launch brief' }).click();
  const [txt] = await Promise.all([viewerPage.waitForEvent('download'), viewerPage.getByRole('menuitem', { name: 'Plain text' }).click()]);
  expect(txt.suggestedFilename()).toBe('launch_brief.txt');
  await expect(card.getByTestId('shared-download-counter')).toHaveText('Downloads: 2 / 2');
  await expect(card.getByRole('status')).toHaveText('Download Limit Reached - You cannot download this file anymore.');
  await expect(card.getByRole('button', { name: 'Download Launch brief' })).toHaveCount(0);
  expect(await seriousViolations(viewerPage)).toEqual([]);
  // On a busy machine the notice may already have closed by itself: close it only while it is there.
  const closeNotice = toast(viewerPage).getByRole('button', { name: 'Close notification' });
  if (await closeNotice.isVisible()) await closeNotice.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(toast(viewerPage)).toHaveCount(0);
  await screenshots(viewerPage, 'file-manager-shared-document');

  // Both downloads were counted by the database; the document itself is as the owner left it
  // (RLS refusing the recipient's writes is covered by tests/integration/shares-roles.test.ts).
  const { data: unchanged } = await service().from('generated_documents').select('content, download_count').eq('id', docId).single();
  expect(unchanged).toEqual({ content: '# Launch brief\n\n## Audience\n\nSmall shops selling online.', download_count: 2 });

  // The owner revokes: it leaves the recipient's File Manager.
  await row.getByRole('button', { name: 'More actions for Launch brief' }).click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  await share.getByRole('button', { name: `Stop sharing with ${viewer.email}` }).click();
  await expect(toast(page)).toContainText('Sharing stopped');
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(row).not.toContainText('Shared with');
  await viewerPage.reload();
  await expect(viewerPage.getByText('Nothing shared with you yet')).toBeVisible();
  await viewerContext.close();
  expect(errors).toEqual([]);
  expect(viewerErrors).toEqual([]);
});
