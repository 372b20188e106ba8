import { test, type Page } from '@playwright/test';
import { budgetVerdict } from '@/shared/core/usage/budgets.ts';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, member } from './prompts-support.ts';
import { seriousViolations, toast, watchErrors } from './screens.ts';
import { serviceClient, signInAs, type TestUser } from './support.ts';

/**
 * Estimates and budgets on the dashboard, against the fake AI provider: Generate All over the
 * user's confirmation threshold asks first with its range (Cancel sends nothing, Start runs), the
 * budget warning at 80% beside the run button, and a budget at 100% set to stop refusing the next
 * run with its sentence before anything reaches the provider.
 */

test.describe.configure({ timeout: 240_000 });

/** The chat requests this page sends to the provider. */
function chatRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/chat/completions')) sent.push(request.postData() ?? '');
  });
  return sent;
}

/** A $1.00 monthly OpenAI budget for `user` that stops at 100% (written with the service role). */
async function budget(user: TestUser): Promise<void> {
  const { error } = await serviceClient()
    .from('usage_budgets')
    .insert({ user_id: user.id, provider: 'openai', monthly_limit_micros: 1_000_000, at_limit: 'stop' });
  expect(error).toBeNull();
}

/** A ledger row of this month: `micros` spent on OpenAI. */
async function spend(user: TestUser, micros: number): Promise<void> {
  const { error } = await serviceClient().from('usage_events').insert({
    user_id: user.id,
    feature: 'run',
    surface: 'dashboard',
    provider: 'openai',
    model: 'gpt-6.1-terra',
    input_tokens: 1000,
    output_tokens: 1000,
    outcome: 'done',
    cost_micros: micros,
  });
  expect(error).toBeNull();
}

const STOPPED = budgetVerdict(
  [{ provider: 'openai', monthly_limit_micros: 1_000_000, spent_micros: 1_000_000, at_limit: 'stop', state: 'stopped' }],
  'openai',
).refusal!;

test('Generate All above the threshold asks first with its range: Cancel sends nothing, Start runs', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  // Confirm anything that may cost more than one cent.
  expect((await client.from('usage_settings').upsert({ user_id: user.id, confirm_above_micros: 10_000 })).error).toBeNull();
  await signInAs(page, user);
  await page.goto('/prompt-stacks');
  await page.getByLabel('Idea, niche or keyword').fill('yoga teachers');
  await page.getByRole('button', { name: 'Generate Idea For Offer Framework' }).click();
  await expect(toast(page)).toContainText('Offer Generated.', { timeout: 60_000 });

  const sent = chatRequests(page);
  const generateAll = page.getByRole('button', { name: 'Generate All Categories With One Click!' });
  await generateAll.click();
  const dialog = page.getByRole('dialog', { name: 'Start this job?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    /This job will cost about \$\d+\.\d{2}–\$\d+\.\d{2} for 19 calls on gpt-6\.1-terra, charged by your provider to your own key\. You asked to confirm jobs that may cost more than \$0\.01\./,
  );
  // The safe choice has the focus.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/usage-estimate-confirm-desktop.png` });

  // Escape cancels: nothing is sent, nothing is generating.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('generated-count')).toHaveText('0 of 19 categories generated');
  await expect(generateAll).toBeEnabled();
  // Cancel too, by mouse, and by keyboard once the user moved to it with Tab (Enter presses the button chosen).
  await generateAll.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await generateAll.click();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Start' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([]);

  // Enter starts it: every category is asked for.
  await generateAll.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('All 19 categories have been generated.', { timeout: 120_000 });
  expect(sent.length).toBeGreaterThanOrEqual(19);
  // A user without a key record: the keys' lookup may answer 406 (no row), which is expected.
  expect(errors.filter((e) => !e.includes('status of 406'))).toEqual([]);
});

