import { PANEL_TEXTS } from '@/extension/ui/panelTexts.ts';
import { expect, test } from './extension-support.ts';
import { ARTICLE, openPanel, seed } from './panel-setup.ts';
import { OPENAI_URL, STACK_URL } from './ports.ts';
import { errorScreens, shuffled, watchTour } from './tour-support.ts';

/**
 * The side panel used the way people use it, beside a real page: a prompt run and a chat, then
 * every tab in the panel's order and in three seeded random orders, in one panel. A tab that shows
 * an error screen, logs a console error, or leaves a failed request fails the tour.
 */

test.describe.configure({ timeout: 300_000 });

const TABS = Object.values(PANEL_TEXTS.tabs);

test('the side panel runs a prompt and a chat, then visits every tab in four orders without an error', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user } = await seed();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);
  const watch = watchTour(panel, [`chrome-extension://${extensionId}`, STACK_URL, OPENAI_URL]);

  // Each feature once: the prompt opened by the set-up runs; Chat asks about the page.
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  await expect(panel.getByTestId('run-output')).toContainText('Draft:', { timeout: 30_000 });
  await panel.getByRole('tab', { name: PANEL_TEXTS.tabs.chat }).click();
  const chat = panel.getByRole('main').getByRole('textbox', { name: 'Ask about this page' });
  await chat.fill('What is this page about?');
  await chat.press('Control+Enter');
  await expect(panel.getByRole('main').getByTestId('conversation-answer').last()).toContainText('About', { timeout: 30_000 });
  await watch.settled();
  expect(watch.take(), 'using the features').toEqual([]);

  const orders: [string, string[]][] = [
    ['the panel order', TABS],
    ...[5, 17, 29].map((seed): [string, string[]] => [`random order (seed ${seed})`, shuffled(TABS, seed)]),
  ];
  for (const [name, order] of orders) {
    for (const tab of order) {
      await panel.getByRole('tab', { name: tab }).click();
      await expect(panel.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await watch.settled();
      await expect(errorScreens(panel), `${name}: an error screen on ${tab}`).toHaveCount(0);
      expect(watch.take(), `${name}: ${tab}`).toEqual([]);
    }
  }
});
