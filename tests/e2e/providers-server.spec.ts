import { test } from '@playwright/test';
import { defaultModel } from '@/shared/ai/modelChoice.ts';
import { WORKFLOW_DEFINITION_VERSION } from '@/shared/core/workflows/definition.ts';
import { createWorkflow } from '@/shared/data/workflows.ts';
import { promptStep } from '../fixtures/workflows.ts';
import { chooseTemplate, form, openGenerator, press, promptField } from './document-generator-support.ts';
import { expect, userClient } from './prompts-support.ts';
import { accountWith, chooseProvider, labelOf, MATRIX_PROVIDERS, seenBy } from './providers-support.ts';
import { signInAs } from './support.ts';

/**
 * Every provider from the Edge Functions, which call it with the key synced to the account: a
 * generated document and a workflow run. A custom server on the user's own machine (here the fake
 * Ollama on 127.0.0.1) is out of our servers' reach: both are refused with one sentence before any
 * request reaches it.
 */

test.describe.configure({ timeout: 240_000 });

const UNREACHABLE =
  'Your custom AI server is on your own computer or private network, which our servers cannot reach. Run this from the dashboard or the side panel, or use a provider on the internet.';

for (const provider of MATRIX_PROVIDERS) {
  test(`${labelOf(provider)} from the Edge Functions: a generated document and a workflow run`, async ({ page }) => {
    const user = await accountWith(provider);
    const client = await userClient(user);
    await signInAs(page, user);

    // The document generator: the suggestion is asked from the page, the document from the server.
    await openGenerator(page);
    await chooseProvider(page, form(page), provider);
    await promptField(page).fill('Spring sale at our bakery');
    await chooseTemplate(page, 'Press Release');
    await press(page, 'Generate');
    await expect(page.getByRole('region', { name: 'Suggested prompt' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Keep my prompt' }).click();
    await press(page, 'Generate document');
    if (provider === 'chatgpt_custom') {
      await expect(page.getByText(UNREACHABLE).first()).toBeVisible({ timeout: 30_000 });
    } else {
      await expect(page.getByTestId('result-state')).toHaveText('Saved', { timeout: 30_000 });
    }

    // A workflow run: every step runs on the server.
    const workflow = (
      await createWorkflow(client, {
        name: 'Hook and email',
        description: '',
        definition: {
          version: WORKFLOW_DEFINITION_VERSION,
          provider,
          model: defaultModel(provider, null),
          steps: [promptStep('hook', 'A hook about pricing.'), promptStep('email', 'An email from:\n{{steps.hook.output}}')],
        },
      })
    ).data!;
    const seenBefore = (await seenBy(provider)).length;
    await page.goto(`/workflows/${workflow.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hook and email' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Run workflow' }).click();
    if (provider === 'chatgpt_custom') {
      await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible({ timeout: 30_000 });
      // Refused before any request of this workflow reached the server (the fake is shared with
      // tests running beside this one, so their requests are told apart by this workflow's prompt).
      const ours = (await seenBy(provider))
        .slice(seenBefore)
        .filter((r) => r.method === 'POST' && JSON.stringify((r as { body?: unknown }).body ?? '').includes('A hook about pricing'));
      expect(ours).toEqual([]);
    } else {
      await expect(page.getByText('Final output')).toBeVisible({ timeout: 60_000 });
      // The steps were asked by the server (no browser Origin).
      const fromServer = (await seenBy(provider)).slice(seenBefore).filter((r) => r.method === 'POST' && r.origin === null);
      expect(fromServer.length).toBeGreaterThanOrEqual(2);
    }
  });
}
