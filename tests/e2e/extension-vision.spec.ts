import type { Locator, Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, screenshotPanel, test } from './extension-support.ts';
import { ARTICLE, fitsWidth, openPanel, seed } from './panel-setup.ts';
import { seenBy } from './providers-support.ts';
import { seriousViolations } from './screens.ts';
import { parseDataUrl, readImage } from '../fixtures/fake-providers/images.ts';
import type { VirtualDisplay } from './xvfb.ts';

/**
 * Vision in the side panel beside tests/fixtures/pages/article.html, with the unpacked extension
 * in Chromium and the strict OpenAI fake: a prompt with {{screenshot}} captures the visible tab when
 * it runs and the fake reads the PNG it was sent; "Capture visible tab" attaches it by hand, with a
 * thumbnail removed from the keyboard; a model that cannot read images is refused in one sentence
 * before any request.
 */

test.describe.configure({ timeout: 120_000 });

const CRITIQUE = 'Critique this landing page: {{screenshot}}';

/**
 * Clicks `button`, which asks the browser for a permission, and answers its prompt with Allow (Tab,
 * Enter), as extension-support.ts' answerSiteAccessPrompt does for "Read this page": the prompt is
 * up once a harmless key (Shift) no longer reaches the panel.
 */
async function allowInBrowserPrompt(panel: Page, keyboard: VirtualDisplay, button: Locator): Promise<void> {
  type Probe = { aiVaultKeys?: number };
  await panel.evaluate(() => {
    const probe = window as unknown as Probe;
    if (probe.aiVaultKeys !== undefined) return;
    probe.aiVaultKeys = 0;
    window.addEventListener('keydown', () => (probe.aiVaultKeys! += 1), true);
  });
  await button.click();
  await expect
    .poll(
      async () => {
        const before = await panel.evaluate(() => (window as unknown as Probe).aiVaultKeys!);
        await keyboard.press('shift');
        const reached = await panel
          .waitForFunction((count) => (window as unknown as Probe).aiVaultKeys! > count, before, { timeout: 3_000 })
          .then(() => true)
          .catch(() => false);
        return reached ? 'the panel still has the keyboard' : 'the prompt has the keyboard';
      },
      { message: 'the permission prompt opened', timeout: 30_000, intervals: [250] },
    )
    .toBe('the prompt has the keyboard');
  await keyboard.press('Tab', 'Return');
}

/** Whether a request's last message (text, or text and image parts) contains `marker`. */
const lastMessageHas = (post: { body: { messages: { content: unknown }[] } }, marker: string): boolean =>
  JSON.stringify(post.body.messages.at(-1)?.content ?? '').includes(marker);

const chatPosts = async () =>
  (await seenBy('openai')).filter((r) => r.method === 'POST' && /chat\/completions$/.test(r.path)) as unknown as {
    body: { model: string; messages: { role: string; content: unknown }[] };
  }[];

