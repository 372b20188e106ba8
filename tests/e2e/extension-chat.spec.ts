import type { Locator, Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, screenshotPanel, test } from './extension-support.ts';
import { ARTICLE, fitsWidth, openPanel, PANEL, SECOND_PAGE, SECOND_TITLE, seed, TITLE } from './panel-setup.ts';
import { seriousViolations } from './screens.ts';

/**
 * Conversations in the side panel, against the fake AI provider (its answers say which page, if
 * any, was sent with the question): follow-ups after a prompt run, Chat about the page beside the
 * panel (the page as a removable chip, the prompt when the active tab changes), Insert into page
 * from any answer, and the stored conversations in the panel's History, reopened and continued.
 */

const notice = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

test.describe.configure({ timeout: 120_000 });

const answersIn = (scope: Locator) => scope.getByTestId('conversation-answer');

test('a prompt run in the panel is followed up: streamed, stopped, regenerated, edited, copied, saved, inserted, and stored', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user, client } = await seed();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  await expect(panel.getByTestId('run-output').getByRole('heading', { name: `Draft: A headline for ${TITLE}` })).toBeVisible();

  const followUps = panel.getByRole('region', { name: 'Follow up' });
  const box = followUps.getByRole('textbox', { name: 'Ask a follow-up' });
  await box.fill('Make it shorter');
  await box.press('Control+Enter');
  await expect(answersIn(followUps).first()).toContainText('Follow-up: Make it shorter');
  await expect(answersIn(followUps).first()).toContainText('2 earlier messages');
  await fitsWidth(panel);

  // Stop a slow answer; what was written is kept, marked as stopped.
  await box.fill('Now a long version [[fake:slow]]');
  await followUps.getByRole('button', { name: 'Send' }).click();
  await expect(followUps.getByText('Follow-up: Now a long version')).toBeVisible({ timeout: 20_000 });
  await followUps.getByRole('button', { name: 'Stop' }).click();
  await expect(followUps.getByText('stopped before the end')).toBeVisible();

  // Regenerate the last answer, then edit the last question and resend.
  await followUps.getByRole('button', { name: 'Regenerate' }).click();
  await expect(followUps.getByText('stopped before the end')).toHaveCount(0, { timeout: 30_000 });
  await followUps.getByRole('button', { name: 'Edit' }).click();
  await followUps.getByRole('textbox', { name: 'Edit' }).fill('Make it punchier');
  await followUps.getByRole('button', { name: 'Save and resend' }).click();
  await expect(answersIn(followUps).last()).toContainText('Follow-up: Make it punchier');
  await expect(answersIn(followUps)).toHaveCount(2);

  // Every answer has the panel's actions: Copy, Insert into page, Save as document.
  const last = answersIn(followUps).last();
  await last.getByRole('button', { name: 'Copy' }).click();
  await expect(notice(panel)).toContainText('Copied to clipboard');
  await web.locator('#notes').click();
  await web.locator('#notes').press('End');
  await last.getByRole('button', { name: 'Insert into page' }).click();
  await expect(web.locator('#notes')).toHaveValue(/^Draft: ## Follow-up: Make it punchier/);
  await last.getByRole('button', { name: 'Save as document' }).click();
  await expect(notice(panel)).toContainText('Document Saved');
  // Each answer written here says what it cost, under it.
  await expect(last.getByTestId('usage-line')).toHaveText(/^\d[\d,]* tokens in · \d[\d,]* out · <?\$\d[\d.,]*$/);
  await expect(answersIn(followUps).first().getByTestId('usage-line')).toBeVisible();
  await fitsWidth(panel);
  await last.screenshot({ path: `${SCREENSHOT_DIR}/usage-cost-line-panel-chat.png` });
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-follow-ups.png`);
  // The visible part as drawn (a full-page capture of the panel lays it out without its scrollbar).
  await followUps.getByRole('button', { name: 'Send' }).scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/ext-panel-follow-ups-view.png` });

  // Stored as one conversation started from the run: its prompt, its answer, then the follow-ups.
  const stored = await client
    .from('conversations')
    .select('id, source, title, prompt_run_id, conversation_messages(position, role, content)');
  expect(stored.data).toHaveLength(1);
  expect(stored.data![0]).toMatchObject({ source: 'run', title: 'Title idea' });
  const messages = [...stored.data![0]!.conversation_messages].sort((a, b) => a.position - b.position);
  expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  expect(messages[0]!.content).toBe(`A headline for ${TITLE}`);
  expect(messages[4]!.content).toBe('Make it punchier');
  expect(await seriousViolations(panel)).toEqual([]);
  // The ledger: the run, then one row per follow-up answer (the first, the stopped one, the
  // regenerated, the edited), each on the conversation (the first once it was created).
  await expect
    .poll(
      async () =>
        (await client.from('usage_events').select('feature, surface, subject_kind, subject_id, outcome').order('created_at')).data,
    )
    .toEqual([
      { feature: 'run', surface: 'panel', subject_kind: 'prompt_run', subject_id: expect.any(String), outcome: 'done' },
      ...['done', 'stopped', 'done', 'done'].map((outcome) => ({
        feature: 'follow_up',
        surface: 'panel',
        subject_kind: 'conversation',
        subject_id: stored.data![0]!.id,
        outcome,
      })),
    ]);

  // The panel's History lists it next to the runs: search, rename, open to go on in Chat, delete.
  await panel.getByRole('tab', { name: 'History' }).click();
  const main = panel.getByRole('main');
  await main.getByRole('button', { name: 'Conversations' }).click();
  const list = main.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('button', { name: 'Open Title idea' })).toBeVisible();
  await expect(list).toContainText('6 messages');
  await main.getByLabel('Search conversations').fill('punchier');
  await expect(list.getByRole('button', { name: 'Open Title idea' })).toBeVisible();
  await main.getByLabel('Search conversations').fill('no such words');
  await expect(main.getByText('No conversation matches your search.')).toBeVisible();
  await main.getByLabel('Search conversations').fill('');
  await list.getByRole('button', { name: 'Rename Title idea' }).click();
  await panel.getByRole('dialog').getByLabel('Title').fill('Headline chat');
  await panel.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(notice(panel)).toContainText('Conversation renamed');
  await expect(list.getByRole('button', { name: 'Open Headline chat' })).toBeVisible();
  await fitsWidth(panel);
  expect(await seriousViolations(panel)).toEqual([]);
  await web.bringToFront();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-history-conversations.png`);

  await list.getByRole('button', { name: 'Open Headline chat' }).click();
  await expect(panel.getByRole('tab', { name: 'Chat', selected: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Headline chat' })).toBeVisible();
  await expect(main.getByTestId('conversation-question')).toHaveCount(3);
  await expect(main.getByTestId('page-chip')).toHaveCount(0);
  const box2 = main.getByRole('textbox', { name: 'Ask anything' });
  await box2.fill('One more, in French');
  await box2.press('Control+Enter');
  await expect(answersIn(main).last()).toContainText('Follow-up: One more, in French');
  await expect(answersIn(main).last()).toContainText('6 earlier messages');
  await expect
    .poll(async () => (await client.from('conversation_messages').select('id')).data?.length, { message: 'the new turns are stored' })
    .toBe(8);

  await panel.getByRole('tab', { name: 'History' }).click();
  await main.getByRole('button', { name: 'Conversations' }).click();
  await expect(list).toContainText('8 messages');
  await list.getByRole('button', { name: 'Delete Headline chat' }).click();
  await panel.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(notice(panel)).toContainText('Conversation deleted');
  await expect(main.getByText('No conversations yet.', { exact: false })).toBeVisible();
  expect((await client.from('conversations').select('id')).data).toEqual([]);
});

test('Chat about the page: the page goes with the question, the tab-change prompt (keep / start new), the chip removed with the keyboard, Insert into page', async ({
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
  await panel.getByRole('tab', { name: 'Chat' }).click();
  const main = panel.getByRole('main');
  const chip = main.getByTestId('page-chip');
  await expect(chip).toHaveText(TITLE);
  await expect(chip).toHaveAccessibleName(`Page: ${TITLE}. Press Delete to chat without it.`);

  // The answer shows the page was sent with the question: its title, address and text.
  const ask = async (label: string, question: string) => {
    const box = main.getByRole('textbox', { name: label });
    await box.fill(question);
    await box.press('Control+Enter');
    await expect(main.getByTestId('conversation-question').last()).toContainText(question);
    await expect(main.getByRole('button', { name: 'Send' })).toBeEnabled();
    return answersIn(main).last();
  };
  let reply = await ask('Ask about this page', 'What should I charge?');
  await expect(reply).toContainText(`About "${TITLE}"`);
  await expect(reply).toContainText(`The page (${ARTICLE}) starts:`);
  await expect(reply).toContainText('Price your course');
  await expect(main.getByRole('heading', { level: 2, name: 'What should I charge?' })).toBeVisible();
  await fitsWidth(panel);
  expect(await seriousViolations(panel)).toEqual([]);
  await web.bringToFront();
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-chat.png`);

  // Insert into page from the chat's answer.
  await web.locator('#notes').click();
  await web.locator('#notes').press('End');
  await reply.getByRole('button', { name: 'Insert into page' }).click();
  await expect(web.locator('#notes')).toHaveValue(new RegExp(`^Draft: ## About "${TITLE}"`));

  // Another tab comes to the front while the chat has turns: keep the old context or start anew.
  const other = await context.newPage();
  await other.goto(SECOND_PAGE);
  await other.bringToFront();
  const moved = main.getByTestId('page-moved');
  await expect(moved).toContainText('You moved to another page');
  await expect(moved).toContainText(`“${SECOND_TITLE}” is now beside the panel. This chat is about “${TITLE}”.`);
  await fitsWidth(panel);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-chat-tab-changed.png`);
  // The narrowest panel: nothing scrolls sideways, every view's tab is whole.
  await panel.setViewportSize({ width: 360, height: 800 });
  await fitsWidth(panel);
  const settingsTab = await panel.getByRole('tab', { name: 'Settings' }).boundingBox();
  expect(settingsTab!.x + settingsTab!.width).toBeLessThanOrEqual(await panel.evaluate(() => document.documentElement.clientWidth));
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/ext-panel-chat-tab-changed-360.png` });
  await panel.setViewportSize(PANEL);
  await moved.getByRole('button', { name: 'Keep the old context' }).click();
  await expect(moved).toHaveCount(0);
  await expect(chip).toHaveText(TITLE);
  reply = await ask('Ask about this page', 'And the tiers?');
  await expect(reply).toContainText(`About "${TITLE}"`);
  await expect(reply).toContainText('2 earlier messages of this chat were in view');

  // The tab goes to another address: asked again; a new chat follows the page beside the panel.
  await other.goto(`${SECOND_PAGE}?from=chat`);
  await expect(moved).toBeVisible();
  await moved.getByRole('button', { name: 'Start a new chat' }).click();
  await expect(moved).toHaveCount(0);
  await expect(answersIn(main)).toHaveCount(0);
  await expect(chip).toHaveText(SECOND_TITLE);
  // With no question yet, the chip just follows the active tab.
  await web.bringToFront();
  await expect(chip).toHaveText(TITLE);
  await other.bringToFront();
  await expect(chip).toHaveText(SECOND_TITLE);
  await expect(moved).toHaveCount(0);
  reply = await ask('Ask about this page', 'Is this a good subject line?');
  await expect(reply).toContainText(`About "${SECOND_TITLE}"`);
  await expect(reply).toContainText('Open with the one change');
  await expect(reply).toContainText('0 earlier messages');

  // The chip removed with the keyboard: the next answer has no page.
  await chip.focus();
  await chip.press('Delete');
  await expect(chip).toHaveCount(0);
  await expect(main.getByText('Chatting without a page: answers do not see the page.')).toBeVisible();
  reply = await ask('Ask anything', 'Thanks, one more idea?');
  await expect(reply).toContainText('Follow-up: Thanks, one more idea?');
  await expect(reply).not.toContainText('About "');

  // Both chats are stored as page chats, each with the page it started with (its text bounded).
  const stored = await client.from('conversations').select('source, context, title').order('created_at');
  expect(stored.data).toEqual([
    expect.objectContaining({
      source: 'page',
      title: 'What should I charge?',
      context: expect.objectContaining({ url: ARTICLE, title: TITLE }),
    }),
    expect.objectContaining({
      source: 'page',
      title: 'Is this a good subject line?',
      context: expect.objectContaining({ url: `${SECOND_PAGE}?from=chat`, title: SECOND_TITLE }),
    }),
  ]);
  const text = (stored.data![0]!.context as { text: string }).text;
  expect(text).toContain('Price your course');
  expect(text.length).toBeLessThanOrEqual(20_000);
});

