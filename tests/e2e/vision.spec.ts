import { test, type Page } from '@playwright/test';
import * as lib from '@/shared/data/promptLibrary/library.ts';
import { readImage, parseDataUrl } from '../fixtures/fake-providers/images.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, member } from './prompts-support.ts';
import { accountWith, chooseProvider, seenBy } from './providers-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * Vision on the dashboard's run page, in Chromium against the strict fakes: an uploaded image is
 * scaled on the client and reaches the fake OpenAI as an image_url part it reads; with a model
 * that cannot read images, one sentence says so and nothing is sent.
 */

test.describe.configure({ timeout: 180_000 });

const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const runButton = (page: Page) => page.getByRole('button', { name: /^(Run prompt|Run again)$/ });
const model = (page: Page) => page.getByRole('combobox', { name: 'Model' });

/** A PNG drawn by the browser's own canvas (a wide banner, larger than every provider's edge). */
async function bannerPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1d4ed8';
      context.fillRect(0, 0, w!, h!);
      context.fillStyle = '#fff';
      context.font = '160px sans-serif';
      context.fillText('Spring sale: 30% off', 80, h! / 2);
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function fillHeadlinePrompt(page: Page) {
  await page.getByLabel('What is the product or service?').fill('AI Vault');
  await page.getByLabel('Who is the target audience?').fill('course creators');
  await page.getByLabel('What is the main benefit?').fill('one place for every prompt');
}

/**
 * A test's own chat requests to a fake, told by a phrase of its prompt: the fakes are shared with
 * the tests running beside this one.
 */
const chatPosts = async (provider: Parameters<typeof seenBy>[0], phrase: string) =>
  (await seenBy(provider)).filter(
    (r) =>
      r.method === 'POST' && /chat\/completions$/.test(r.path) && JSON.stringify((r as { body?: unknown }).body ?? '').includes(phrase),
  );
/** The headline prompt's benefit (fillHeadlinePrompt), in every request of the tests that use it. */
const HEADLINE = 'one place for every prompt';

