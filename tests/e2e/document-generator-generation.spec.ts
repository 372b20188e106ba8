import { test } from '@playwright/test';
import {
  chooseTemplate,
  counter,
  expect,
  form,
  generated,
  generateKeepingPrompt,
  openGenerator,
  press,
  promptField,
  seedCount,
  service,
  shoot,
  storedCount,
} from './document-generator-support.ts';
import { seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, SESSION_STORAGE_KEY, signInAs, withOpenAiKey } from './support.ts';

/**
 * /document-generator against the fake AI provider: the suggested-prompt flow (use / keep / save
 * to library), the streamed document in the template's sections, the n / 50 counter from the
 * database and its limit modal, editing the saved text, and a failed or stopped generation that
 * costs nothing.
 */

test.describe.configure({ timeout: 240_000 });

test('suggested prompt: use it, keep the original, save it to the library; the document streams in the template’s sections and counts', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const user = await createUser();
  await withOpenAiKey(user);
  await seedCount(user, 12);
  await signInAs(page, user);
  await openGenerator(page);
  await expect(counter(page)).toHaveText('12 / 50');

  // A folder to save into ('Folder name cannot be empty' first).
  const docs = page.getByRole('region', { name: 'My documents' });
  await docs.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Folder name cannot be empty');
  await page.getByRole('dialog').getByLabel('Folder name').fill('Press');
  await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await form(page).getByRole('combobox', { name: 'Save documents to' }).click();
  await page.getByRole('option', { name: 'Press' }).click();

  const original = 'Spring sale at our bakery';
  await promptField(page).fill(original);
  await chooseTemplate(page, 'Press Release');
  await press(page, 'Generate');
  const suggestion = page.getByRole('region', { name: 'Suggested prompt' });
  await expect(suggestion).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('suggestion-reasoning')).toContainText('audience');
  const suggested = (await page.getByTestId('suggested-prompt').textContent())!;
  expect(suggested).toContain(original);
  expect(suggested).not.toBe(original);
  // Stored with its reasoning (prompt_suggestions).
  await expect
    .poll(
      async () =>
        (
          await service()
            .from('prompt_suggestions')
            .select('original_prompt_text, suggested_prompt_text, reasoning_text, template_id')
            .eq('user_id', user.id)
        ).data,
    )
    .toEqual([
      {
        original_prompt_text: original,
        suggested_prompt_text: suggested,
        reasoning_text: expect.stringContaining('audience'),
        template_id: 'press_release',
      },
    ]);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'document-generator-suggestion');

  await suggestion.getByRole('button', { name: 'Use suggestion' }).click();
  await expect(promptField(page)).toHaveValue(suggested);
  await expect(page.getByTestId('flow-choice')).toHaveText('Using the suggested prompt.');
  await page.getByRole('button', { name: 'Back to my prompt' }).click();
  await expect(promptField(page)).toHaveValue(original);
  await expect(page.getByTestId('flow-choice')).toHaveText('Keeping your prompt.');
  await page.getByRole('button', { name: 'Use suggestion' }).click();
  await expect(promptField(page)).toHaveValue(suggested);

  // Save the suggestion to the library: it is among the recent prompts.
  await page.getByRole('button', { name: 'Save suggestion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save prompt to your library' });
  await expect(dialog.getByLabel('Prompt name')).toHaveValue('Improved press release prompt');
  await expect(dialog.getByLabel('Prompt text')).toHaveValue(suggested);
  await dialog.getByRole('button', { name: 'Save prompt' }).click();
  await expect(page.getByRole('list', { name: 'Recent prompts' }).getByRole('button').first()).toContainText(
    'Improved press release prompt',
  );

  // Watch the document arrive in pieces (streamed), then saved into the folder.
  await page.evaluate(() => {
    const w = window as unknown as { lengths: number[] };
    w.lengths = [];
    new MutationObserver(() => {
      const doc = document.querySelector('[data-testid="generated-document"]');
      if (doc && w.lengths.at(-1) !== doc.textContent!.length) w.lengths.push(doc.textContent!.length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await press(page, 'Generate document');
  await expect(page.getByTestId('result-state')).toHaveText('Writing…');
  await expect(page.getByTestId('result-state')).toHaveText('Saved', { timeout: 30_000 });
  expect((await page.evaluate(() => (window as unknown as { lengths: number[] }).lengths)).length).toBeGreaterThan(3);
  for (const heading of ['Headline', 'Subheadline', 'Dateline and Lead', 'Body', 'Quote', 'About the Company', 'Media Contact']) {
    await expect(generated(page).getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('saved-as')).toHaveText('Saved as “Spring Sale At Our Bakery” in Press.');
  await expect(counter(page)).toHaveText('13 / 50');
  expect(await storedCount(user)).toEqual({ count: 13, reservations: 0 });
  const { data: row } = await service()
    .from('generated_documents')
    .select('name, template_id, format, folder_id, content')
    .eq('user_id', user.id)
    .single();
  expect(row).toMatchObject({ name: 'Spring Sale At Our Bakery', template_id: 'press_release', format: 'docx' });
  expect((row as { content: string }).content).toContain('## Media Contact');
  await expect(docs.getByRole('list', { name: 'Documents' })).toContainText('Spring Sale At Our Bakery');
  await expect(docs.getByRole('button', { name: /^Press/ })).toContainText('1 document');
  // The next Generate starts over with a new suggestion.
  await expect(form(page).getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'document-generator-result');

  // Dark mode (the system preference).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page), 'dark mode').toEqual([]);
  await shoot(page, 'document-generator-dark');
  expect(errors).toEqual([]);
});

test('the saved text is edited; Nothing to Save and Login Required keep it on the page', async ({ page }) => {
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);
  await openGenerator(page);
  await promptField(page).fill('Quarterly results for the board');
  await chooseTemplate(page, 'Report Summary');
  await generateKeepingPrompt(page);
  await expect(page.getByTestId('saved-as')).toContainText('Quarterly Results For The Board');

  await page.getByRole('button', { name: 'Edit text' }).click();
  const editor = page.getByRole('textbox', { name: 'Document text (Markdown)' });
  await editor.fill('   ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Nothing to Save');
  await editor.fill('# Quarterly results\n\n## Summary\n\nRevenue grew 12%.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Changes Saved');
  await expect(generated(page)).toContainText('Revenue grew 12%.');
  await expect
    .poll(async () => (await service().from('generated_documents').select('content').eq('user_id', user.id).single()).data)
    .toEqual({
      content: '# Quarterly results\n\n## Summary\n\nRevenue grew 12%.',
    });

  // The session ends (signed out elsewhere, storage cleared): saving says so and keeps the text.
  await page.getByRole('button', { name: 'Edit text' }).click();
  await editor.fill('# Quarterly results\n\nRevenue grew 15%.');
  await page.evaluate((key) => window.localStorage.removeItem(key), SESSION_STORAGE_KEY);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Login Required');
  await expect(editor).toHaveValue('# Quarterly results\n\nRevenue grew 15%.');
  expect((await service().from('generated_documents').select('content').eq('user_id', user.id).single()).data).toEqual({
    content: '# Quarterly results\n\n## Summary\n\nRevenue grew 12%.',
  });
});

test('a failed generation ([[fake:500]]) shows the error and leaves the counter unchanged', async ({ page }) => {
  const user = await createUser();
  await withOpenAiKey(user);
  await seedCount(user, 7);
  await signInAs(page, user);
  await openGenerator(page);
  await expect(counter(page)).toHaveText('7 / 50');

  await promptField(page).fill('Launch plan [[fake:500]]');
  await chooseTemplate(page, 'Project Proposal');
  await press(page, 'Generate');
  // No suggestion when the provider fails: the user goes on with their own prompt.
  await expect(page.getByText('No suggestion this time')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue with my prompt' }).click();
  await press(page, 'Generate document');
  await expect(page.getByTestId('result-state')).toHaveText('Failed', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: /^Your project proposal/ })).toContainText(
    'The AI service returned an error: The server had an error while processing your request.',
  );
  await expect(page.getByTestId('not-counted')).toBeVisible();
  await expect(counter(page)).toHaveText('7 / 50');
  expect(await storedCount(user)).toEqual({ count: 7, reservations: 0 });
  const { count } = await service().from('generated_documents').select('id', { count: 'exact', head: true }).eq('user_id', user.id);
  expect(count).toBe(0);
  // The prompt is still there, and Generate tries again.
  await expect(promptField(page)).toHaveValue('Launch plan [[fake:500]]');
  await expect(form(page).getByRole('button', { name: 'Generate document' })).toBeEnabled();
  await shoot(page, 'document-generator-failed');
});

test('Stop keeps the partial document, does not count it, and it can be saved by hand', async ({ page }) => {
  const user = await createUser();
  await withOpenAiKey(user);
  await seedCount(user, 3);
  await signInAs(page, user);
  await openGenerator(page);
  await expect(counter(page)).toHaveText('3 / 50');
  // [[fake:slow]] streams slowly, so there is time to stop.
  await promptField(page).fill('Product page for a standing desk [[fake:slow]]');
  await chooseTemplate(page, 'Product Description');
  await press(page, 'Generate');
  await page.getByRole('button', { name: 'Keep my prompt' }).click({ timeout: 30_000 });
  await press(page, 'Generate document');
  await expect(generated(page)).toContainText('Headline');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('result-state')).toHaveText('Stopped');
  await expect(page.getByTestId('not-counted')).toContainText('Stopped before the end');
  await expect(counter(page)).toHaveText('3 / 50');
  // The server gives the slot back once it sees the stream cut, a moment after the page stopped reading.
  await expect.poll(() => storedCount(user)).toEqual({ count: 3, reservations: 0 });
  const partial = (await generated(page).textContent())!;
  expect(partial).not.toContain('Call to Action');

  await page.getByRole('button', { name: 'Save document' }).click();
  await expect(page.getByTestId('result-state')).toHaveText('Saved');
  const { data } = await service().from('generated_documents').select('name, content').eq('user_id', user.id).single();
  expect((data as { content: string }).content).toContain('## Headline');
  expect((data as { content: string }).content).not.toContain('## Call to Action');
  expect(await storedCount(user)).toEqual({ count: 3, reservations: 0 });
});

test('at 50 / 50 the database refuses: the limit modal with the upgrade link', async ({ page }) => {
  const user = await createUser();
  await withOpenAiKey(user);
  await seedCount(user, 48);
  await signInAs(page, user);
  await openGenerator(page);
  await expect(counter(page)).toHaveText('48 / 50');

  await promptField(page).fill('Team offsite agenda');
  await chooseTemplate(page, 'Meeting Agenda');
  await generateKeepingPrompt(page);
  await expect(counter(page)).toHaveText('49 / 50');

  // The 50th is used elsewhere (another tab) while this page still shows 49: the database refuses.
  await seedCount(user, 50);
  await promptField(page).fill('Second offsite agenda');
  await press(page, 'Generate');
  await page.getByRole('button', { name: 'Keep my prompt' }).click({ timeout: 20_000 });
  await press(page, 'Generate document');
  const modal = page.getByRole('dialog', { name: 'Monthly Generation Limit Reached' });
  await expect(modal).toBeVisible({ timeout: 20_000 });
  await expect(counter(page)).toHaveText('50 / 50');
  expect(await storedCount(user)).toEqual({ count: 50, reservations: 0 });
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'document-generator-limit');
  await modal.getByRole('button', { name: 'Close' }).click();
  // Nothing typed is lost; at the limit the next Generate opens the modal at once.
  await expect(promptField(page)).toHaveValue('Second offsite agenda');
  await page.getByRole('button', { name: 'Generate document' }).click();
  await expect(modal).toBeVisible();
  await modal.getByRole('link', { name: 'Upgrade your plan' }).click();
  await expect(page).toHaveURL(/\/billing$/);
});
