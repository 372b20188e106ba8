import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { test, type Page } from '@playwright/test';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { streamWorkflowRun } from '@/shared/data/workflowRuns.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { AI_ORIGINS } from './ports.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { serviceClient, signInAs } from './support.ts';
import { promptStep as step } from '../fixtures/workflows.ts';

/**
 * Running a workflow from the dashboard: every step streams in order with "Step n of m", a step
 * the provider fails is retried, an output edited by hand feeds the next steps, the run history
 * keeps each run with every step, and the result is exported. A run whose server was cut off shows
 * as interrupted once its lease expires, and Resume streams the rest.
 */

test.describe.configure({ timeout: 240_000 });

const stepCard = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n} · `) });

test('a 3-step workflow runs, a failed step is retried, an edited output feeds the next steps, and the run is kept and exported', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const failOnce = randomUUID();
  const workflow = (
    await createWorkflow(client, {
      name: 'Launch kit',
      description: 'Research, outline and draft.',
      definition: {
        version: WORKFLOW_DEFINITION_VERSION,
        provider: 'openai',
        model: 'gpt-4o-mini',
        steps: [
          step('research', 'Research [topic] for course creators.'),
          step('outline', `Outline from:\n{{steps.research.output}}\n[[fake:fail-once:${failOnce}]]`),
          step('draft', 'Draft from:\n{{steps.outline.output}}'),
        ],
      },
    })
  ).data!;

  await signInAs(page, user);
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Launch kit' })).toBeVisible();
  await expect(page.getByText('No runs yet.')).toBeVisible();
  // A required field left empty is named before anything runs.
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByRole('textbox', { name: 'topic' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'topic' }).fill('pricing');
  await page.getByRole('button', { name: 'Run workflow' }).click();

  // The second step fails once: the first is kept, the third never ran.
  await expect(stepCard(page, 2).getByRole('status')).toHaveText('Failed', { timeout: 30_000 });
  await expect(stepCard(page, 1).getByRole('status')).toHaveText('Done');
  await expect(stepCard(page, 1)).toContainText('Draft: Research pricing for course creators.');
  await expect(stepCard(page, 3).getByRole('status')).toHaveText('Waiting');
  await expect(stepCard(page, 2)).toContainText('a one-time failure');
  await expect(page.getByText('The run stopped at a failed step')).toBeVisible();
  await lookAt(page, 'workflow-run-failed');

  await stepCard(page, 2).getByRole('button', { name: 'Retry step' }).click();
  await expect(page.getByTestId('workflow-progress')).toHaveText('Step 3 of 3 · Finished', { timeout: 30_000 });
  await expect(stepCard(page, 3)).toContainText('Draft: Draft from:');
  await expect(page.getByRole('heading', { name: 'Final output' })).toBeVisible();

  // Edit the first step's output by hand, then run the next steps again from it.
  await stepCard(page, 1).getByRole('button', { name: 'Edit output' }).click();
  await stepCard(page, 1).getByRole('textbox', { name: 'Output of research' }).fill('My notes: price on value, not hours.');
  await stepCard(page, 1).getByRole('button', { name: 'Save output' }).click();
  await expect(stepCard(page, 1)).toContainText('edited');
  await stepCard(page, 1).getByRole('button', { name: 'Continue from step 2' }).click();
  await expect(page.getByTestId('workflow-progress')).toHaveText('Step 3 of 3 · Finished', { timeout: 30_000 });
  await stepCard(page, 2).getByRole('button', { name: 'Show what was sent' }).click();
  await expect(stepCard(page, 2).locator('pre')).toContainText('Outline from:\nMy notes: price on value, not hours.');
  await lookAt(page, 'workflow-run-done');

  // Exported as Markdown: every step under its name.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Markdown' }).last().click();
  const file = await (await downloading).path();
  const markdown = await readFile(file, 'utf8');
  expect(markdown).toContain('Step 1: research');
  expect(markdown).toContain('My notes: price on value, not hours.');

  // The history keeps the run; it opens with every step.
  const rows = page.getByTestId('workflow-history-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Dashboard');
  await rows.first().getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Run of Launch kit' })).toBeVisible();
  await expect(page.getByTestId('workflow-step')).toHaveCount(3);
  await expect(stepCard(page, 1)).toContainText('My notes: price on value, not hours.');
  await expect(stepCard(page, 3).getByRole('status')).toHaveText('Done');
  // Each step's cost from the ledger, every call it made together: the outline's failed call
  // (nothing reported: estimated), its retry and its run again; gpt-4o-mini has no price here.
  const ledger = await client.from('usage_events').select('feature, surface, subject_id, step_index, outcome').order('created_at');
  expect(ledger.data!.map((row) => [row.feature, row.surface, row.step_index, row.outcome])).toEqual([
    ['workflow_step', 'server', 0, 'done'],
    ['workflow_step', 'server', 1, 'failed'],
    ['workflow_step', 'server', 1, 'done'],
    ['workflow_step', 'server', 2, 'done'],
    ['workflow_step', 'server', 1, 'done'],
    ['workflow_step', 'server', 2, 'done'],
  ]);
  await expect(stepCard(page, 1).getByTestId('usage-line')).toHaveText(/^\d[\d,]* tokens in · \d[\d,]* out · price unknown$/);
  await expect(stepCard(page, 2).getByTestId('usage-line')).toHaveText(
    /^~\d[\d,]* tokens in · ~\d[\d,]* out · price unknown \(estimated\)$/,
  );
  await stepCard(page, 2).screenshot({ path: `${SCREENSHOT_DIR}/usage-cost-line-workflow-step.png` });
  await lookAt(page, 'workflow-run-history');
  expect(errors).toEqual([]);
});

test('a workflow that needs nobody is scheduled from its page, and one that asks a field says why it cannot be', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const make = async (name: string, prompt: string) =>
    (
      await createWorkflow(client, {
        name,
        description: '',
        definition: { version: WORKFLOW_DEFINITION_VERSION, provider: 'openai', model: 'gpt-4o-mini', steps: [step('digest', prompt)] },
      })
    ).data!;
  const weekly = await make('Weekly digest', 'Write a weekly digest of [topic=marketing news].');
  const asks = await make('Asks a topic', 'Write about [topic].');

  await signInAs(page, user);
  await page.goto(`/workflows/${asks.id}`);
  const card = page.getByRole('region', { name: 'Schedule' });
  await expect(card).toContainText('A scheduled run has nobody to fill in its form.');
  await expect(card.getByRole('button', { name: 'Save schedule' })).toBeDisabled();

  await page.goto(`/workflows/${weekly.id}`);
  await expect(card).toContainText('Not scheduled.');
  await card.getByRole('combobox', { name: 'Runs' }).click();
  await page.getByRole('option', { name: 'Every week' }).click();
  await card.getByRole('combobox', { name: 'Day' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await card.getByLabel('Time', { exact: true }).fill('09:30');
  await card.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Paris');
  await page.getByRole('option', { name: 'Europe/Paris' }).click();
  await card.getByRole('button', { name: 'Save schedule' }).click();
  await expect(card).toContainText('Scheduled: Every Monday at 09:30 (Europe/Paris)');
  await expect(card).toContainText('Next run:');
  const stored = await client.from('workflows').select('schedule, next_run_at').eq('id', weekly.id).single();
  expect(stored.data?.schedule).toEqual({ frequency: 'weekly', time: '09:30', weekday: 1, timeZone: 'Europe/Paris' });
  expect(new Date(stored.data!.next_run_at!).getTime()).toBeGreaterThan(Date.now());
  await lookAt(page, 'workflow-schedule');

  // Kept across a reload; removed again.
  await page.reload();
  await expect(card).toContainText('Scheduled: Every Monday at 09:30 (Europe/Paris)');
  await card.getByRole('button', { name: 'Remove schedule' }).click();
  await expect(card).toContainText('Not scheduled.');
  expect((await client.from('workflows').select('schedule').eq('id', weekly.id).single()).data?.schedule).toBeNull();
  expect(errors).toEqual([]);
});

/** What the OpenAI fake was asked (the last message of each chat request). */
async function askedOpenAi(): Promise<string[]> {
  const seen = (await (await fetch(`${AI_ORIGINS.openai}/__fake/requests`)).json()) as { method: string; path: string; body: unknown }[];
  return seen
    .filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions'))
    .map((r) => String((r.body as { messages: { content: string }[] }).messages.at(-1)!.content));
}

test('a run cut off on the server shows as interrupted once its lease expires, and Resume streams the rest without asking again for what was saved', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const topic = `resume-${randomUUID().slice(0, 8)}`;
  const workflow = (
    await createWorkflow(client, {
      name: 'Cut-off kit',
      description: '',
      definition: {
        version: WORKFLOW_DEFINITION_VERSION,
        provider: 'openai',
        model: 'gpt-4o-mini',
        steps: [
          step('research', `Research ${topic} for course creators.`),
          step('outline', 'Outline from:\n{{steps.research.output}}'),
          step('draft', 'Draft from:\n{{steps.outline.output}}'),
        ],
      },
    })
  ).data!;
  // The first step runs and is saved; then the server is cut off in the second one. Here: the
  // request ends after the first step, and the run is left as a killed function leaves it —
  // taken (a lease nobody will renew, expiring in a few seconds) with its second step going.
  const leaving = new AbortController();
  let runId = '';
  await streamWorkflowRun(
    client as never,
    {
      action: 'start',
      workflowId: workflow.id,
      fieldValues: {},
      trigger: 'dashboard',
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: FAKE_OPENAI_GOOD_KEY,
    },
    leaving.signal,
    (e) => {
      if (e.type === 'run') runId = e.runId;
      if (e.type === 'step-end' && e.position === 0) leaving.abort();
    },
  );
  const service = serviceClient();
  await expect
    .poll(async () => (await service.from('workflow_runs').select('lease_id').eq('id', runId).single()).data?.lease_id)
    .toBeNull();
  const lease = randomUUID();
  const claimed = await service.rpc('claim_workflow_run', {
    run: runId,
    owner: user.id,
    lease,
    seconds: 8,
    provider: 'openai',
    model: 'gpt-4o-mini',
  });
  expect(claimed.data).toBe(true);
  await service.rpc('save_workflow_run_step', {
    run: runId,
    lease,
    step: 1,
    changes: { status: 'running', output: 'An outline that was cut', started: true },
  });

  await signInAs(page, user);
  await page.goto(`/workflows/runs/${runId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Run of Cut-off kit' })).toBeVisible();
  // While its lease lasts the run counts as going on elsewhere; once it expires, it is interrupted.
  await expect(page.getByTestId('workflow-interrupted')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('workflow-progress')).toHaveText('Step 2 of 3 · Interrupted');
  await expect(page.getByText('Run interrupted')).toBeVisible();
  await expect(stepCard(page, 1).getByRole('status')).toHaveText('Done');
  await expect(stepCard(page, 2).getByRole('status')).toHaveText('Stopped');
  await expect(stepCard(page, 2)).toContainText('An outline that was cut');
  await lookAt(page, 'workflow-run-interrupted');

  const researchPrompt = `Research ${topic} for course creators.`;
  expect((await askedOpenAi()).filter((p) => p === researchPrompt)).toHaveLength(1);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('workflow-progress')).toHaveText('Step 3 of 3 · Finished', { timeout: 30_000 });
  await expect(stepCard(page, 3)).toContainText('Draft: Draft from:');
  await expect(page.getByTestId('workflow-interrupted')).toHaveCount(0);
  // The saved first step was not asked for again.
  expect((await askedOpenAi()).filter((p) => p === researchPrompt)).toHaveLength(1);
  const stored = await client.from('workflow_runs').select('status, attempts').eq('id', runId).single();
  expect(stored.data).toEqual({ status: 'done', attempts: 3 });
  expect(errors).toEqual([]);
});
