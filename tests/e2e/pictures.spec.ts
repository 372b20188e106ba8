import { readFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { accountWith, seenBy } from './providers-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * The picture gallery under Documents, in Chromium against the strict image fakes: a picture made
 * with the user's OpenAI or Gemini key is kept, shown at its size, downloaded and deleted; the
 * estimate is shown before anything is sent, and the cost lands in Usage.
 */

test.describe.configure({ timeout: 180_000 });

const gallery = (page: Page) => page.getByRole('list', { name: 'Pictures' });
const maker = (page: Page) => page.getByRole('dialog', { name: PICTURE_TEXTS.makerTitle });
const naturalWidth = (img: ReturnType<Page['getByRole']>) => img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
/**
 * The picture requests a fake saw for this description: the fakes are shared with the tests
 * running beside this one, whose requests are told apart by their own descriptions.
 */
const imagePosts = async (provider: 'openai' | 'gemini', description: string) =>
  (await seenBy(provider)).filter(
    (r) =>
      r.method === 'POST' &&
      /images\/generations$|:generateContent$/.test(r.path) &&
      // Compared as JSON text: the description's quotes are escaped there.
      JSON.stringify((r as { body?: unknown }).body ?? '').includes(JSON.stringify(description).slice(1, -1)),
  );

test('makes a picture with OpenAI from the gallery, shows, downloads and deletes it; its cost is in Usage', async ({ page }) => {
  const errors = watchErrors(page);
  const { user } = await member();
  await signInAs(page, user);
  await page.goto(ROUTES.documentGenerator);
  await page.getByRole('link', { name: PICTURE_TEXTS.galleryLink }).click();
  await expect(page).toHaveURL(ROUTES.imageGallery);
  await expect(page.getByRole('heading', { level: 1, name: PICTURE_TEXTS.galleryTitle })).toBeVisible();
  await expect(page.getByText(PICTURE_TEXTS.galleryEmpty)).toBeVisible();

  await page.getByRole('button', { name: PICTURE_TEXTS.makerTitle }).click();
  const dialog = maker(page);
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.provider })).toHaveText('OpenAI');
  await expect(dialog.getByRole('button', { name: 'Make picture' })).toBeDisabled();
  const description = 'A calm desk with a laptop showing a pricing page, "Spring sale", warm morning light';
  await dialog.getByLabel(PICTURE_TEXTS.describe).fill(description);
  // The estimate comes before anything is sent: 1,056 output tokens at gpt-image-1.5's $32 per 1M.
  await expect(dialog.getByTestId('picture-estimate')).toHaveText('Estimate: about $0.03 for 1 picture on gpt-image-1.5.');
  const before = (await imagePosts('openai', description)).length;
  await lookAt(page, 'picture-maker');
  await dialog.getByRole('button', { name: 'Make picture' }).click();
  await expect(dialog.getByRole('status')).toHaveText(PICTURE_TEXTS.kept(1), { timeout: 60_000 });
  const made = dialog.getByRole('img', { name: description });
  await expect.poll(() => naturalWidth(made)).toBe(1024);
  expect((await imagePosts('openai', description)).length).toBe(before + 1);
  await dialog.getByRole('button', { name: PICTURE_TEXTS.close }).click();

  const tile = gallery(page).getByRole('listitem');
  await expect(tile).toHaveCount(1);
  await expect.poll(() => naturalWidth(tile.getByRole('img', { name: description }))).toBe(1024);
  await expect(tile).toContainText('gpt-image-1.5');
  await lookAt(page, 'picture-gallery');

  const [file] = await Promise.all([page.waitForEvent('download'), tile.getByRole('button', { name: PICTURE_TEXTS.download }).click()]);
  expect(file.suggestedFilename()).toMatch(/^picture-[0-9a-f]{8}\.png$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1024, 1024]);

  await tile.getByRole('button', { name: PICTURE_TEXTS.delete }).click();
  await page.getByRole('dialog', { name: PICTURE_TEXTS.deleteTitle }).getByRole('button', { name: PICTURE_TEXTS.delete }).click();
  await expect(page.getByText(PICTURE_TEXTS.galleryEmpty)).toBeVisible();

  // The batch is one row of the ledger, under Images.
  await page.goto(ROUTES.usage);
  await expect(page.getByRole('cell', { name: 'Images', exact: true }).first()).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('with a Gemini key the maker draws with Gemini, one request a picture, at the wide ratio', async ({ page }) => {
  const errors = watchErrors(page);
  await signInAs(page, await accountWith('gemini'));
  await page.goto(ROUTES.imageGallery);
  await page.getByRole('button', { name: PICTURE_TEXTS.makerTitle }).click();
  const dialog = maker(page);
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.provider })).toHaveText('Gemini');
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.model })).toHaveText('gemini-2.5-flash-image');
  // Gemini has one quality: no choice is offered.
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.quality })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: PICTURE_TEXTS.shape }).click();
  await page.getByRole('option', { name: 'Wide (16:9) (1344×768)' }).click();
  await dialog.getByRole('combobox', { name: PICTURE_TEXTS.count }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  const description = 'A banner of mountains at dawn for a newsletter';
  await dialog.getByLabel(PICTURE_TEXTS.describe).fill(description);
  await expect(dialog.getByTestId('picture-estimate')).toHaveText('Estimate: about $0.08 for 2 pictures on gemini-2.5-flash-image.');
  const before = (await imagePosts('gemini', description)).length;
  await dialog.getByRole('button', { name: 'Make 2 pictures' }).click();
  await expect(dialog.getByRole('status')).toHaveText(PICTURE_TEXTS.kept(2), { timeout: 60_000 });
  expect((await imagePosts('gemini', description)).length).toBe(before + 2);
  await dialog.getByRole('button', { name: PICTURE_TEXTS.close }).click();
  await expect(gallery(page).getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => naturalWidth(gallery(page).getByRole('img').first())).toBe(1344);
  expect(errors).toEqual([]);
});

