import { test, type Page } from '@playwright/test';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { FAKE_OPENAI_BAD_KEY } from '../fixtures/fake-openai.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { WEB_URL } from './ports.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { toast, watchErrors } from './screens.ts';
import { serviceClient, signInAs } from './support.ts';

/**
 * /run-prompt/{promptId} against the fake OpenAI-compatible
 * provider: the form from placeholders and questions, the filled prompt, provider and model,
 * streaming, Stop, Copy, Save as document, the run history, every provider error with its
 * catalogue message (inputs kept), premium prompts, missing prompts, a missing key.
 */

test.describe.configure({ timeout: 180_000 });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const runButton = (page: Page) => page.getByRole('button', { name: /^(Run prompt|Run again)$/ });
const history = (page: Page) => page.getByRole('list', { name: 'Runs' });
const review = (page: Page) => page.getByLabel('Prompt to send');
const model = (page: Page) => page.getByRole('combobox', { name: 'Model' });

/** Opens a run page and waits until it can run (the key loaded, the model list read). */
async function openRunner(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  await expect(model(page)).toHaveValue('gpt-6.1-terra', { timeout: 20_000 });
}

test('a built-in prompt with its questions: streamed output, Stop keeps the partial text, Copy, Save, history reopen and delete', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await openRunner(page, '/run-prompt/fp1', 'Catchy Ad Headline');
  await expect(page.getByText('Free - Marketing Magic')).toBeVisible();
  // The prompt screens' names for OpenAI, Gemini and Custom ChatGPT; the others keep theirs.
  await expect(page.getByRole('combobox', { name: 'AI provider' })).toHaveText('GPT-4 Turbo');

  // The questions label the placeholders; running with blanks says what is missing.
  await runButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fill in:' })).toHaveText(
    'Fill in: What is the product or service?, Who is the target audience?, What is the main benefit?.',
  );
  await page.getByLabel('What is the product or service?').fill('AI Vault');
  await page.getByLabel('Who is the target audience?').fill('course creators');
  await page.getByLabel('What is the main benefit?').fill('one place for every prompt');
  await expect(review(page)).toHaveValue(
    'Write 10 catchy ad headlines for AI Vault aimed at course creators. Highlight the main benefit: one place for every prompt. Keep each headline under 12 words and vary the angle (curiosity, urgency, social proof, outcome).',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Fill in:' })).toHaveCount(0);

  // Streamed, rendered as markdown, Done.
  await runButton(page).click();
  await expect(
    output(page)
      .getByTestId('run-output')
      .getByRole('heading', { name: /^Draft: Write 10 catchy ad headlines for AI Vault/ }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(output(page).getByText('Done', { exact: true })).toBeVisible();
  await expect(output(page).getByTestId('run-output').locator('strong').first()).toHaveText('local fake AI provider');
  await expect(runButton(page)).toHaveText('Run again');
  // Under the answer, what it cost: the tokens the provider reported (the fake, as OpenAI, when
  // asked with stream_options) and their price; the row is in the ledger, linked to the run.
  const cost = output(page).getByTestId('usage-line');
  await expect(cost).toHaveText(/^\d[\d,]* tokens in · \d[\d,]* out · <?\$\d[\d.,]*$/, { timeout: 15_000 });
  await expect
    .poll(async () => (await client.from('usage_events').select('feature, surface, subject_kind, estimated, outcome')).data)
    .toEqual([{ feature: 'run', surface: 'dashboard', subject_kind: 'prompt_run', estimated: false, outcome: 'done' }]);
  await cost.scrollIntoViewIfNeeded();
  await output(page).screenshot({ path: `${SCREENSHOT_DIR}/usage-cost-line-run.png` });
  await lookAt(page, 'run-prompt');

  // Copy puts the markdown on the clipboard.
  await output(page).getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page)).toContainText('✅ Copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^## Draft: Write 10 catchy ad headlines for AI Vault/);

  // Save as document: a generated document in the text format.
  await output(page).getByRole('button', { name: 'Save as document' }).click();
  await expect(toast(page)).toContainText('Document Saved');
  await expect(output(page).getByRole('button', { name: 'Saved as document' })).toBeDisabled();
  const docs = await client.from('generated_documents').select('name, content, format');
  expect(docs.data).toEqual([
    {
      name: `Catchy Ad Headline — ${new Date().toISOString().slice(0, 10)}`,
      format: 'txt',
      content: expect.stringMatching(/^## Draft: Write 10 catchy ad headlines/),
    },
  ]);

  // Stop: an edited prompt that streams slowly; what arrived stays.
  await review(page).fill('Write slowly about pricing. [[fake:slow]]');
  await expect(page.getByRole('button', { name: 'Undo edits' })).toBeVisible();
  await runButton(page).click();
  // Stop once the heading has arrived (the fake sends a piece every 150 ms; the whole answer takes ~15 s).
  await expect(output(page).getByTestId('run-output')).toContainText('Draft: Write slowly about pricing', { timeout: 20_000 });
  await output(page).getByRole('button', { name: 'Stop' }).click();
  await expect(output(page).getByText('Stopped', { exact: true })).toBeVisible();
  await expect(output(page).getByText('Stopped: the text above is what had arrived.')).toBeVisible();
  const partial = (await output(page).getByTestId('run-output').innerText()).trim();
  expect(partial).toMatch(/^Draft: Write slowly about pricing/);
  expect(partial).not.toContain('Edit it, run it again');
  await expect(review(page)).toHaveValue('Write slowly about pricing. [[fake:slow]]');

  // Both runs are in the history, newest first, and in the database.
  await expect(page.getByRole('heading', { name: 'Your runs of this prompt (2)' })).toBeVisible();
  await expect(history(page).getByRole('listitem')).toHaveCount(2);
  await expect(history(page).getByRole('listitem').first()).toContainText('Stopped');
  const runs = await client
    .from('prompt_runs')
    .select('free_prompt_id, prompt_id, status, provider, model, output, final_prompt, filled_values')
    .order('created_at');
  expect(runs.data).toMatchObject([
    {
      free_prompt_id: 'fp1',
      prompt_id: null,
      status: 'done',
      provider: 'openai',
      model: 'gpt-6.1-terra',
      filled_values: { product: 'AI Vault', audience: 'course creators', benefit: 'one place for every prompt' },
    },
    { free_prompt_id: 'fp1', status: 'stopped', final_prompt: 'Write slowly about pricing. [[fake:slow]]' },
  ]);
  expect(runs.data?.[1]?.output.length).toBeGreaterThan(0);

  // Reopen the first run: its values and output; its values back into the form.
  await page.getByRole('button', { name: 'Undo edits' }).click();
  await page.getByLabel('What is the product or service?').fill('Something else');
  const first = history(page).getByRole('listitem').nth(1);
  await first.getByRole('button', { expanded: false }).click();
  await expect(first.getByRole('definition')).toHaveText(['AI Vault', 'course creators', 'one place for every prompt']);
  await expect(first.getByRole('term')).toHaveText([
    'What is the product or service?',
    'Who is the target audience?',
    'What is the main benefit?',
  ]);
  await expect(first.getByTestId('history-output').getByRole('heading', { name: /^Draft: Write 10 catchy/ })).toBeVisible();
  // From the keyboard: the run's panel is still opening (its height animates), and a pointer click
  // aimed at a moving button can land beside it on a loaded machine.
  await first.getByRole('button', { name: 'Use these values' }).press('Enter');
  await expect(page.getByLabel('What is the product or service?')).toHaveValue('AI Vault');
  await expect(page.getByRole('button', { name: 'Undo edits' })).toHaveCount(0);

  // The stopped run brings its hand-edited prompt back.
  const stopped = history(page).getByRole('listitem').first();
  await stopped.getByRole('button', { expanded: false }).click();
  await stopped.getByRole('button', { name: 'Use these values' }).click();
  await expect(review(page)).toHaveValue('Write slowly about pricing. [[fake:slow]]');

  // Delete it (confirmed).
  await stopped.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this run?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Run deleted');
  await expect(history(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Your runs of this prompt (1)' })).toBeVisible();
  expect((await client.from('prompt_runs').select('status')).data).toEqual([{ status: 'done' }]);
  expect(errors).toEqual([]);
});

test('a saved prompt with a default, a choice and page variables; the history of all runs reopens it', async ({ page }) => {
  const { user, client } = await member();
  const saved = await lib.createPrompt(client, {
    name: 'Summarise this page',
    promptText: 'Summarise {{title}} for [audience=marketers] in a [tone: friendly|*formal] tone.\n\n{{selection}}',
    description: 'Key points in five bullets.',
    folderId: null,
  });
  expect(saved.error).toBeNull();
  await signInAs(page, user);
  await openRunner(page, `/run-prompt/${saved.data!.id}`, 'Summarise this page');
  await expect(page.getByText('Key points in five bullets.')).toBeVisible();

  // Defaults filled in, the choice preselected, page variables as ordinary fields.
  await expect(page.getByLabel('Audience')).toHaveValue('marketers');
  await expect(page.getByRole('combobox', { name: 'Tone' })).toHaveText('formal');
  await expect(page.getByLabel('Page title')).toHaveAccessibleDescription(
    'The extension fills this from the page you are on; here, type or paste it.',
  );
  await page.getByLabel('Page title').fill('How to price a course');
  await page.getByLabel('Selected text').fill('Price on outcomes, not hours.');
  await page.getByRole('combobox', { name: 'Tone' }).click();
  await page.getByRole('option', { name: 'friendly' }).click();
  await expect(review(page)).toHaveValue(
    'Summarise How to price a course for marketers in a friendly tone.\n\nPrice on outcomes, not hours.',
  );

  // Another model from the provider's list.
  await model(page).click();
  await page.getByRole('option', { name: 'gpt-4.1' }).click();
  await expect(model(page)).toHaveValue('gpt-4.1');
  await page.getByLabel('Audience').press('Control+Enter');
  await expect(
    output(page)
      .getByTestId('run-output')
      .getByRole('heading', { name: 'Draft: Summarise How to price a course for marketers in a friendly tone.' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(history(page).getByRole('listitem')).toHaveCount(1);
  await expect(history(page).getByRole('listitem').first()).toContainText('OpenAI · gpt-4.1');

  // Every run, on /prompts → Run history; reopened on its prompt's page.
  await page.goto('/prompts?tab=history');
  const all = history(page);
  await expect(all.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  const item = all.getByRole('listitem').first();
  await expect(item).toContainText('Summarise this page');
  await item.getByRole('button', { expanded: false }).click();
  await expect(item.getByRole('term')).toHaveText(['Audience', 'Page title', 'Selected text', 'Tone']);
  await expect(item.getByRole('definition')).toHaveText([
    'marketers',
    'How to price a course',
    'Price on outcomes, not hours.',
    'friendly',
  ]);
  await lookAt(page, 'prompt-run-history');
  await item.getByRole('link', { name: 'Open in the runner' }).click();
  await expect(page).toHaveURL(new RegExp(`/run-prompt/${saved.data!.id}\\?run=`));
  await expect(page.getByLabel('Page title')).toHaveValue('How to price a course', { timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Tone' })).toHaveText('friendly');
  await expect(model(page)).toHaveValue('gpt-4.1');
  await expect(history(page).getByTestId('history-output')).toContainText('Draft: Summarise How to price a course');

  // Clear the whole history.
  await page.goto('/prompts?tab=history');
  await page.getByRole('button', { name: 'Clear history' }).click();
  await page.getByRole('dialog', { name: 'Clear your run history?' }).getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByText('No runs yet. Run a prompt and it is kept here.')).toBeVisible();
  expect((await client.from('prompt_runs').select('id')).data).toEqual([]);
});

test('every provider error shows its catalogue message, keeps the inputs and is kept in the history', async ({ page }) => {
  const { user, client } = await member();
  const saved = await lib.createPrompt(client, { name: 'Short post', promptText: 'Write a short post about [topic].', folderId: null });
  await signInAs(page, user);
  await openRunner(page, `/run-prompt/${saved.data!.id}`, 'Short post');

  const cases: { marker: string; title: string; message: string; partial?: boolean }[] = [
    { marker: '401', title: 'Authentication Failed', message: 'Authentication failed. Please check your OpenAI API key in Settings.' },
    {
      marker: '429',
      title: 'Generation Failed',
      message: 'The AI service returned an error: Rate limit reached for requests. Please try again in 1s.',
    },
    {
      marker: '500',
      title: 'Generation Failed',
      message: 'The AI service returned an error: The server had an error while processing your request. Sorry about that!',
    },
    {
      marker: 'cut',
      title: 'Generation Failed',
      message: 'Could not reach the AI service. Please check your network and try again.',
      partial: true,
    },
  ];
  for (const [i, c] of cases.entries()) {
    const topic = `pricing ${c.marker} [[fake:${c.marker}]]`;
    await page.getByLabel('Topic').fill(topic);
    await runButton(page).click();
    const alert = output(page).getByTestId('run-error');
    await expect(alert).toContainText(c.title, { timeout: 30_000 });
    await expect(alert).toContainText(c.message);
    await expect(toast(page)).toContainText(c.message);
    await expect(output(page).getByText('Failed', { exact: true })).toBeVisible();
    // What the user typed stays; a stream cut midway keeps what had arrived.
    await expect(page.getByLabel('Topic')).toHaveValue(topic);
    await expect(review(page)).toHaveValue(`Write a short post about ${topic}.`);
    if (c.partial) await expect(output(page).getByTestId('run-output').getByRole('heading')).toHaveText('Draft: Write a short post');
    else await expect(output(page).getByTestId('run-output')).toHaveCount(0);
    await expect(history(page).getByRole('listitem')).toHaveCount(i + 1);
    if (i === 0) await lookAt(page, 'run-prompt-error');
  }
  const failed = await client.from('prompt_runs').select('status, error_message').order('created_at');
  expect(failed.data).toEqual(cases.map((c) => ({ status: 'error', error_message: `${c.title}: ${c.message}` })));
  await history(page).getByRole('listitem').first().getByRole('button', { expanded: false }).click();
  await expect(history(page).getByRole('listitem').first().getByRole('alert')).toHaveText(`Generation Failed: ${cases[3]!.message}`);

  // A rejected key: the model list says so, and a run gets the authentication message.
  const keys = await client.from('user_api_keys').update({ openai_api_key: FAKE_OPENAI_BAD_KEY }).eq('user_id', user.id);
  expect(keys.error).toBeNull();
  await page.reload();
  await expect(page.getByText(/Could not load the model list \(.*Incorrect API key provided/)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Topic').fill('pricing');
  await runButton(page).click();
  await expect(output(page).getByTestId('run-error')).toContainText(
    'Authentication failed. Please check your OpenAI API key in Settings.',
    { timeout: 30_000 },
  );
  await expect(page.getByLabel('Topic')).toHaveValue('pricing');
});

test('a provider that never answers times out after the client timeout (600000 ms) with its message; inputs kept', async ({ page }) => {
  const { user, client } = await member();
  const saved = await lib.createPrompt(client, { name: 'Slow provider', promptText: 'Write about [topic].', folderId: null });
  await page.clock.install();
  await signInAs(page, user);
  await openRunner(page, `/run-prompt/${saved.data!.id}`, 'Slow provider');
  await page.getByLabel('Topic').fill('waiting [[fake:timeout]]');
  const completions: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('/chat/completions') && completions.push(r.url())));
  // The request is sent once the SDK's timer is set: the clock is moved on only after that.
  const sent = page.waitForRequest((r) => r.url().endsWith('/chat/completions'));
  await runButton(page).click();
  await sent;
  await expect(output(page).getByText('Writing…', { exact: true })).toBeVisible();
  await expect(output(page).getByTestId('run-error')).toHaveCount(0);
  // One timeout is enough: a timeout is not retried.
  await page.clock.fastForward('10:01');
  await expect(output(page).getByTestId('run-error')).toContainText('The AI service did not answer in time. Please try again.');
  expect(completions).toHaveLength(1);
  await expect(page.getByLabel('Topic')).toHaveValue('waiting [[fake:timeout]]');
});

test('premium prompts are blocked; unknown, mistyped and other people’s prompts are not found', async ({ page }) => {
  const { user } = await member(null);
  const stranger = await member(null);
  const theirs = await lib.createPrompt(stranger.client, { name: 'Their prompt', promptText: 'Private [thing]', folderId: null });
  await signInAs(page, user);

  await page.goto('/run-prompt/fp4');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced SEO Strategy' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText('Subscription required');
  await expect(page.getByRole('alert')).toContainText('This is a premium prompt. A subscription is required to run it.');
  await expect(page.getByText('Subscription', { exact: true })).toBeVisible();
  await expect(runButton(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  await lookAt(page, 'run-prompt-premium');

  for (const id of ['fp99', '00000000-0000-4000-8000-000000000000', theirs.data!.id, "x'--"]) {
    await page.goto(`/run-prompt/${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Prompt not found' })).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByRole('link', { name: 'Browse Prompt Stacks' })).toHaveAttribute('href', '/prompts');
  await lookAt(page, 'run-prompt-not-found');
});

test('on Pro the premium prompt opens whole, with every question, ready to run; Billing shows Pro as the current plan', async ({
  page,
}) => {
  const { user } = await member();
  // What the Stripe webhook keeps: an active Pro subscription (the database computes the plan from it).
  const { error } = await serviceClient()
    .from('subscriptions')
    .insert({
      user_id: user.id,
      stripe_customer_id: `cus_${user.id}`,
      plan: 'pro',
      status: 'active',
      current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
  expect(error).toBeNull();
  await signInAs(page, user);
  await openRunner(page, '/run-prompt/fp4', 'Advanced SEO Strategy');
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription required' })).toHaveCount(0);
  await expect(runButton(page)).toBeVisible();
  // The last placeholder lies past the teaser everyone else gets: the whole text came.
  await page.getByLabel('Main competitors?').fill('Moz');
  await expect(review(page)).toHaveValue(/competing with Moz\. Cover keyword clusters/);
  await page.goto('/billing');
  const pro = page.getByRole('region', { name: 'Pro' });
  await expect(pro.getByText('Current Plan', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("You're on the Pro plan.", { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free' }).getByText('Current Plan', { exact: true })).toHaveCount(0);
  await lookAt(page, 'billing-pro');
});

test("no key for the chosen provider: the product's title and the way to Settings; what was typed stays", async ({ page }) => {
  const { user } = await member(null);
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  const missingKey = page.getByRole('alert').filter({ hasText: 'OpenAI API Key Missing' });
  await expect(missingKey).toBeVisible({ timeout: 30_000 });
  await expect(runButton(page)).toBeDisabled();
  await page.getByLabel('What is the product or service?').fill('kept while I fetch a key');
  await page.getByRole('combobox', { name: 'AI provider' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'GPT-4 Turbo (no key)',
    'Gemini Pro (Requires API Key)',
    'Anthropic (no key)',
    'Cohere (no key)',
    'AI21 (no key)',
    'Hugging Face (no key)',
    'Custom ChatGPT (Requires API Key)',
  ]);
  await page.getByRole('option', { name: 'Gemini Pro (Requires API Key)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Gemini API Key Missing' })).toBeVisible();
  await expect(page.getByLabel('What is the product or service?')).toHaveValue('kept while I fetch a key');
  await lookAt(page, 'run-prompt-no-key');
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page).toHaveURL('/settings');
});

test('the network drops while a prompt loads: Error loading prompt, then Try again', async ({ page, context }) => {
  const { user } = await member(null);
  await signInAs(page, user);
  // Both pages' code is loaded first: only the prompt's request meets the dropped network.
  await page.goto('/run-prompt/fp1');
  await expect(page.getByRole('heading', { level: 1, name: 'Catchy Ad Headline' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('main').getByRole('link', { name: 'Prompt Stacks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt Stacks' })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await page.getByRole('listitem').filter({ hasText: 'Blog Post Outline' }).getByRole('link', { name: 'Use Prompt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Error loading prompt' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText('Failed to fetch');
  await lookAt(page, 'run-prompt-load-error');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Outline' })).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toBe(`${WEB_URL}/run-prompt/fp2`);
});
