import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { test, type Page } from '@playwright/test';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';
import { promptStep as step } from '../fixtures/workflows.ts';

/**
 * Running a workflow from the dashboard: every step streams in order with "Step n of m", a step
 * the provider fails is retried, an output edited by hand feeds the next steps, the run history
 * keeps each run with every step, and the result is exported.
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
