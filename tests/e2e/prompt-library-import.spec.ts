import { readFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import { card, cardNames, expect, FIRST_LOAD_MS, folderCard, seed, storedLibrary } from './prompt-library-support.ts';
import { screenshots, seriousViolations, toast } from './screens.ts';
import { createUser, signInAs } from './support.ts';

/**
 * The prompt library's imports and exports: one prompt per line (with the four sorts), and the
 * whole library exported as JSON and CSV and imported into a fresh account with a report.
 */

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
  const importDialog = page.getByRole('dialog', { name: 'Import prompts' });
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
    const importDialog = other.getByRole('dialog', { name: 'Import prompts' });
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