test('without a key for the chosen provider the maker says so and sends nothing', async ({ page }) => {
  await signInAs(page, await accountWith('anthropic'));
  await page.goto(ROUTES.imageGallery);
  await page.getByRole('button', { name: PICTURE_TEXTS.makerTitle }).click();
  const dialog = maker(page);
  await dialog.getByLabel(PICTURE_TEXTS.describe).fill('A logo');
  await expect(dialog.getByText(PICTURE_TEXTS.noKey('OpenAI'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Make picture' })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: PICTURE_TEXTS.openSettings })).toHaveAttribute('href', ROUTES.settings);
});

test('a prompt’s answer becomes a picture’s description on the run page', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await page.goto('/run-prompt/fp1');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-6.1-terra', { timeout: 30_000 });
  await page.getByLabel('What is the product or service?').fill('AI Vault');
  await page.getByLabel('Who is the target audience?').fill('course creators');
  await page.getByLabel('What is the main benefit?').fill('one place for every prompt');
  await page.getByRole('button', { name: 'Run prompt' }).click();
  const fromAnswer = page.getByRole('button', { name: PICTURE_TEXTS.fromAnswer });
  await expect(fromAnswer).toBeVisible({ timeout: 30_000 });
  // The answer's first words start the description (the dialog hides the page from the accessibility tree).
  const answer = (await page.getByRole('region', { name: 'Output' }).innerText()).replace(/\s+/g, ' ');
  await fromAnswer.click();
  const dialog = maker(page);
  const description = (await dialog.getByLabel(PICTURE_TEXTS.describe).inputValue())
    .replace(/[*#>_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  expect(description.length).toBeGreaterThan(20);
  expect(answer).toContain(description.slice(0, 20));
  await dialog.getByRole('button', { name: 'Make picture' }).click();
  await expect(dialog.getByRole('status')).toHaveText(PICTURE_TEXTS.kept(1), { timeout: 60_000 });
  const { data } = await client.from('generated_images').select('purpose, width, height');
  expect(data).toEqual([{ purpose: 'run', width: 1024, height: 1024 }]);
  expect(errors).toEqual([]);
});
