import { budgetVerdict } from '@/shared/core/usage/budgets.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, screenshotPanel, test } from './extension-support.ts';
import { ARTICLE, openPanel, seed } from './panel-setup.ts';
import { serviceClient } from './support.ts';

/**
 * A budget at 100% set to stop, in the side panel: the next prompt run is refused with the
 * budget's sentence and nothing reaches the AI provider (the panel checks the same budgets as the
 * dashboard, through the shared usage recorder).
 */

test.describe.configure({ timeout: 120_000 });

test('a stopped budget refuses the next run in the side panel with its sentence, nothing sent', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user } = await seed();
  const service = serviceClient();
  const budget = await service
    .from('usage_budgets')
    .insert({ user_id: user.id, provider: 'openai', monthly_limit_micros: 2_000_000, at_limit: 'stop' });
  expect(budget.error).toBeNull();
  const spent = await service.from('usage_events').insert({
    user_id: user.id,
    feature: 'run',
    surface: 'panel',
    provider: 'openai',
    model: 'gpt-6.1-terra',
    input_tokens: 1000,
    output_tokens: 1000,
    outcome: 'done',
    cost_micros: 2_100_000,
  });
  expect(spent.error).toBeNull();
  const sentence = budgetVerdict(
    [{ provider: 'openai', monthly_limit_micros: 2_000_000, spent_micros: 2_100_000, at_limit: 'stop', state: 'stopped' }],
    'openai',
  ).refusal!;

  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);
  // The sign-in notice would cover the answer's place in the screenshot.
  const signedIn = panel.getByRole('button', { name: 'Close notification' });
  if (await signedIn.isVisible()) await signedIn.click();
  await expect(signedIn).toBeHidden();
  const sent: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/chat/completions')) sent.push(request.url());
  });
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  const refusal = panel.getByRole('alert').filter({ hasText: sentence });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Budget Used Up');
  expect(sent).toEqual([]);
  await refusal.scrollIntoViewIfNeeded();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/usage-budget-stopped-panel.png`);
});
