import { readFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import * as kb from '@/shared/data/knowledge.ts';
import { exportDocument } from '@/shared/export/index.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { screenshots, toast, watchErrors } from './screens.ts';
import { AI_ORIGINS } from './ports.ts';
import { E2E_SMALL_LOCAL_MODEL, signInAs } from './support.ts';
import { fakeProviderURLs } from '../fixtures/fake-providers/index.ts';

/**
 * Document Analysis against the fake provider, which answers an analysis from the document text it
 * received (summary: the first sentence; key points: the next three; entities: capitalised names;
 * questions: one per heading), so each assertion proves the real text was sent.
 */

test.describe.configure({ timeout: 240_000 });

const form = (page: Page) => page.getByRole('form', { name: 'Choose a document' });
const analysis = (page: Page, name: string) => page.getByRole('region', { name: `Analysis of ${name}` });

async function openAnalysis(page: Page) {
  await page.goto('/ai-features/document-analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Analysis' })).toBeVisible({ timeout: 30_000 });
  await expect(form(page).getByRole('combobox', { name: 'Model' })).toHaveValue(/.+/, { timeout: 20_000 });
}

test('an uploaded PDF is analysed from its text; a suggested question starts a conversation kept in History', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await openAnalysis(page);

  await form(page).getByRole('button', { name: 'Analyse' }).click();
  await expect(form(page).getByRole('alert')).toHaveText('Choose a document first.');

  const pdf = await exportDocument(
    {
      title: 'Acme Robotics Field Report',
      sections: [
        {
          heading: 'Launch plan',
          markdown:
            'Acme Robotics opened a factory in Lisbon this spring. Maya Lopez leads the Vault Pro launch. The first orders ship soon.',
        },
        { heading: 'Pricing', markdown: 'Vault Pro costs $29 per month.' },
      ],
    },
    'pdf',
  );
  await form(page)
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'field-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf.data as ArrayBuffer) });
  await expect(form(page).getByText(/^field-report\.pdf: \d+ characters of text read\.$/)).toBeVisible();
  await form(page).getByRole('button', { name: 'Analyse' }).click();

  const result = analysis(page, 'field-report.pdf');
  await expect(result.getByTestId('analysis-summary')).toHaveText('Acme Robotics opened a factory in Lisbon this spring.', {
    timeout: 30_000,
  });
  await expect(result.getByRole('list', { name: 'Key points' }).getByRole('listitem')).toHaveText([
    'Maya Lopez leads the Vault Pro launch.',
    'The first orders ship soon.',
    'Vault Pro costs $29 per month.',
  ]);
  await expect(result.getByRole('group', { name: 'People' })).toContainText('Maya Lopez');
  await expect(result.getByRole('group', { name: 'Organisations' })).toContainText('Acme Robotics');
  await expect(result.getByRole('group', { name: 'Places' })).toContainText('Lisbon');
  await expect(result.getByRole('group', { name: 'Products' })).toContainText('Vault Pro');
  const question = result.getByRole('button', { name: 'What does the document say about Pricing?' });
  await expect(question).toBeVisible();
  await expect(result.getByRole('button', { name: 'What does the document say about Launch plan?' })).toBeVisible();

  // Saved as a document and downloaded as Markdown, as the screen shows it.
  await result.getByRole('button', { name: 'Save as document' }).click();
  await expect(toast(page)).toContainText('Document Saved');
  const summaryStart = '## Summary\n\nAcme Robotics opened a factory in Lisbon this spring.';
  await expect
    .poll(async () =>
      (await client.from('generated_documents').select('name, content')).data?.map((d) => [d.name, d.content.startsWith(summaryStart)]),
    )
    .toEqual([['Analysis of field-report.pdf', true]]);
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('analysis_of_field_report_pdf.md');
  const markdown = await readFile(await file.path(), 'utf8');
  expect(markdown).toContain('Acme Robotics opened a factory in Lisbon this spring.');
  expect(markdown).toContain('- **People:** Maya Lopez');

  // A suggested question is sent at once; the answer streams and the conversation is stored.
  await question.click();
  await expect(page.getByTestId('conversation-answer')).toContainText('with the 2 earlier messages', { timeout: 20_000 });
  await expect(page.getByTestId('conversation-answer')).toContainText('Follow-up: What does the document say about Pricing?');
  await expect
    .poll(async () => (await client.from('conversations').select('source, title, context')).data)
    .toEqual([{ source: 'analysis', title: 'Analysis of field-report.pdf', context: { fileName: 'field-report.pdf' } }]);
  const { data: messages } = await client.from('conversation_messages').select('role, content').order('position');
  expect(messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  // The conversation starts from the PDF's text, so follow-ups are answered from it.
  expect(messages?.[0]?.content).toContain('Vault Pro costs $29 per month.');
  expect(messages?.[2]?.content).toBe('What does the document say about Pricing?');
  await lookAt(page, 'document-analysis');

  // A generated document (the analysis just saved) is analysed from its text: its headings become the questions.
  await form(page).getByRole('tab', { name: 'My documents' }).click();
  await form(page).getByRole('combobox', { name: 'Generated document' }).click();
  await page.getByRole('option', { name: 'Analysis of field-report.pdf' }).click();
  await form(page).getByRole('button', { name: 'Analyse' }).click();
  const again = analysis(page, 'Analysis of field-report.pdf');
  await expect(again.getByRole('button', { name: 'What does the document say about Key points?' })).toBeVisible({ timeout: 30_000 });
  await expect(again.getByRole('heading', { name: 'Analysis of Analysis of field-report.pdf' })).toBeFocused();

  await page.goto('/prompts?tab=conversations');
  const history = page.getByRole('list', { name: 'Conversations' });
  await expect(history.getByRole('link', { name: 'Analysis of field-report.pdf' })).toBeVisible({ timeout: 20_000 });
  await expect(history).toContainText('4 messages');
  expect(errors).toEqual([]);
});

