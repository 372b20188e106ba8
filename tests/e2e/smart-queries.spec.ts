import { test } from '@playwright/test';
import * as kb from '@/shared/data/knowledge.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * Smart Queries against the fake provider (which answers a grounded prompt by citing its first two
 * sources): the question finds the right passages, the answer cites them, a source opens its
 * document with the passage marked, the selection narrows the search, and the answer is followed up.
 */

test.describe.configure({ timeout: 180_000 });

test('a question across the knowledge base is answered with sources that open their documents, then followed up', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const folder = (await kb.createKbFolder(client, 'Product')).data!;
  await kb.addKbDocument(client, {
    name: 'Pricing',
    type: 'text',
    content: 'Our plans.\n\nThe Pro plan costs $29 per month and includes unlimited prompts.',
    folderId: folder.id,
  });
  await kb.addKbDocument(client, {
    name: 'Refund policy',
    type: 'text',
    content: 'Every purchase can be refunded within 30 days.',
    folderId: null,
  });
  await signInAs(page, user);
  // A document saved on the Knowledge Base page is embedded in the background with the user's provider.
  await page.goto('/knowledge-base');
  const addForm = page.getByRole('form', { name: 'Add a document' });
  await addForm.getByLabel('Document name').fill('Onboarding');
  await addForm.getByLabel('Text').fill('New customers get a welcome call in their first week.');
  await addForm.getByRole('button', { name: 'Add document' }).click();
  const embeddingModels = async (name: string) =>
    (await client.from('kb_chunks').select('embedding_model').eq('heading', name)).data?.map((r) => r.embedding_model);
  await expect.poll(() => embeddingModels('Onboarding'), { timeout: 20_000 }).toEqual(['text-embedding-3-small']);
  await page.goto('/ai-features/smart-queries');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart Queries' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue(/.+/, { timeout: 20_000 });

  const form = page.getByRole('form', { name: 'Ask your knowledge base' });
  await form.getByRole('button', { name: 'Ask' }).click();
  await expect(form.getByText('Type a question first.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('How much does the Pro plan cost?');
  await form.getByRole('button', { name: 'Ask' }).click();
  const answer = page.getByTestId('grounded-answer');
  await expect(answer).toContainText('see Pricing [1]', { timeout: 20_000 });
  // The passages saved without embeddings were embedded before the question, which ranked them by meaning too.
  await expect(page.getByRole('note')).toHaveText('Passages ranked by meaning as well as words (embeddings: text-embedding-3-small).');
  expect(await embeddingModels('Pricing')).toEqual(['text-embedding-3-small']);
  // Only the pricing passage has the question's words.
  const sources = page.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveCount(1);
  await expect(sources.getByRole('listitem').first()).toContainText('[1]');
  await expect(sources.getByRole('listitem').first()).toContainText('The Pro plan costs $29');

  // A source opens its whole document, the cited passage marked.
  await sources.getByRole('button', { name: 'Pricing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pricing' });
  await expect(dialog.getByTestId('source-document')).toContainText('Our plans.');
  await expect(dialog.locator('mark')).toHaveText('Our plans.\n\nThe Pro plan costs $29 per month and includes unlimited prompts.');
  await lookAt(page, 'smart-query-source');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Followed up like any answer: stored as a knowledge conversation.
  await page.getByRole('textbox', { name: 'Ask a follow-up' }).fill('And the Team plan?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('conversation-answer')).toContainText('with the 2 earlier messages');
  await expect
    .poll(async () => (await client.from('conversations').select('source, title')).data)
    .toEqual([{ source: 'knowledge', title: 'How much does the Pro plan cost?' }]);
  await lookAt(page, 'smart-queries');

  // The selection narrows the search: outside folders, only the refund policy is there.
  await form.getByRole('combobox', { name: 'Search in' }).click();
  await page.getByRole('option', { name: 'Uncategorized' }).click();
  await form.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('What is the Pro plan price and refund window?');
  await form.getByRole('button', { name: 'Ask' }).click();
  await expect(answer).toContainText('see Refund policy [1]', { timeout: 20_000 });
  await expect(sources.getByRole('listitem')).toHaveCount(1);

  // Nothing in the base matches: said plainly, no AI call.
  await form.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('zebra quantum');
  await form.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByText('Nothing in your knowledge base matches this question.')).toBeVisible();
  expect(errors).toEqual([]);
});
