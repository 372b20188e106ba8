import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, screenshotPanel, test } from './extension-support.ts';
import { ARTICLE, fitsWidth, openPanel, seed, TITLE } from './panel-setup.ts';
import { seriousViolations } from './screens.ts';

/**
 * A workflow run from the side panel on the page beside it: a template's page variables come from
 * the tab, every step streams in the panel, and the run is kept with the panel as its origin.
 */

test.describe.configure({ timeout: 150_000 });

test('a template runs in the side panel on the current page, step by step, and is kept in the run history', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user, client } = await seed();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);
  await panel.getByRole('button', { name: 'Back to your prompts' }).click();
  await panel.getByRole('tab', { name: 'Workflows' }).click();
  const main = panel.getByRole('main');
  await expect(main.getByText('None yet.')).toBeVisible();
  await main.getByRole('button', { name: /^Product page → offer → launch e-mails/ }).click();
  await expect(main.getByRole('heading', { name: 'Product page → offer → launch e-mails' })).toBeVisible();
  // The page variables come from the tab beside the panel.
  await expect(main.getByLabel('Page title')).toHaveValue(TITLE);
  await expect(main.getByLabel('Page URL')).toHaveValue(ARTICLE);
  await main.getByRole('button', { name: 'Run workflow' }).click();

  await expect(main.getByTestId('workflow-progress')).toHaveText('Step 3 of 3 · Finished', { timeout: 60_000 });
  const first = main.getByRole('region', { name: 'Step 1 · product' });
  await expect(first).toContainText('Draft: From this product page, extract');
  await expect(main.getByRole('region', { name: 'Step 3 · emails' })).toContainText('Draft: Write a three-e-mail launch sequence');
  await expect(main.getByRole('heading', { name: 'Final output' })).toBeVisible();
  await fitsWidth(panel);
  expect(await seriousViolations(panel)).toEqual([]);
  await web.bringToFront();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-workflow-run.png`);
  // The narrowest panel: every tab, Workflows included, stays whole.
  await panel.setViewportSize({ width: 360, height: 800 });
  await fitsWidth(panel);
  const settingsTab = await panel.getByRole('tab', { name: 'Settings' }).boundingBox();
  expect(settingsTab!.x + settingsTab!.width).toBeLessThanOrEqual(await panel.evaluate(() => document.documentElement.clientWidth));
  // No tab's label is cut short.
  const clipped = await panel
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.filter((tab) => tab.scrollWidth > tab.clientWidth).map((tab) => tab.textContent));
  expect(clipped).toEqual([]);
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/ext-panel-workflow-run-360.png` });

  // Kept with every step, the page's values and the panel as where it ran.
  const runs = await client.from('workflow_runs').select('template_id, trigger, status, field_values, workflow_run_steps(status)');
  expect(runs.data).toHaveLength(1);
  expect(runs.data![0]).toMatchObject({ template_id: 'product-launch', trigger: 'panel', status: 'done' });
  expect((runs.data![0]!.field_values as Record<string, string>)['{{title}}']).toBe(TITLE);
  expect(runs.data![0]!.workflow_run_steps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
});