test('an uploaded image goes to the fake OpenAI as an image_url part, scaled to fit; removed by keyboard', async ({ page }) => {
  const errors = watchErrors(page);
  const { user } = await member();
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  await expect(model(page)).toHaveValue('gpt-6.1-terra', { timeout: 30_000 });
  await fillHeadlinePrompt(page);

  const images = page.getByRole('region', { name: 'Images' });
  await expect(images.getByText(/PNG, JPEG, WebP or GIF up to 20 MB/)).toBeVisible();
  // A file that is not an image is refused with a sentence.
  await page
    .locator('input[type=file][accept^="image/"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(images.getByRole('alert')).toHaveText('notes.txt is not a PNG, JPEG, WebP or GIF image.');

  const banner = await bannerPng(page, 3200, 800);
  await page.locator('input[type=file][accept^="image/"]').setInputFiles([
    { name: 'banner.png', mimeType: 'image/png', buffer: banner },
    { name: 'second.png', mimeType: 'image/png', buffer: banner },
  ]);
  const thumbs = images.getByRole('list', { name: 'Attached images' }).getByRole('listitem');
  await expect(thumbs).toHaveCount(2);
  // Scaled on the client to the longest edge every provider takes (1568 px).
  await expect(thumbs.first().getByRole('img')).toHaveAttribute('alt', 'banner.png, 1568×392');

  // The remove button is reachable and works from the keyboard.
  await images.getByRole('button', { name: 'Remove second.png' }).focus();
  await page.keyboard.press('Enter');
  await expect(thumbs).toHaveCount(1);
  await images.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/vision-run-attached.png`, fullPage: true });

  const before = (await chatPosts('openai', HEADLINE)).length;
  await runButton(page).click();
  await expect(output(page).getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  const sent = (await chatPosts('openai', HEADLINE)).slice(before) as unknown as {
    body: { messages: { role: string; content: unknown }[] };
  }[];
  expect(sent).toHaveLength(1);
  const content = sent[0]!.body.messages.at(-1)!.content as { type: string; text?: string; image_url?: { url: string } }[];
  expect(content.map((part) => part.type)).toEqual(['text', 'image_url']);
  expect(content[0]!.text).toMatch(/^Write 10 catchy ad headlines for AI Vault/);
  const data = parseDataUrl(content[1]!.image_url!.url)!;
  expect(readImage(data.mediaType, data.base64)).toMatchObject({ declared: 'image/png', actual: 'image/png', width: 1568, height: 392 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/vision-run-answered.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test('a model that cannot read images: one sentence, and no request reaches the provider', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await accountWith('ai21');
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  await chooseProvider(page, page, 'ai21');
  await fillHeadlinePrompt(page);
  await page
    .locator('input[type=file][accept^="image/"]')
    .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: await bannerPng(page, 600, 400) });
  const chosen = await model(page).inputValue();
  const sentence = `AI21's ${chosen} cannot read images. Choose a model that can, such as gpt-6.1-terra or claude-sonnet-5-5.`;
  const images = page.getByRole('region', { name: 'Images' });
  await expect(images.getByRole('alert')).toHaveText(sentence);
  const before = (await chatPosts('ai21', HEADLINE)).length;
  await runButton(page).click();
  await expect(output(page).getByText('Done', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'cannot read images' })).toHaveCount(1);
  expect((await chatPosts('ai21', HEADLINE)).length).toBe(before);
  await images.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/vision-run-refused.png`, fullPage: true });
  // Removing the image lets the same model run.
  await images.getByRole('button', { name: 'Remove ad.png' }).click();
  await expect(images.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a saved prompt with {{screenshot}} asks for an image on the dashboard, then sends it with the prompt', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  const saved = await lib.createPrompt(client, {
    name: 'Critique this landing page',
    promptText: 'Critique this landing page: {{screenshot}}',
    folderId: null,
  });
  expect(saved.error).toBeNull();
  await signInAs(page, user);
  await page.goto(`/run-prompt/${saved.data!.id}`);
  await expect(model(page)).toHaveValue('gpt-6.1-terra', { timeout: 30_000 });
  await expect(page.getByLabel('Prompt to send')).toHaveValue('Critique this landing page: (the screenshot of the page, attached)');
  const before = (await chatPosts('openai', 'Critique this landing page: (the screenshot of the page, attached)')).length;
  await runButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'screenshot' })).toHaveText(
    'This prompt reads a screenshot of a page: attach one (the side panel captures the tab by itself).',
  );
  expect((await chatPosts('openai', 'Critique this landing page: (the screenshot of the page, attached)')).length).toBe(before);
  await page
    .locator('input[type=file][accept^="image/"]')
    .setInputFiles({ name: 'landing.png', mimeType: 'image/png', buffer: await bannerPng(page, 1200, 900) });
  await runButton(page).click();
  await expect(output(page).getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  const sent = (await chatPosts('openai', 'Critique this landing page: (the screenshot of the page, attached)')).slice(
    before,
  ) as unknown as {
    body: { messages: { content: unknown }[] };
  }[];
  expect(sent).toHaveLength(1);
  const content = sent[0]!.body.messages.at(-1)!.content as { type: string; text?: string }[];
  expect(content).toEqual([
    { type: 'text', text: 'Critique this landing page: (the screenshot of the page, attached)' },
    { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } },
  ]);
  expect(errors).toEqual([]);
});

test('an image over 5 MB at its size is re-encoded smaller on the client until it fits', async ({ page }) => {
  const { user } = await member();
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  await expect(model(page)).toHaveValue('gpt-6.1-terra', { timeout: 30_000 });
  // Random pixels barely compress: a 1500×1500 PNG of noise is about 9 MB.
  const noise = Buffer.from(
    (
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 1500;
        canvas.height = 1500;
        const context = canvas.getContext('2d')!;
        const pixels = context.createImageData(1500, 1500);
        for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
        context.putImageData(pixels, 0, 0);
        return canvas.toDataURL('image/png');
      })
    ).split(',')[1]!,
    'base64',
  );
  expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
  await page.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: noise });
  const thumb = page.getByRole('region', { name: 'Images' }).getByRole('listitem').getByRole('img');
  await expect(thumb).toHaveAttribute('alt', /^noise\.png, \d+×\d+$/);
  const src = (await thumb.getAttribute('src'))!;
  const data = parseDataUrl(src)!;
  const image = readImage(data.mediaType, data.base64)!;
  // Sent as JPEG once PNG could not fit, within every provider's 5 MB.
  expect(image.actual).toBe('image/jpeg');
  expect(image.bytes).toBeLessThanOrEqual(5 * 1024 * 1024);
});
