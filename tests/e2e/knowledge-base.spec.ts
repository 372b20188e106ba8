import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { exportDocument } from '@/shared/export/index.ts';
import { PAGES_URL } from './ports.ts';
import { screenshots, seriousViolations, toast } from './screens.ts';
import { createUser, signInAs } from './support.ts';

/** /knowledge-base: folders, text / web page / uploaded documents, the selection that feeds generation. */

const addForm = (page: Page) => page.getByRole('form', { name: 'Add a document' });
const documents = (page: Page) => page.getByRole('list', { name: 'Documents' });

test('build a knowledge base: folder, text, web page, .docx and .pdf uploads, selection, deletes', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, await createUser());
  await page.goto('/knowledge-base');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  await expect(page.getByText('No documents here yet')).toBeVisible();
  await expect(page.getByText('No documents selected: offers are generated from your idea alone.')).toBeVisible();

  // A folder; blank names are ignored.
  const folders = page.getByRole('navigation', { name: 'Folders' });
  await folders.getByLabel('New folder').fill('Brand');
  await folders.getByRole('button', { name: 'Add' }).click();
  await expect(folders.getByRole('button', { name: /^Brand/ })).toHaveAttribute('aria-current', 'true');

  // Text: the validation messages, then a saved document (filed into the open folder).
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  await expect(addForm(page).getByRole('alert')).toHaveText('Document name is required');
  await addForm(page).getByLabel('Document name').fill('Brand voice');
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  await expect(addForm(page).getByRole('alert')).toHaveText('Text content cannot be empty');
  await addForm(page).getByLabel('Text').fill('Friendly, direct, no jargon. We call customers "creators".');
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  await expect(toast(page)).toContainText('Document added');
  await expect(documents(page).getByRole('heading', { name: 'Brand voice' })).toBeVisible();

  // Web page: read on the server, stored as its article text.
  await page.getByRole('tab', { name: 'Web page' }).click();
  await addForm(page).getByLabel('Document name').fill('Pricing article');
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  await expect(addForm(page).getByRole('alert')).toHaveText('URL cannot be empty');
  await addForm(page).getByLabel('Web address').fill(`${PAGES_URL}/article.html`);
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  const pricing = documents(page).getByRole('listitem').filter({ hasText: 'Pricing article' });
  await expect(pricing).toContainText('Price your course on the value of the outcome');
  await expect(pricing.getByRole('link', { name: `${PAGES_URL}/article.html` })).toBeVisible();
  await addForm(page).getByLabel('Document name').fill('Broken link');
  await addForm(page).getByLabel('Web address').fill(`${PAGES_URL}/missing.html`);
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  await expect(addForm(page).getByRole('alert')).toHaveText('The page answered 404 Not Found.');

  // Uploads: .docx and .pdf become their text.
  // A failed read keeps what was typed; clear the name so the file's name is offered.
  await expect(addForm(page).getByLabel('Document name')).toHaveValue('Broken link');
  await addForm(page).getByLabel('Document name').fill('');
  await page.getByRole('tab', { name: 'Upload file' }).click();
  const docx = await exportDocument(
    { title: 'Offer facts', sections: [{ markdown: 'The course has **12 lessons** and a private community.' }] },
    'docx',
  );
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'offer-facts.docx', mimeType: docx.mimeType, buffer: Buffer.from(docx.data as ArrayBuffer) });
  await expect(addForm(page).getByText(/offer-facts\.docx: \d+ characters of text read\./)).toBeVisible();
  await expect(addForm(page).getByLabel('Document name')).toHaveValue('offer-facts');
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  await expect(documents(page).getByRole('listitem').filter({ hasText: 'offer-facts' })).toContainText('12 lessons');
  const pdf = await exportDocument({ title: 'Testimonials', sections: [{ markdown: '"I launched in three weeks." — Maya' }] }, 'pdf');
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'testimonials.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf.data as ArrayBuffer) });
  await addForm(page).getByRole('button', { name: 'Add document' }).click();
  const testimonials = documents(page).getByRole('listitem').filter({ hasText: 'testimonials' });
  await expect(testimonials).toContainText('I launched in three weeks.');
  // The uploaded original is kept: downloaded, it is the very file that was chosen.
  const downloading = page.waitForEvent('download');
  await testimonials.getByRole('button', { name: 'Download original of testimonials' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('testimonials.pdf');
  expect(await readFile((await download.path())!)).toEqual(Buffer.from(pdf.data as ArrayBuffer));
  await page.getByLabel('File').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(addForm(page).getByRole('alert')).toHaveText('Choose a .txt, .md, .docx or .pdf file.');

  // The selection that feeds generation is kept.
  await page.getByLabel('Knowledge to use').click();
  await page.getByRole('option', { name: 'Brand (4)' }).click();
  await expect(page.getByText(/^4 documents, about [\d,]+ words\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'knowledge-base');
  await page.reload();
  await expect(page.getByLabel('Knowledge to use')).toHaveText('Brand (4)');

  // Read in full, delete a document, then the folder with the rest.
  await documents(page).getByRole('button', { name: 'Read all of Brand voice' }).click();
  await expect(page.getByRole('dialog', { name: 'Brand voice' })).toContainText('We call customers "creators".');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await documents(page).getByRole('button', { name: 'Delete Brand voice' }).click();
  await page.getByRole('dialog', { name: 'Delete this document?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(documents(page).getByRole('heading', { name: 'Brand voice' })).toHaveCount(0);
  await folders.getByRole('button', { name: 'Delete folder Brand' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete folder "Brand"?' })).toContainText('Its 3 documents will be deleted too.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
  await expect(page.getByText('No documents here yet')).toBeVisible();
  await expect(page.getByLabel('Knowledge to use')).toHaveText('All documents (0)');
});
