import { test, type Page } from '@playwright/test';
import { chooseTemplate, counter, expect, form, openGenerator, press, promptField, service, shoot } from './document-generator-support.ts';
import { seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, signInAs } from './support.ts';

/**
 * /document-generator's validation: every validation message, the per-provider key messages, and
 * the saved prompts (the 5 most recent, Save prompt, a click fills the form). Generating:
 * document-generator-generation.spec.ts; the saved documents: document-generator-documents.spec.ts.
 */

async function chooseProvider(page: Page, label: RegExp) {
  await form(page).getByRole('combobox', { name: 'AI provider' }).click();
  await page.getByRole('option', { name: label }).click();
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
