import { readFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { toast, watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * Conversations against the fake OpenAI-compatible provider (which says how many earlier messages
 * a request carried): following up on a run's answer, regenerate, edit and resend, Stop, export;
 * History's search, rename, open and continue with another model, delete.
 */

test.describe.configure({ timeout: 180_000 });

const followUps = (page: Page) => page.getByRole('region', { name: 'Follow up' });
const answers = (page: Page) => followUps(page).getByTestId('conversation-answer');
const followUpBox = (page: Page) => page.getByRole('textbox', { name: 'Ask a follow-up' });

async function runSavedPrompt(page: Page, client: Awaited<ReturnType<typeof member>>['client'], name: string, text: string) {
  const saved = await lib.createPrompt(client, { name, promptText: text, folderId: null });
  await page.goto(`/run-prompt/${saved.data!.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Run prompt' }).click();
  await expect(page.getByTestId('run-output').getByRole('heading', { name: `Draft: ${text}` })).toBeVisible({ timeout: 20_000 });
}

test('a run is followed up, regenerated, edited and resent, stopped, and exported; it is stored as one conversation', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await runSavedPrompt(page, client, 'Budget tagline', 'Write a tagline for a budgeting app');

  // An empty follow-up is refused with a sentence; nothing is stored before the first follow-up.
  await followUps(page).getByRole('button', { name: 'Send' }).click();
  await expect(followUps(page).getByText('Type a follow-up first.')).toBeVisible();
  expect((await client.from('conversations').select('id')).data).toEqual([]);

  // The follow-up is answered with the run's prompt and answer in view (2 earlier messages).
  await followUpBox(page).fill('Make it shorter');
  await followUpBox(page).press('Control+Enter');
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toContainText('Follow-up: Make it shorter');
  await expect(answers(page).first()).toContainText('with the 2 earlier messages');
  await expect(answers(page).first()).toContainText('AI (gpt-6.1-terra)');
  await expect(followUpBox(page)).toHaveValue('');

  // Regenerate replaces the last answer; Edit changes the last question and answers it anew.
  await followUps(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(answers(page)).toHaveCount(1);
  await expect(followUps(page).getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  await followUps(page).getByRole('button', { name: 'Edit' }).click();
  await followUps(page).getByRole('textbox', { name: 'Edit' }).fill('Make it punchier');
  await followUps(page).getByRole('button', { name: 'Save and resend' }).click();
  await expect(answers(page).first()).toContainText('Follow-up: Make it punchier');
  await expect(followUps(page).getByTestId('conversation-question')).toHaveText(['YouMake it punchier']);

  // Stop keeps what had arrived, marked as stopped.
  await followUpBox(page).fill('Now a long version [[fake:slow]]');
  await followUps(page).getByRole('button', { name: 'Send' }).click();
  await expect(followUps(page).getByText('Follow-up: Now a long version')).toBeVisible({ timeout: 20_000 });
  await followUps(page).getByRole('button', { name: 'Stop' }).click();
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).nth(1)).toContainText('stopped before the end');

  // Stored: one conversation from the run, its turns in order, the run linked.
  await expect
    .poll(async () => (await client.from('conversation_messages').select('position, role, status').order('position')).data)
    .toEqual([
      { position: 0, role: 'user', status: null },
      { position: 1, role: 'assistant', status: 'done' },
      { position: 2, role: 'user', status: null },
      { position: 3, role: 'assistant', status: 'done' },
      { position: 4, role: 'user', status: null },
      { position: 5, role: 'assistant', status: 'stopped' },
    ]);
  const stored = await client.from('conversations').select('title, source, prompt_id, prompt_run_id, model');
  expect(stored.data).toHaveLength(1);
  expect(stored.data![0]).toMatchObject({ title: 'Budget tagline', source: 'run', model: 'gpt-6.1-terra' });
  expect(stored.data![0]!.prompt_id).not.toBeNull();
  const question = await client.from('conversation_messages').select('content').eq('position', 2).single();
  expect(question.data!.content).toBe('Make it punchier');

  // The whole conversation as Markdown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    followUps(page).getByRole('button', { name: 'Export Markdown' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('budget_tagline.md');
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toContain('# Budget tagline');
  expect(markdown).toContain('Write a tagline for a budgeting app');
  expect(markdown).toContain('Make it punchier');
  expect(markdown.indexOf('Make it punchier')).toBeLessThan(markdown.indexOf('Now a long version'));
  const [docx] = await Promise.all([page.waitForEvent('download'), followUps(page).getByRole('button', { name: 'Export DOCX' }).click()]);
  expect(docx.suggestedFilename()).toBe('budget_tagline.docx');

  await lookAt(page, 'run-follow-ups');
  expect(errors).toEqual([]);
});

test('History finds, renames, opens, continues with another model and deletes conversations', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await runSavedPrompt(page, client, 'Bakery e-mail', 'Write a cold e-mail to a bakery');
  await followUpBox(page).fill('Mention sourdough');
  await followUps(page).getByRole('button', { name: 'Send' }).click();
  await expect(answers(page)).toHaveCount(1);
  // Stored once the answer is in (a full page load below would cut a save in flight).
  await expect.poll(async () => (await client.from('conversation_messages').select('id')).data?.length).toBe(4);

  await page.goto('/prompts?tab=conversations');
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('link', { name: 'Bakery e-mail' })).toBeVisible({ timeout: 20_000 });
  await expect(list).toContainText('4 messages');
  // Search reads the messages too.
  await page.getByRole('textbox', { name: 'Search conversations' }).fill('SOURDOUGH');
  await expect(list.getByRole('link', { name: 'Bakery e-mail' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search conversations' }).fill('croissant');
  await expect(page.getByText('No conversation matches your search.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search conversations' }).fill('');

  // Rename: a blank title is refused in the dialog.
  await list.getByRole('button', { name: 'Rename Bakery e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('  ');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText('Title cannot be empty')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Sourdough outreach');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page)).toContainText('Conversation renamed');
  await expect(list.getByRole('link', { name: 'Sourdough outreach' })).toBeVisible();
  await lookAt(page, 'conversation-history');

  // Open: every turn, and it goes on with the model picked here.
  await list.getByRole('link', { name: 'Sourdough outreach' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sourdough outreach' })).toBeVisible();
  await expect(page.getByTestId('conversation-question')).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 20_000 });
  await page.getByRole('combobox', { name: 'Model' }).fill('gpt-4o-mini');
  await followUpBox(page).fill('Add a P.S.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('conversation-answer')).toHaveCount(3);
  await expect(page.getByTestId('conversation-answer').last()).toContainText('Answered by gpt-4o-mini with the 4 earlier messages');
  await expect.poll(async () => (await client.from('conversations').select('model').single()).data?.model).toBe('gpt-4o-mini');
  await lookAt(page, 'conversation-page');

  // Delete: gone with its messages, back to History.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/history\?tab=conversations$/);
  await expect(page.getByText('No conversations yet. Follow up on any answer and it is kept here.')).toBeVisible();
  expect((await client.from('conversation_messages').select('id')).data).toEqual([]);
  expect(errors).toEqual([]);
});

test('an unknown conversation says so', async ({ page }) => {
  const { user } = await member(null);
  await signInAs(page, user);
  await page.goto('/conversations/00000000-0000-0000-0000-000000000000');
  await expect(page.getByText('This conversation does not exist, or it is not yours.')).toBeVisible({ timeout: 30_000 });
});

test('a generated document is followed up ("make it shorter"), and the answer saved as a document of its own', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await page.goto('/document-generator');
  const form = page.getByRole('form', { name: 'Document generator' });
  await expect(page.getByRole('heading', { level: 1, name: 'Document Generator' })).toBeVisible({ timeout: 60_000 });
  await form.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Launch of our budgeting app for students');
  await form.getByRole('combobox', { name: 'Document template' }).click();
  await page.getByRole('option', { name: /^Blog Post/ }).click();
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByRole('button', { name: 'Keep my prompt' }).click({ timeout: 20_000 });
  await form.getByRole('button', { name: 'Generate document', exact: true }).click();
  await expect(page.getByTestId('result-state')).toHaveText('Saved', { timeout: 30_000 });
  const counted = (await client.from('user_generation_counts').select('generation_count').single()).data?.generation_count;
  // The user edits the document first: the follow-ups continue from the text as they saved it.
  await page.getByRole('button', { name: 'Edit text' }).click();
  await page.getByRole('textbox', { name: 'Document text (Markdown)' }).fill('# Budgeting for students\n\nOur edited launch post.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit text' })).toBeVisible();

  await followUpBox(page).fill('Make it shorter');
  await followUps(page).getByRole('button', { name: 'Send' }).click();
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toContainText('Follow-up: Make it shorter');
  await expect(answers(page).first()).toContainText('with the 2 earlier messages');
  await answers(page).first().getByRole('button', { name: 'Save as document' }).click();
  await expect(toast(page)).toContainText('Document Saved');
  await expect.poll(async () => (await client.from('generated_documents').select('id')).data?.length).toBe(2);

  // A follow-up is a conversation, not a generation: the month's count is unchanged.
  expect((await client.from('user_generation_counts').select('generation_count').single()).data?.generation_count).toBe(counted);
  const stored = await client.from('conversations').select('source, context').single();
  expect(stored.data?.source).toBe('document');
  expect((stored.data?.context as { documentId?: string }).documentId).toBeTruthy();
  const firstAnswer = await client.from('conversation_messages').select('content').eq('position', 1).single();
  expect(firstAnswer.data?.content).toBe('# Budgeting for students\n\nOur edited launch post.');
  await lookAt(page, 'document-follow-ups');
  expect(errors).toEqual([]);
});

test('a generated startup idea is followed up when signed in; the idea as text starts the conversation', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await page.goto('/app-summary');
  const generator = page.getByRole('region', { name: 'Startup Idea Generator' });
  await expect(generator.getByLabel('Model')).toHaveValue('gpt-6.1-terra', { timeout: 45_000 });
  await generator.getByLabel('Interest or market').fill('urban gardening');
  await generator.getByRole('button', { name: 'Generate idea' }).click();
  await expect(generator.getByRole('heading', { level: 3, name: 'Urban Gardening Pilot' })).toBeVisible({ timeout: 20_000 });

  await followUpBox(page).fill('Who are the first ten customers?');
  await followUps(page).getByRole('button', { name: 'Send' }).click();
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toContainText('Follow-up: Who are the first ten customers?');
  await expect(answers(page).first()).toContainText('with the 2 earlier messages');
  await expect
    .poll(async () => (await client.from('conversations').select('source, title')).data)
    .toEqual([{ source: 'idea', title: 'Urban Gardening Pilot' }]);
  const seeded = await client.from('conversation_messages').select('content').eq('position', 1).single();
  expect(seeded.data?.content).toContain('# Urban Gardening Pilot');
  await followUps(page).scrollIntoViewIfNeeded();
  await lookAt(page, 'idea-follow-ups');
  expect(errors).toEqual([]);
});
