import { test, type Page } from '@playwright/test';
import { PROTECTED_ROUTES, ROUTES } from '@/shared/core/routes.ts';
import { startConversation } from '@/shared/data/conversations.ts';
import * as kb from '@/shared/data/knowledge.ts';
import { createWorkspace } from '@/shared/data/workspaces.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { OPENAI_URL, STACK_URL, WEB_URL } from './ports.ts';
import { expect, member } from './prompts-support.ts';
import { signInAs } from './support.ts';
import { answerTheInternet, errorScreens, goInApp, shuffled, watchTour, type TourWatch } from './tour-support.ts';

/**
 * The dashboard used the way people use it: one tab, many features, any order. A new account
 * uses each feature once (a prompt run, Smart Queries, Document Analysis over the knowledge base,
 * a workflow run, the knowledge base, the offer builder), then visits every signed-in route
 * without reloading — in the route map's order and in three seeded random orders — so every page
 * meets the query cache the others left behind. A page that shows an error screen, logs a console
 * error, or leaves a failed request (5xx, or one that never reached the server) fails the tour,
 * naming the order, the route and what happened.
 */

test.describe.configure({ timeout: 900_000 });

interface Ids {
  promptId: string;
  conversationId: string;
  workflowId: string;
  runId: string;
  workspaceId: string;
}

/** Every signed-in route with its parameters filled from what the tour created. */
function tourPaths(ids: Ids): string[] {
  const fill: Record<string, string> = {
    promptId: ids.promptId,
    conversationId: ids.conversationId,
    workflowId: ids.workflowId,
    templateId: 'blog-post',
    runId: ids.runId,
    workspaceId: ids.workspaceId,
  };
  return PROTECTED_ROUTES.map((pattern) => pattern.replace(/:(\w+)/g, (_m, name: string) => fill[name] ?? `missing-${name}`));
}

/** Visits a route in the same tab and fails on anything that went wrong there. */
async function visit(page: Page, watch: TourWatch, path: string, where: string) {
  await goInApp(page, path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${where}: no page heading on ${path}`).toBeVisible();
  await watch.settled();
  await expect(errorScreens(page), `${where}: an error screen on ${path}`).toHaveCount(0);
  expect(watch.take(), `${where}: ${path}`).toEqual([]);
}

test('a new account uses each feature once, then visits every signed-in route in one tab, in four orders, without an error', async ({
  page,
}) => {
  const { user, client } = await member();
  const watch = watchTour(page, [WEB_URL, STACK_URL, OPENAI_URL]);
  await answerTheInternet(page);

  // What a first week leaves behind, made through the API where the UI is not the subject here.
  const prompt = await client
    .from('saved_prompts')
    .insert({ user_id: user.id, name: 'Launch hook', prompt_text: 'Write a hook for a course about pricing.', llm_provider: 'openai' })
    .select('id')
    .single();
  expect(prompt.error).toBeNull();
  await kb.addKbDocument(client, { name: 'Pricing', type: 'text', content: 'The Pro plan costs $29 per month.', folderId: null });
  await kb.addKbDocument(client, {
    name: 'Refund policy',
    type: 'text',
    content: 'Every purchase can be refunded within 30 days.',
    folderId: null,
  });
  const conversation = (
    await startConversation(client, {
      source: 'chat',
      provider: 'openai',
      model: 'gpt-4o-mini',
      turns: [
        { role: 'user', content: 'Name three launch ideas.' },
        { role: 'assistant', content: 'A waitlist, a webinar and a bonus.', provider: 'openai', model: 'gpt-4o-mini', status: 'done' },
      ],
    })
  ).data!;
  const workflow = (
    await createWorkflow(client, {
      name: 'Hook and email',
      description: 'Two steps.',
      definition: {
        version: WORKFLOW_DEFINITION_VERSION,
        provider: 'openai',
        model: 'gpt-4o-mini',
        steps: [promptStep('hook', 'A hook about pricing.'), promptStep('email', 'An email from:\n{{steps.hook.output}}')],
      },
    })
  ).data!;
  const workspace = (await createWorkspace(client, 'Launch plans')).data!;

  await signInAs(page, user);
  await page.goto(ROUTES.dashboard);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await watch.settled();

  // Each feature once, in the same tab.
  await goInApp(page, `/run-prompt/${prompt.data!.id}`);
  await page.getByRole('button', { name: 'Run prompt' }).click();
  await expect(page.getByTestId('run-output')).toContainText('Draft:', { timeout: 30_000 });

  await goInApp(page, ROUTES.smartQueries);
  const ask = page.getByRole('form', { name: 'Ask your knowledge base' });
  await expect(ask.getByRole('combobox', { name: 'Model' })).toHaveValue(/.+/, { timeout: 20_000 });
  await ask.getByRole('textbox', { name: 'Ask your knowledge base' }).fill('How much does the Pro plan cost?');
  await ask.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByTestId('grounded-answer')).toContainText('[1]', { timeout: 30_000 });

  await goInApp(page, ROUTES.documentAnalysis);
  const choose = page.getByRole('form', { name: 'Choose a document' });
  await choose.getByRole('tab', { name: 'Knowledge base' }).click();
  await choose.getByRole('combobox', { name: 'Knowledge-base document' }).click();
  await page.getByRole('option', { name: 'Refund policy' }).click();
  await choose.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByRole('region', { name: 'Analysis of Refund policy' }).getByTestId('analysis-summary')).toBeVisible({
    timeout: 30_000,
  });

  // The crash this tour was written for: the knowledge base and the offer builder after the two above.
  await visit(page, watch, ROUTES.knowledgeBase, 'after Smart Queries and Document Analysis');
  await visit(page, watch, ROUTES.offerBuilder, 'after Smart Queries and Document Analysis');

  await goInApp(page, `/workflows/${workflow.id}`);
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByText('Final output')).toBeVisible({ timeout: 60_000 });
  const run = await client.from('workflow_runs').select('id').eq('workflow_id', workflow.id).single();
  expect(run.error).toBeNull();
  await watch.settled();
  expect(watch.take(), 'using the features').toEqual([]);

  const paths = tourPaths({
    promptId: prompt.data!.id,
    conversationId: conversation.id,
    workflowId: workflow.id,
    runId: run.data!.id,
    workspaceId: workspace.id,
  });
  expect(paths.filter((path) => path.includes('missing-'))).toEqual([]);
  const orders: [string, string[]][] = [
    ['the route map order', paths],
    ...[11, 23, 37].map((seed): [string, string[]] => [`random order (seed ${seed})`, shuffled(paths, seed)]),
  ];
  for (const [name, order] of orders) {
    for (const path of order) await visit(page, watch, path, name);
  }
});
