import { expect as baseExpect, test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { MOBILE, screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { acceptInvitation, createUser, serviceClient, SESSION_STORAGE_KEY, signInAs, type TestUser } from './support.ts';

/**
 * /document-generator against the fake AI provider:
 * every validation message, the suggested-prompt flow (use / keep / save to library), the streamed
 * document in the template's sections, the n / 50 counter from the database and its limit modal, a
 * failed generation that costs nothing, and the saved documents: folders, sorts, open (rendered
 * safely), rename, move, delete and downloads (DOCX, PDF, HTML, text).
 */

// The machine is shared and busy: generous waits (never sleeps).
const expect = baseExpect.configure({ timeout: 15_000 });
const service = () => serviceClient();
const THIS_MONTH = () => `${new Date().toISOString().slice(0, 7)}-01`;

async function withOpenAiKey(user: TestUser) {
  const { error } = await service()
    .from('user_api_keys')
    .upsert({ user_id: user.id, openai_api_key: FAKE_OPENAI_GOOD_KEY, updated_at: new Date().toISOString() });
  if (error) throw new Error(error.message);
}

/** Puts this month's counter at `count` (as the integration tests seed it). */
async function seedCount(user: TestUser, count: number) {
  const { error } = await service()
    .from('user_generation_counts')
    .upsert({ user_id: user.id, generation_count: count, current_month: THIS_MONTH() });
  if (error) throw new Error(error.message);
}

async function storedCount(user: TestUser): Promise<{ count: number; reservations: number }> {
  const [counts, reservations] = await Promise.all([
    service().from('user_generation_counts').select('generation_count').eq('user_id', user.id).maybeSingle(),
    service().from('generation_reservations').select('id', { count: 'exact', head: true }).eq('user_id', user.id),
  ]);
  return { count: (counts.data as { generation_count: number } | null)?.generation_count ?? 0, reservations: reservations.count ?? 0 };
}

async function seedFolder(user: TestUser, name: string, parentId: string | null = null): Promise<string> {
  const { data, error } = await service()
    .from('document_folders')
    .insert({ user_id: user.id, name, parent_folder_id: parentId })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function seedDocument(
  user: TestUser,
  doc: { name: string; content: string; folderId?: string | null; daysAgo?: number; templateId?: string },
): Promise<string> {
  const createdAt = new Date(Date.now() - (doc.daysAgo ?? 0) * 86_400_000).toISOString();
  const { data, error } = await service()
    .from('generated_documents')
    .insert({
      user_id: user.id,
      name: doc.name,
      content: doc.content,
      folder_id: doc.folderId ?? null,
      template_id: doc.templateId ?? 'blog_post',
      created_at: createdAt,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

const form = (page: Page) => page.getByRole('form', { name: 'Document generator' });
const promptField = (page: Page) => form(page).getByRole('textbox', { name: 'Prompt', exact: true });
const counter = (page: Page) => page.getByTestId('quota-count');
const generated = (page: Page) => page.getByTestId('generated-document');

async function chooseTemplate(page: Page, label: string) {
  await form(page).getByRole('combobox', { name: 'Document template' }).click();
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
}

async function chooseProvider(page: Page, label: RegExp) {
  await form(page).getByRole('combobox', { name: 'AI provider' }).click();
  await page.getByRole('option', { name: label }).click();
}

const press = (page: Page, name: 'Generate' | 'Generate document') => form(page).getByRole('button', { name, exact: true }).click();

async function openGenerator(page: Page) {
  await page.goto('/document-generator');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Generator' })).toBeVisible({ timeout: 60_000 });
  await expect(counter(page)).toBeVisible();
}

/** Keeps the prompt as typed and writes the document (first press: suggestion; second: the document). */
async function generateKeepingPrompt(page: Page) {
  await press(page, 'Generate');
  await expect(page.getByRole('region', { name: 'Suggested prompt' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Keep my prompt' }).click();
  await press(page, 'Generate document');
  await expect(page.getByTestId('result-state')).toHaveText('Saved', { timeout: 30_000 });
}

/**
 * The shared screenshots (desktop, phone), first naming what sticks out if the phone width
 * overflows (polled: the shell swaps its sidebar for a drawer on the render after the resize).
 */
async function shoot(page: Page, name: string) {
  await page.setViewportSize(MOBILE);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .map(
              (e) =>
                `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 3).join('.')} → ${Math.round(e.getBoundingClientRect().right)}px`,
            )
            .slice(0, 8),
        ),
      { message: `${name}: elements wider than the phone` },
    )
    .toEqual([]);
  await screenshots(page, name);
}

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test.describe.configure({ timeout: 240_000 });

test('every validation message, saved prompts (the 5 most recent) and the per-provider key messages', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await createUser();
  for (let i = 1; i <= 6; i += 1) {
    const { error } = await service()
      .from('saved_prompts')
      .insert({
        user_id: user.id,
        name: `Saved prompt ${i}`,
        prompt_text: `Prompt text number ${i}`,
        template_id: i === 6 ? 'meeting_agenda' : null,
        created_at: new Date(Date.now() - (10 - i) * 60_000).toISOString(),
      });
    if (error) throw new Error(error.message);
  }
  await signInAs(page, user);
  await openGenerator(page);
  await expect(counter(page)).toHaveText('0 / 50');

  // The 5 most recent saved prompts, newest first.
  const recent = page.getByRole('list', { name: 'Recent prompts' });
  await expect(recent.getByRole('button')).toHaveCount(5);
  await expect(recent.getByRole('button').first()).toContainText('Saved prompt 6');
  await expect(recent).not.toContainText('Saved prompt 1');

  await press(page, 'Generate');
  await expect(form(page).getByRole('alert')).toHaveText('Prompt text is required.');
  await form(page).getByRole('button', { name: 'Suggest a better prompt' }).click();
  await expect(form(page).getByRole('alert')).toHaveText('Prompt is empty');
  await promptField(page).fill('A welcome email for new newsletter subscribers');
  await expect(form(page).getByRole('alert')).toHaveCount(0);
  await press(page, 'Generate');
  await expect(form(page).getByRole('alert')).toHaveText('Please select a document template.');
  await chooseTemplate(page, 'Marketing Email');
  await press(page, 'Generate');
  await expect(form(page).getByRole('alert')).toContainText('OpenAI API Key Missing');
  await chooseProvider(page, /^Gemini/);
  await press(page, 'Generate');
  await expect(form(page).getByRole('alert')).toContainText('Gemini API Key Missing');
  await chooseProvider(page, /^Custom ChatGPT/);
  await press(page, 'Generate');
  await expect(form(page).getByRole('alert')).toContainText('Custom ChatGPT API Key Missing');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'document-generator-validation');

  // Save prompt: name and text are both required; what was typed survives the refusal.
  await form(page).getByRole('button', { name: 'Save prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save prompt to your library' });
  await expect(dialog.getByLabel('Prompt text')).toHaveValue('A welcome email for new newsletter subscribers');
  await dialog.getByRole('button', { name: 'Save prompt' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Prompt name and text are required.');
  await dialog.getByLabel('Prompt name').fill('Welcome email');
  await dialog.getByLabel('Prompt text').fill('');
  await dialog.getByRole('button', { name: 'Save prompt' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Prompt name and text are required.');
  await dialog.getByLabel('Prompt text').fill('A welcome email for new newsletter subscribers');
  await dialog.getByRole('button', { name: 'Save prompt' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Prompt saved');
  await expect(recent.getByRole('button').first()).toContainText('Welcome email');
  await expect(recent.getByRole('button')).toHaveCount(5);
  const { data: stored } = await service()
    .from('saved_prompts')
    .select('name, prompt_text, template_id, llm_provider')
    .eq('user_id', user.id)
    .eq('name', 'Welcome email')
    .single();
  expect(stored).toEqual({
    name: 'Welcome email',
    prompt_text: 'A welcome email for new newsletter subscribers',
    template_id: 'marketing_email',
    llm_provider: 'chatgpt_custom',
  });

  // A click on a recent prompt fills the generator with it (and its template).
  await recent.getByRole('button', { name: /Saved prompt 6/ }).click();
  await expect(promptField(page)).toHaveValue('Prompt text number 6');
  await expect(form(page).getByRole('combobox', { name: 'Document template' })).toHaveText('Meeting Agenda');
  expect(errors).toEqual([]);
});

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
  expect(await storedCount(user)).toEqual({ count: 3, reservations: 0 });
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
  await toast(viewerPage).getByRole('button', { name: 'Close notification' }).click();
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
