import { test, type Locator, type Page } from '@playwright/test';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { screenshots, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs } from './support.ts';

/**
 * The workflow builder and /workflows: build a three-step workflow (variables, a live reference
 * error, reorder by keyboard, drag and buttons, duplicate and delete a step), save and reload;
 * duplicate a template and a workflow, delete one; a view_only account sees no edit controls.
 */

test.describe.configure({ timeout: 180_000 });

const stepCard = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);
const stepOrder = (page: Page) => page.locator('li[data-step]').evaluateAll((items) => items.map((i) => i.getAttribute('data-step')));
const promptOf = (card: Locator) => card.getByRole('textbox', { name: 'Prompt' });
const problems = (page: Page) => page.getByTestId('workflow-problems');
const workflowCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Drags a step by its handle onto another step (dnd-kit's pointer sensor needs real moves). */
async function drag(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('[data-drag-handle]');
  await handle.scrollIntoViewIfNeeded();
  const source = (await handle.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 - 12, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + 10, { steps: 16 });
  await page.mouse.up();
}

test('build a three-step workflow: variables, a live reference error, reorder, duplicate and delete steps, save and reload', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('You have no workflows yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New workflow' }).click();
  await expect(page).toHaveURL('/workflows/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New workflow' })).toBeVisible();

  // Step 1, then step 2 with a reference to a step that does not exist: an error on the step and in the list.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Launch plan');
  await promptOf(stepCard(page, 'step_1')).fill('Research [topic] for [audience]');
  await page.getByRole('button', { name: 'Add prompt step' }).click();
  await promptOf(stepCard(page, 'step_2')).fill('Outline this: {{steps.research.output}}');
  const unknown = '{{steps.research.output}} refers to a step that does not exist.';
  await expect(problems(page)).toContainText(`Step 2 “step_2”: ${unknown}`);
  await expect(stepCard(page, 'step_2').getByTestId('step-problems')).toHaveText(unknown);

  // Fixed by renaming step 1 to "research": the error goes; a bad name shows its rule under the field.
  const name1 = stepCard(page, 'step_1').getByRole('textbox', { name: 'Step name' });
  await name1.fill('Research!');
  const rule = 'A step name starts with a letter and uses only lower-case letters, digits and underscores (at most 40).';
  await expect(stepCard(page, 'Research!').getByText(rule)).toBeVisible();
  await expect(problems(page)).toContainText(`Fix these to saveStep 1 “Research!”: ${rule}`);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await stepCard(page, 'Research!').getByRole('textbox', { name: 'Step name' }).fill('research');
  await expect(problems(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Step 3 through the variable menu, inserted at the cursor; the menu lists only what step 3 may use.
  await page.getByRole('button', { name: 'Add prompt step' }).click();
  const step3 = stepCard(page, 'step_3');
  await step3.getByRole('textbox', { name: 'Step name' }).fill('polish');
  const polish = stepCard(page, 'polish');
  await promptOf(polish).fill('Polish  for the page');
  await promptOf(polish).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
  await polish.getByRole('button', { name: 'Insert variable' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Selected text{{selection}}',
    'Page text{{page}}',
    'Page URL{{url}}',
    'Page title{{title}}',
    'Video transcript{{transcript}}',
    'Output of research{{steps.research.output}}',
    'Output of step_2{{steps.step_2.output}}',
  ]);
  await menu.getByRole('menuitem', { name: /Output of step_2/ }).click();
  await expect(promptOf(polish)).toHaveValue('Polish {{steps.step_2.output}} for the page');
  await expect(promptOf(polish)).toBeFocused();
  await promptOf(polish).press('End');
  await promptOf(polish).pressSequentially(' ');
  await polish.getByRole('button', { name: 'Insert variable' }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /Page text/ })
    .click();
  await expect(promptOf(polish)).toHaveValue('Polish {{steps.step_2.output}} for the page {{page}}');
  await expect(page.getByTestId('workflow-fields')).toHaveText('Asked when run: Topic, Audience; from the page: Page text');
  expect(await stepOrder(page)).toEqual(['research', 'step_2', 'polish']);

  // Keyboard: polish up one place, so it reads a later step (an error), then Move down puts it back.
  await polish.getByRole('button', { name: 'Reorder polish' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up polish, position 3 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('polish moved to position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => stepOrder(page)).toEqual(['research', 'polish', 'step_2']);
  await expect(problems(page)).toContainText('{{steps.step_2.output}} refers to a later step');
  await screenshots(page, 'workflow-builder-problems');
  await polish.getByRole('button', { name: 'Move polish down' }).click();
  await expect.poll(() => stepOrder(page)).toEqual(['research', 'step_2', 'polish']);
  // Focus stays with the moved step (on its other arrow once it reached the end).
  await expect(polish.getByRole('button', { name: 'Move polish up' })).toBeFocused();
  await expect(problems(page)).toBeHidden();

  // Drag step_2 above research, then Move up puts research first again.
  await drag(page, stepCard(page, 'step_2'), stepCard(page, 'research'));
  await expect.poll(() => stepOrder(page)).toEqual(['step_2', 'research', 'polish']);
  await stepCard(page, 'research').getByRole('button', { name: 'Move research up' }).click();
  await expect.poll(() => stepOrder(page)).toEqual(['research', 'step_2', 'polish']);
  await expect(stepCard(page, 'research').getByRole('button', { name: 'Move research down' })).toBeFocused();

  // Duplicate a step (placed after it, under a free name), then delete the copy.
  await stepCard(page, 'step_2').getByRole('button', { name: 'Duplicate step_2' }).click();
  await expect.poll(() => stepOrder(page)).toEqual(['research', 'step_2', 'step_2_copy', 'polish']);
  await expect(promptOf(stepCard(page, 'step_2_copy'))).toHaveValue('Outline this: {{steps.research.output}}');
  await stepCard(page, 'step_2_copy').getByRole('button', { name: 'Delete step_2_copy' }).click();
  await expect.poll(() => stepOrder(page)).toEqual(['research', 'step_2', 'polish']);

  // Leaving with unsaved edits asks first; Stay keeps them.
  await page.getByRole('link', { name: 'All workflows' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/workflows/new');

  await lookAt(page, 'workflow-builder');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Workflow saved');
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit workflow' })).toBeVisible();
  const { data: rows } = await client.from('workflows').select('name, definition');
  expect(rows).toHaveLength(1);
  expect(rows![0]!.name).toBe('Launch plan');
  expect((rows![0]!.definition as { steps: { name: string }[] }).steps.map((s) => s.name)).toEqual(['research', 'step_2', 'polish']);

  // After a reload, everything is as saved (and nothing is pending, so leaving does not ask).
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Launch plan', { timeout: 30_000 });
  expect(await stepOrder(page)).toEqual(['research', 'step_2', 'polish']);
  await expect(promptOf(stepCard(page, 'research'))).toHaveValue('Research [topic] for [audience]');
  await expect(promptOf(stepCard(page, 'polish'))).toHaveValue('Polish {{steps.step_2.output}} for the page {{page}}');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('link', { name: 'All workflows' }).click();
  await expect(page).toHaveURL('/workflows');
  await expect(workflowCard(page, 'Launch plan')).toContainText('3 steps');
  expect(errors).toEqual([]);
});

test('duplicate a template and a workflow, find them under Your workflows, delete one', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await page.goto('/workflows');
  const template = workflowCard(page, 'Bulk product descriptions (for each)');
  await expect(template.getByRole('link', { name: 'Run' })).toHaveAttribute('href', '/workflows/templates/bulk-descriptions');
  await template.getByRole('link', { name: 'Duplicate to edit' }).click();
  await expect(page).toHaveURL('/workflows/new?template=bulk-descriptions');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Bulk product descriptions (for each) (copy)');
  expect(await stepOrder(page)).toEqual(['products', 'descriptions']);
  const each = stepCard(page, 'descriptions');
  await expect(each.getByRole('combobox', { name: 'Kind' })).toHaveText('For each');
  await expect(each.getByRole('combobox', { name: 'Go through the output of' })).toHaveText('products');
  await expect(each.getByRole('spinbutton', { name: 'At once (1–10)' })).toHaveValue('5');
  // "From library" copies a saved prompt's text into the step and remembers where it came from.
  const saved = await lib.createPrompt(client, { name: 'Niche lister', promptText: 'List [count] ideas for [niche]', folderId: null });
  await stepCard(page, 'products').getByRole('button', { name: 'From library' }).click();
  const picker = page.getByRole('dialog', { name: 'Use a prompt from your library' });
  await picker.getByRole('button', { name: /Niche lister/ }).click();
  await expect(picker).toBeHidden();
  await expect(promptOf(stepCard(page, 'products'))).toHaveValue('List [count] ideas for [niche]');
  await expect(stepCard(page, 'products')).toContainText('Prompt text copied from “Niche lister” in your library.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  const stored = (await client.from('workflows').select('definition')).data![0]!.definition as { steps: { promptId: string | null }[] };
  expect(stored.steps[0]!.promptId).toBe(saved.data!.id);

  await page.getByRole('link', { name: 'All workflows' }).click();
  const copy = workflowCard(page, 'Bulk product descriptions (for each) (copy)');
  await expect(copy).toContainText('2 steps');
  const id = (await client.from('workflows').select('id')).data![0]!.id as string;
  await expect(copy.getByRole('link', { name: 'Run' })).toHaveAttribute('href', `/workflows/${id}`);
  await expect(copy.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/workflows/${id}/edit`);

  await copy.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(page)).toContainText('Workflow duplicated');
  const second = workflowCard(page, 'Bulk product descriptions (for each) (copy) (copy)');
  await expect(second).toBeVisible();

  // A scheduled workflow shows when it runs next; a paused one why.
  const schedule = { frequency: 'daily', time: '09:00', weekday: null, timeZone: 'UTC' };
  const service = serviceClient();
  expect((await service.from('workflows').update({ schedule, next_run_at: '2030-01-02T09:00:00Z' }).eq('id', id)).error).toBeNull();
  const paused = { schedule, next_run_at: '2030-01-02T09:00:00Z', schedule_paused_reason: 'The OpenAI key was refused.' };
  const secondId = (await client.from('workflows').select('id').neq('id', id)).data![0]!.id as string;
  expect((await service.from('workflows').update(paused).eq('id', secondId)).error).toBeNull();
  await page.reload();
  await expect(copy).toContainText('Next run:');
  await expect(second).toContainText('Paused: The OpenAI key was refused.');
  await expect(second).not.toContainText('Next run:');
  await lookAt(page, 'workflows-list');

  await second.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this workflow?' });
  await expect(dialog).toContainText('“Bulk product descriptions (for each) (copy) (copy)” and its run history will be deleted.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Workflow deleted');
  await expect(second).toBeHidden();
  await expect(copy).toBeVisible();
  expect((await client.from('workflows').select('id')).data).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a view_only account runs workflows and templates but sees no edit controls; the builder is read-only', async ({ page }) => {
  const errors = watchErrors(page);
  const viewer = await createUser({ role: 'view_only' });
  const { data, error } = await serviceClient()
    .from('workflows')
    .insert({
      user_id: viewer.id,
      name: 'Shared flow',
      description: 'Made for the viewer',
      definition: {
        version: 1,
        provider: null,
        model: null,
        steps: [
          { id: 's1', name: 'first', kind: 'prompt', prompt: 'Hi [name]', promptId: null, model: null, knowledge: null, forEach: null },
        ],
      },
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  await signInAs(page, viewer);
  await page.goto('/workflows');
  const card = workflowCard(page, 'Shared flow');
  await expect(card.getByRole('link', { name: 'Run' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your account is view only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New workflow' })).toHaveCount(0);
  for (const name of ['Edit', 'Duplicate', 'Delete'])
    await expect(card.getByRole(name === 'Edit' ? 'link' : 'button', { name })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Duplicate to edit' })).toHaveCount(0);
  await expect(workflowCard(page, 'Blog post: research → outline → draft → polish').getByRole('link', { name: 'Run' })).toBeVisible();

  await page.goto(`/workflows/${data!.id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Shared flow', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(promptOf(stepCard(page, 'first'))).toBeDisabled();
  for (const name of ['Save', 'Add prompt step', 'Insert variable', 'Delete first', 'Reorder first'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);

  // An address that is no workflow says so in words.
  await page.goto('/workflows/not-a-workflow/edit');
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading the workflow' })).toContainText(
    'This workflow does not exist, or it is not yours.',
  );
  expect(errors).toEqual([]);
});