test('{{screenshot}} captures the tab at run time; Capture visible tab attaches it; a text-only model is refused first', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const { user, client } = await seed();
  const added = await client
    .from('saved_prompts')
    .insert({ name: 'Critique this landing page', prompt_text: CRITIQUE, llm_provider: 'openai' });
  expect(added.error).toBeNull();
  const web = await context.newPage();
  await web.goto(ARTICLE);
  const panel = await openPanel({ context, cdp, extensionId, keyboard }, web, user);

  // By hand: Capture visible tab. Access to the page's site is not enough for Chrome's capture
  // (activeTab or every site): the panel says so and asks the browser; Allow, and it captures.
  const images = panel.getByRole('region', { name: 'Images' });
  await images.getByRole('button', { name: 'Capture visible tab' }).click();
  await expect(images.getByRole('alert')).toContainText('The browser lets AI Vault capture a tab only after you opened the panel');
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-capture-access.png`);
  await allowInBrowserPrompt(panel, keyboard, images.getByRole('button', { name: 'Allow capturing tabs' }));
  const thumbs = images.getByRole('list', { name: 'Attached images' }).getByRole('listitem');
  await expect(thumbs).toHaveCount(1);
  await expect(thumbs.first().getByRole('img')).toHaveAttribute('alt', /^Screenshot of How to price an online course, \d+×\d+$/);
  const [, shotWidth, shotHeight] = /(\d+)×(\d+)$/.exec((await thumbs.first().getByRole('img').getAttribute('alt'))!)!.map(Number);
  expect(await seriousViolations(panel)).toEqual([]);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-captured.png`);
  await images.getByRole('button', { name: /^Remove Screenshot of/ }).focus();
  await panel.keyboard.press('Enter');
  await expect(thumbs).toHaveCount(0);

  // Select an area: a layer over the page, a drag of 300×200 CSS pixels, the area cut from the capture.
  await images.getByRole('button', { name: 'Select an area' }).click();
  await expect(images.getByRole('status')).toHaveText('Drag over the page beside the panel; Escape cancels.');
  const layer = web.locator('[data-ai-vault-region]');
  await expect(layer).toBeVisible();
  await web.bringToFront();
  await web.mouse.move(100, 120);
  await web.mouse.down();
  await web.mouse.move(250, 220, { steps: 4 });
  await web.mouse.move(400, 320, { steps: 4 });
  await web.mouse.up();
  await expect(layer).toHaveCount(0);
  await expect(thumbs).toHaveCount(1);
  const area = (await thumbs.first().getByRole('img').getAttribute('alt'))!;
  const [, areaWidth, areaHeight] = /^Area of How to price an online course, (\d+)×(\d+)$/.exec(area)!.map(Number);
  // CSS pixels scale to the capture's by its size over the viewport's (each axis: under test the
  // page's viewport is emulated, so the two axes may differ).
  const view = await web.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(Math.abs(areaWidth! - (300 * shotWidth!) / view.width)).toBeLessThanOrEqual(2);
  expect(Math.abs(areaHeight! - (200 * shotHeight!) / view.height)).toBeLessThanOrEqual(2);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-area.png`);
  await images.getByRole('button', { name: /^Remove Area of/ }).click();
  await expect(thumbs).toHaveCount(0);
  // Escape cancels: nothing is attached.
  await images.getByRole('button', { name: 'Select an area' }).click();
  await expect(layer).toBeVisible();
  await web.keyboard.press('Escape');
  await expect(layer).toHaveCount(0);
  await expect(images.getByRole('status')).toHaveCount(0);
  await expect(thumbs).toHaveCount(0);

  // {{screenshot}}: no field; the tab is captured when the prompt runs.
  await panel.getByRole('button', { name: 'Back to your prompts' }).click();
  await panel.getByRole('button', { name: /^Critique this landing page/ }).click();
  await expect(panel.getByText('This prompt sends a screenshot of the visible tab, captured when it runs.')).toBeVisible();
  await expect(panel.getByLabel('Model')).toHaveValue('gpt-6.1-terra');
  const before = (await chatPosts()).length;
  await panel.getByRole('button', { name: 'Run prompt' }).click();
  await expect(panel.getByRole('region', { name: 'Output' }).getByTestId('usage-line')).toBeVisible({ timeout: 30_000 });
  // Other tests share the fake provider: this run's request is the one carrying its prompt.
  const sent = (await chatPosts()).slice(before).filter((post) => lastMessageHas(post, 'Critique this landing page'));
  expect(sent).toHaveLength(1);
  const content = sent[0]!.body.messages.at(-1)!.content as { type: string; text?: string; image_url?: { url: string } }[];
  expect(content.map((part) => part.type)).toEqual(['text', 'image_url']);
  expect(content[0]!.text).toBe('Critique this landing page: (the screenshot of the page, attached)');
  const data = parseDataUrl(content[1]!.image_url!.url)!;
  const image = readImage(data.mediaType, data.base64)!;
  expect(image).toMatchObject({ declared: 'image/png', actual: 'image/png' });
  // The same visible tab as the capture by hand (scaled only when its longest edge is over 1568 px).
  expect(Math.max(image.width!, image.height!)).toBeLessThanOrEqual(1568);
  expect([image.width, image.height]).toEqual([shotWidth, shotHeight]);
  expect(shotWidth! * shotHeight!).toBeGreaterThan(300 * 300);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-answered.png`);

  // A model without image input: one sentence, no capture sent, no request.
  await panel.getByLabel('Model').fill('gpt-3.5-turbo');
  const refusedBefore = (await chatPosts()).length;
  await panel.getByRole('button', { name: 'Run again' }).click();
  await expect(panel.getByRole('alert').filter({ hasText: 'cannot read images' })).toHaveText(
    'gpt-3.5-turbo cannot read images. Choose a model that can, such as gpt-6.1-terra, gpt-6-luna or claude-sonnet-5-5.',
  );
  expect((await chatPosts()).length).toBe(refusedBefore);
  await fitsWidth(panel);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-refused.png`);
  await panel.getByLabel('Model').fill('gpt-6.1-terra');

  // Chat: the captured tab goes with the next question only, then the box is empty of images.
  await panel.getByRole('button', { name: 'Back to your prompts' }).click();
  await panel.getByRole('tab', { name: 'Chat' }).click();
  const main = panel.getByRole('main');
  const chatImages = main.getByRole('region', { name: 'Images' });
  await chatImages.getByRole('button', { name: 'Capture visible tab' }).click();
  await expect(chatImages.getByRole('list', { name: 'Attached images' }).getByRole('listitem')).toHaveCount(1);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-chat.png`);
  const chatBefore = (await chatPosts()).length;
  const box = main.getByRole('textbox', { name: 'Ask about this page' });
  await box.fill('What does this page sell?');
  await box.press('Control+Enter');
  await expect(main.getByTestId('conversation-question').last()).toContainText('What does this page sell?');
  await expect(main.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  await expect(chatImages.getByRole('list', { name: 'Attached images' })).toHaveCount(0);
  const asked = (await chatPosts()).slice(chatBefore).filter((post) => lastMessageHas(post, 'What does this page sell?'));
  expect(asked).toHaveLength(1);
  const question = asked[0]!.body.messages.at(-1)!.content as { type: string; image_url?: { url: string } }[];
  expect(question.map((part) => part.type)).toEqual(['text', 'image_url']);
  const chatShot = parseDataUrl(question[1]!.image_url!.url)!;
  expect(readImage(chatShot.mediaType, chatShot.base64)).toMatchObject({ actual: 'image/png', width: shotWidth, height: shotHeight });
  // The image is kept with the question: shown under it from Storage, as History will show it.
  const kept = main.getByTestId('conversation-question').last().getByRole('img', { name: 'Image 1 asked about' });
  await expect.poll(() => kept.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBe(shotWidth);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-vision-chat-kept.png`);
});