test("a knowledge-base document is analysed; a long one is cut to the model's window and says so", async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await kb.addKbDocument(client, {
    name: 'Refund policy',
    type: 'text',
    content: 'Every purchase can be refunded within 30 days. Write to Support Desk from Dublin. Refunds arrive within a week.',
    folderId: null,
  });
  const filler = 'Our course covers pricing, launches and e-mail in plain steps. '.repeat(700);
  const handbookText = `Welcome to the handbook. ${filler}The end.`;
  await kb.addKbDocument(client, { name: 'Course handbook', type: 'text', content: handbookText, folderId: null });
  // The account's custom OpenAI-compatible server: the fake Ollama (a local server needs no key).
  const custom = await client
    .from('user_api_keys')
    .update({ custom_base_url: fakeProviderURLs('ollama', AI_ORIGINS.ollama).baseURL })
    .eq('user_id', user.id);
  expect(custom.error).toBeNull();
  await signInAs(page, user);
  await openAnalysis(page);

  await form(page).getByRole('tab', { name: 'Knowledge base' }).click();
  await form(page).getByRole('combobox', { name: 'Knowledge-base document' }).click();
  await page.getByRole('option', { name: 'Refund policy' }).click();
  await form(page).getByRole('button', { name: 'Analyse' }).click();
  const refund = analysis(page, 'Refund policy');
  await expect(refund.getByTestId('analysis-summary')).toHaveText('Every purchase can be refunded within 30 days.', { timeout: 30_000 });
  await expect(refund.getByRole('group', { name: 'Places' })).toContainText('Dublin');
  await expect(refund.getByRole('button', { name: 'What is the main point of Refund policy?' })).toBeVisible();
  await expect(refund.getByRole('note')).toHaveCount(0);

  // A local model's 8,192-token window (llama2 on the custom server) holds only the start of a 44,000-character document.
  await form(page).getByRole('combobox', { name: 'Knowledge-base document' }).click();
  await page.getByRole('option', { name: 'Course handbook' }).click();
  await form(page).getByRole('combobox', { name: 'AI provider' }).click();
  await page.getByRole('option', { name: /^Custom ChatGPT/ }).click();
  await form(page).getByRole('combobox', { name: 'Model' }).fill(E2E_SMALL_LOCAL_MODEL);
  await page.keyboard.press('Escape');
  await form(page).getByRole('button', { name: 'Analyse' }).click();
  const handbook = analysis(page, 'Course handbook');
  await expect(handbook.getByTestId('analysis-summary')).toHaveText('Welcome to the handbook.', { timeout: 30_000 });
  await expect(handbook.getByRole('note')).toContainText(
    new RegExp(`only its first [\\d,]+ of ${handbookText.length.toLocaleString('en-US')} characters were analysed`),
  );
  await screenshots(page, 'document-analysis-trimmed');

  // A follow-up from the box: stored with the knowledge-base document it is about.
  await page.getByRole('textbox', { name: 'Ask a follow-up' }).fill('What does it cover?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('conversation-answer')).toContainText('with the 2 earlier messages', { timeout: 20_000 });
  const { data: kbDocs } = await client.from('kb_documents').select('id').eq('name', 'Course handbook');
  await expect
    .poll(async () => (await client.from('conversations').select('source, context')).data)
    .toEqual([{ source: 'analysis', context: { kbDocumentId: kbDocs?.[0]?.id } }]);
  expect(errors).toEqual([]);
});

test('a file type that cannot be read, an unusable answer (Try again) and a missing key each say so', async ({ page }) => {
  const errors = watchErrors(page);
  const { user } = await member();
  await signInAs(page, user);
  await openAnalysis(page);

  await form(page)
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(form(page).getByRole('alert')).toHaveText('Choose a .txt, .md, .docx or .pdf file.');

  // The fake answers broken JSON for this document.
  await form(page)
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Plain notes. [[fake:badjson]]') });
  await expect(form(page).getByRole('alert')).toHaveCount(0);
  await form(page).getByRole('button', { name: 'Analyse' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Analysis failed' });
  await expect(failure).toContainText("The AI's answer was not a usable analysis (it holds no JSON object). Please try again.", {
    timeout: 30_000,
  });
  await failure.getByRole('button', { name: 'Try again' }).focus();
  const retried = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/chat/completions'));
  await page.keyboard.press('Enter');
  await retried;
  await expect(failure).toContainText('it holds no JSON object', { timeout: 30_000 });

  // An analysis that never answers can be stopped.
  await form(page)
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'slow.txt', mimeType: 'text/plain', buffer: Buffer.from('Slow notes. [[fake:timeout]]') });
  await form(page).getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Analysing the document: slow.txt' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Analysing the document' })).toHaveCount(0);
  await expect(form(page).getByRole('button', { name: 'Analyse' })).toBeEnabled();
  expect(errors).toEqual([]);
});

test('without a key the page says where to add one', async ({ page }) => {
  const { user } = await member(null);
  await signInAs(page, user);
  await page.goto('/ai-features/document-analysis');
  await expect(page.getByText('Add your OpenAI API key in Settings to use this.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
  await expect(form(page).getByRole('button', { name: 'Analyse' })).toBeDisabled();
});
