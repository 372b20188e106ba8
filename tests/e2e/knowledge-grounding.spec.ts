import { test, type Page } from '@playwright/test';
import * as kb from '@/shared/data/knowledge.ts';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * The knowledge base chosen where the user generates: the passages that best match the prompt go
 * with it, the answer (the fake provider cites the first source it was sent) lists its sources,
 * a source opens its document, and follow-ups keep the sources in the conversation.
 */

test.describe.configure({ timeout: 180_000 });

const output = (page: Page) => page.getByRole('region', { name: 'Output' });

test('a prompt run grounded in the knowledge base cites its sources, which open their documents', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const folder = (await kb.createKbFolder(client, 'Brand')).data!;
  await kb.addKbDocument(client, {
    name: 'Brand voice',
    type: 'text',
    content: 'Our brand voice is warm, direct and playful. We never use jargon in headlines.',
    folderId: folder.id,
  });
  await kb.addKbDocument(client, { name: 'Shipping', type: 'text', content: 'Orders ship within two days.', folderId: null });
  const saved = (
    await lib.createPrompt(client, { name: 'Headline', promptText: 'Write a headline in our brand voice about [topic].', folderId: null })
  ).data!;

  await signInAs(page, user);
  await page.goto(`/run-prompt/${saved.id}`);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'topic' }).fill('spring launch');

  // Without the knowledge base (the default), the answer cites nothing.
  await page.getByRole('button', { name: 'Run prompt' }).click();
  await expect(output(page)).toContainText('Draft: Write a headline in our brand voice about spring launch.', { timeout: 20_000 });
  await expect(output(page)).not.toContainText('From your knowledge base');
  await expect(page.getByRole('list', { name: 'Sources' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Knowledge base' }).click();
  await page.getByRole('option', { name: 'Brand' }).click();
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(output(page)).toContainText('From your knowledge base: Brand voice [1].', { timeout: 20_000 });
  await expect(page.getByText(/^Grounded in 1 passage from your knowledge base\.$/)).toBeVisible();
  const sources = page.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveCount(1);
  await expect(sources).toContainText('Our brand voice is warm, direct and playful.');
  await sources.getByRole('button', { name: 'Brand voice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Brand voice' });
  await expect(dialog.locator('mark')).toContainText('We never use jargon in headlines.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await lookAt(page, 'run-grounded');

  // The run history keeps the prompt as written; the conversation starts from what was sent, sources included.
  await expect
    .poll(async () => (await client.from('prompt_runs').select('final_prompt').order('created_at')).data?.map((r) => r.final_prompt))
    .toEqual(['Write a headline in our brand voice about spring launch.', 'Write a headline in our brand voice about spring launch.']);
  await page.getByRole('textbox', { name: 'Ask a follow-up' }).fill('Make it shorter');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('conversation-answer')).toContainText('with the 2 earlier messages', { timeout: 20_000 });
  await expect
    .poll(async () => (await client.from('conversation_messages').select('content').eq('position', 0).maybeSingle()).data?.content ?? '')
    .toContain('[1] Brand voice');

  // Nothing in the chosen part matches: said, and the prompt goes without it.
  await page.getByRole('combobox', { name: 'Knowledge base' }).click();
  await page.getByRole('option', { name: 'Uncategorized' }).click();
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText('Nothing in your knowledge base matched this prompt; it was sent without it.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(output(page)).not.toContainText('From your knowledge base');
  expect(errors).toEqual([]);
});

test('a generated document grounded in a knowledge-base folder cites its source, which opens its document', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const folder = (await kb.createKbFolder(client, 'Product')).data!;
  await kb.addKbDocument(client, {
    name: 'Pricing',
    type: 'text',
    content: 'The Pro plan costs $29 per month and includes unlimited launch e-mails.',
    folderId: folder.id,
  });
  await signInAs(page, user);
  await page.goto('/document-generator');
  const form = page.getByRole('form', { name: 'Document generator' });
  await expect(page.getByRole('heading', { level: 1, name: 'Document Generator' })).toBeVisible({ timeout: 60_000 });
  await form.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Launch e-mails for the Pro plan');
  await form.getByRole('combobox', { name: 'Document template' }).click();
  await page.getByRole('option', { name: /^Blog Post/ }).click();
  await form.getByRole('combobox', { name: 'Knowledge base' }).click();
  await page.getByRole('option', { name: 'Product' }).click();
  await form.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByRole('button', { name: 'Keep my prompt' }).click({ timeout: 20_000 });
  await form.getByRole('button', { name: 'Generate document', exact: true }).click();
  await expect(page.getByTestId('result-state')).toHaveText('Saved', { timeout: 30_000 });

  await expect(page.getByText(/^Grounded in 1 passage from your knowledge base\.$/)).toBeVisible();
  const sources = page.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveCount(1);
  await sources.getByRole('button', { name: 'Pricing' }).click();
  await expect(page.getByRole('dialog', { name: 'Pricing' }).locator('mark')).toContainText('$29 per month');
  await page.getByRole('dialog', { name: 'Pricing' }).getByRole('button', { name: 'Close' }).click();
  await lookAt(page, 'document-grounded');
  const saved = await client.from('generated_documents').select('content').single();
  expect(saved.data?.content).toContain('From your knowledge base: **Pricing** [1].');
  expect(errors).toEqual([]);
});