test('a prompt run in the panel grounded in the knowledge base cites its source, which opens its document', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user, client } = await seed();
  const added = await client
    .from('kb_documents')
    .insert({ name: 'Course pricing notes', type: 'text', content: 'Price an online course at $149 for the launch week headline.' });
  expect(added.error).toBeNull();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);
  await panel.getByRole('combobox', { name: 'Knowledge base' }).click();
  await panel.getByRole('option', { name: 'All documents' }).click();
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  await expect(panel.getByTestId('run-output')).toContainText('From your knowledge base: Course pricing notes [1].', { timeout: 30_000 });
  await expect(panel.getByText(/^Grounded in 1 passage from your knowledge base\.$/)).toBeVisible();
  const sources = panel.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveCount(1);
  await sources.getByRole('button', { name: 'Course pricing notes' }).click();
  await expect(panel.getByRole('dialog', { name: 'Course pricing notes' }).locator('mark')).toContainText('$149');
  await panel.getByRole('dialog', { name: 'Course pricing notes' }).getByRole('button', { name: 'Close' }).click();
  await fitsWidth(panel);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-run-grounded.png`);
  expect(await seriousViolations(panel)).toEqual([]);
});

test('Chat grounded in the knowledge base: the passages go with the question, not into its bubble; the answer’s sources are listed', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user, client } = await seed();
  const added = await client
    .from('kb_documents')
    .insert({ name: 'Course pricing notes', type: 'text', content: 'Charge $149 for the course during launch week.' });
  expect(added.error).toBeNull();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);
  await panel.getByRole('button', { name: 'Back to your prompts' }).click();
  await panel.getByRole('tab', { name: 'Chat' }).click();
  const main = panel.getByRole('main');
  await main.getByRole('combobox', { name: 'Knowledge base' }).click();
  await panel.getByRole('option', { name: 'All documents' }).click();

  const box = main.getByRole('textbox', { name: 'Ask about this page' });
  await box.fill('What should I charge for the course?');
  await box.press('Control+Enter');
  const reply = answersIn(main).last();
  await expect(reply).toContainText(`About "${TITLE}"`, { timeout: 30_000 });
  await expect(reply).toContainText('From your knowledge base: Course pricing notes [1].');
  await expect(main.getByTestId('conversation-question').last()).toHaveText(/What should I charge for the course\?/);
  await expect(main.getByTestId('conversation-question').last()).not.toContainText('Sources:');
  const sources = main.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveCount(1);
  await expect(sources).toContainText('Charge $149 for the course during launch week.');

  // The stored question is the user's own words; the sources went only to the model.
  await expect
    .poll(async () => (await client.from('conversation_messages').select('content').eq('position', 0).maybeSingle()).data?.content)
    .toBe('What should I charge for the course?');
  await fitsWidth(panel);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-chat-grounded.png`);
  expect(await seriousViolations(panel)).toEqual([]);
});
