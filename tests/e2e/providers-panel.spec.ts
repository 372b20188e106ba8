import { AI_TEXTS } from '@/shared/ai/aiErrors.ts';
import { expect, test } from './extension-support.ts';
import { ARTICLE, openPanel, TITLE } from './panel-setup.ts';
import { userClient } from './prompts-support.ts';
import { accountWith, chooseProvider, labelOf, MATRIX_PROVIDERS, seenBy } from './providers-support.ts';

/**
 * Every provider from the side panel, beside a real page: a prompt run on the page and Chat about
 * it. An extension page with host permissions is not held to CORS, so every service is called
 * directly; Anthropic still gets its browser opt-in header (the panel sends an Origin), and a
 * default Ollama refuses the extension's Origin, which the panel explains.
 */

test.describe.configure({ timeout: 180_000 });

for (const provider of MATRIX_PROVIDERS) {
  test(`${labelOf(provider)} from the side panel: a prompt run on the page, and Chat about it`, async ({
    context,
    cdp,
    extensionId,
    keyboard,
  }) => {
    const user = await accountWith(provider);
    const client = await userClient(user);
    const prompt = await client
      .from('saved_prompts')
      .insert({ name: 'Title idea', prompt_text: 'A headline for {{title}}', llm_provider: 'openai' });
    expect(prompt.error).toBeNull();
    const web = await context.newPage();
    await web.goto(ARTICLE);
    const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);

    await chooseProvider(panel, panel, provider);
    await panel.getByRole('button', { name: 'Run prompt' }).click();
    if (provider === 'chatgpt_custom') {
      // Ollama refuses an extension's Origin until its OLLAMA_ORIGINS lists it: the panel says how.
      await expect(panel.getByText(AI_TEXTS.customRefusedExtension).first()).toBeVisible({ timeout: 30_000 });
      return;
    }
    await expect(panel.getByTestId('run-output')).toContainText(`A headline for ${TITLE}`, { timeout: 30_000 });

    await panel.getByRole('button', { name: 'Back to your prompts' }).click();
    await panel.getByRole('tab', { name: 'Chat' }).click();
    const main = panel.getByRole('main');
    const box = main.getByRole('textbox', { name: 'Ask about this page' });
    await box.fill('What should I charge?');
    await box.press('Control+Enter');
    await expect(main.getByTestId('conversation-answer').last()).toContainText(`About "${TITLE}"`, { timeout: 30_000 });

    // The panel called the service itself, from the extension's origin.
    const fromPanel = (await seenBy(provider)).filter((r) => r.origin === `chrome-extension://${extensionId}` && r.method === 'POST');
    expect(fromPanel.length).toBeGreaterThanOrEqual(2);
    if (provider === 'anthropic') {
      expect(fromPanel.every((r) => r.headers['anthropic-dangerous-direct-browser-access'] === 'true')).toBe(true);
    }
    expect(fromPanel.flatMap((r) => Object.keys(r.headers)).filter((h) => h.startsWith('x-stainless'))).toEqual([]);
  });
}