test('the budget warns at 80% beside the run button, and at 100% with "stop" refuses the next run before it is sent', async ({ page }) => {
  const { user, client } = await member();
  const { data, error } = await client
    .from('saved_prompts')
    .insert({ name: 'Tagline', prompt_text: 'A tagline for a yoga studio', llm_provider: 'openai' })
    .select('id')
    .single();
  expect(error).toBeNull();
  await budget(user);
  await spend(user, 850_000);
  await signInAs(page, user);
  await page.goto(`/run-prompt/${(data as { id: string }).id}`);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 30_000 });
  const month = new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  await expect(page.getByTestId('budget-warnings')).toHaveText(`You have used 85% of your OpenAI budget for ${month} ($0.85 of $1.00).`);

  // The month's spend reaches the budget: the next run is refused with the sentence, nothing sent.
  await spend(user, 150_000);
  await page.reload();
  const run = page.getByRole('button', { name: 'Run prompt' });
  await expect(run).toBeEnabled({ timeout: 30_000 });
  const sent = chatRequests(page);
  await run.click();
  const refusal = page.getByTestId('run-error');
  await expect(refusal).toContainText('Budget Used Up');
  await expect(refusal).toContainText(STOPPED);
  expect(sent).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/usage-budget-stopped-run-desktop.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test('embedding a saved knowledge-base document above the threshold asks first; Cancel embeds nothing, Start embeds it', async ({
  page,
}) => {
  const { user, client } = await member();
  // Any cost asks: even an embedding's fraction of a cent.
  expect((await client.from('usage_settings').upsert({ user_id: user.id, confirm_above_micros: 0 })).error).toBeNull();
  const embedded: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/embeddings')) embedded.push(request.url());
  });
  await signInAs(page, user);
  await page.goto('/knowledge-base');
  const form = page.getByRole('form', { name: 'Add a document' });
  const add = async (name: string) => {
    await form.getByLabel('Document name').fill(name);
    await form.getByLabel('Text').fill('Friendly, direct, no jargon. We call customers "creators". '.repeat(40));
    await form.getByRole('button', { name: 'Add document' }).click();
    await expect(toast(page)).toContainText('Document added');
  };
  await add('Brand voice');
  const dialog = page.getByRole('dialog', { name: 'Start this job?' });
  await expect(dialog).toContainText(/This job will cost about <?\$0\.\d{4} for 1 call on text-embedding-3-small/);
  await expect(dialog).toContainText(/\d+ passages? of this document to embed for search by meaning/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(embedded).toEqual([]);

  await add('Brand voice, again');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect.poll(() => embedded.length).toBe(1);
});

test('the Schedule card says what each run and a month of runs cost, and saving a costly schedule asks first', async ({ page }) => {
  const { user, client } = await member();
  expect((await client.from('usage_settings').upsert({ user_id: user.id, confirm_above_micros: 50_000 })).error).toBeNull();
  const { data: workflow } = await createWorkflow(client, {
    name: 'Daily digest',
    description: '',
    definition: {
      version: WORKFLOW_DEFINITION_VERSION,
      provider: 'openai',
      model: 'gpt-6.1-terra',
      steps: [promptStep('research', 'Research [topic=pricing pages].'), promptStep('draft', 'Draft from:\n{{steps.research.output}}')],
    },
  });
  await signInAs(page, user);
  await page.goto(`/workflows/${workflow!.id}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  await expect(card.getByTestId('schedule-estimate')).toHaveText(
    /^Each run: about \$0\.\d{2,4}–\$0\.\d{2,4} for 2 calls on gpt-6\.1-terra\. About \$0\.\d{2}–\$0\.\d{2} a month \(30 runs\)\.$/,
  );
  await card.getByRole('combobox', { name: 'Runs' }).click();
  await page.getByRole('option', { name: 'Every hour' }).click();
  await expect(card.getByTestId('schedule-estimate')).toContainText('a month (731 runs).');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/usage-schedule-estimate-desktop.png`, fullPage: true });

  // Every hour costs more than $0.05 a month: saving asks first; Cancel saves nothing.
  await card.getByRole('button', { name: 'Save schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start this job?' });
  await expect(dialog).toContainText(/for 1,462 calls on gpt-6\.1-terra/);
  await expect(dialog).toContainText('That is a month of runs (731) at this schedule.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('Not scheduled.');
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(card).toContainText('Scheduled: Every hour');
});
