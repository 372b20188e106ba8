import { test, type Page } from '@playwright/test';
import { IMAGE_TEXTS } from '@/shared/core/images/imageModels.ts';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { BUILDER_TEXTS } from '@/shared/core/workflows/builderTexts.ts';
import { RUN_VIEW_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { expect, lookAt, member } from './prompts-support.ts';
import { seenBy } from './providers-support.ts';
import { watchErrors } from './screens.ts';
import { signInAs } from './support.ts';

/**
 * A workflow with an image step, in Chromium against the strict OpenAI fake: built in the builder
 * (a prompt step, then an image step; a provider without image models is refused before saving),
 * run from the dashboard, its picture shown on the run page and on the reopened run, and kept in
 * the gallery.
 */

test.describe.configure({ timeout: 240_000 });

const stepInBuilder = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);
const stepOfRun = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n} · `) });
const naturalWidth = (img: ReturnType<Page['getByRole']>) => img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
const picturePosts = async () => (await seenBy('openai')).filter((r) => r.method === 'POST' && /images\/generations$/.test(r.path));

test('builds a prompt step then an image step, runs it, and shows the picture on the run page and in the gallery', async ({ page }) => {
  const errors = watchErrors(page);
  const { user, client } = await member();
  await signInAs(page, user);
  await page.goto('/workflows/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New workflow' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Poster');
  await stepInBuilder(page, 'step_1').getByRole('textbox', { name: BUILDER_TEXTS.prompt }).fill('A one-line poster idea about [topic].');

  await page.getByRole('button', { name: BUILDER_TEXTS.addImageStep }).click();
  const image = stepInBuilder(page, 'step_2');
  await expect(image.getByRole('combobox', { name: BUILDER_TEXTS.kind })).toHaveText(BUILDER_TEXTS.kindImage);
  await expect(image.getByRole('combobox', { name: BUILDER_TEXTS.imageModel })).toHaveText('gpt-image-1.5');
  await expect(image.getByText(BUILDER_TEXTS.imageHelp)).toBeVisible();
  // A picture has no chat model or knowledge base to choose.
  await expect(image.getByRole('textbox', { name: BUILDER_TEXTS.modelOverride })).toHaveCount(0);
  await image.getByRole('textbox', { name: BUILDER_TEXTS.imageDescription }).fill('A bright poster: {{steps.step_1.output}}');

  // A provider without image models is refused before saving, with the pictures' own sentence.
  await image.getByRole('combobox', { name: BUILDER_TEXTS.imageProvider }).click();
  await page.getByRole('option', { name: /^Anthropic/ }).click();
  await expect(image.getByRole('alert')).toHaveText(IMAGE_TEXTS.unsupported('anthropic'));
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await image.getByRole('combobox', { name: BUILDER_TEXTS.imageProvider }).click();
  await page.getByRole('option', { name: 'OpenAI', exact: true }).click();
  await image.getByRole('combobox', { name: BUILDER_TEXTS.imageShape }).click();
  await page.getByRole('option', { name: 'Landscape' }).click();
  await expect(image.getByRole('alert')).toHaveCount(0);
  await image.scrollIntoViewIfNeeded();
  await lookAt(page, 'workflow-builder-image-step');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
  const { data: rows } = await client.from('workflows').select('id, definition');
  expect((rows![0]!.definition as { steps: { kind: string; image?: unknown }[] }).steps[1]).toMatchObject({
    kind: 'image',
    image: { provider: 'openai', model: 'gpt-image-1.5', shape: 'landscape' },
  });

  await page.goto(`/workflows/${rows![0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Poster' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'topic' }).fill('spring tea');
  const before = (await picturePosts()).length;
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByTestId('workflow-progress')).toHaveText('Step 2 of 2 · Finished', { timeout: 60_000 });
  expect((await picturePosts()).length).toBe(before + 1);

  const card = stepOfRun(page, 2);
  const description = (await card.getByRole('img').getAttribute('alt')) ?? '';
  expect(description).toMatch(/^A bright poster: .*spring tea/s);
  await expect.poll(() => naturalWidth(card.getByRole('img'))).toBeGreaterThan(0);
  await expect(card).toContainText('A picture was made from this description');
  await card.scrollIntoViewIfNeeded();
  await lookAt(page, 'workflow-run-image-step');

  // The reopened run shows it too.
  const history = page.getByTestId('workflow-history-row');
  await history.first().getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Run of Poster' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => naturalWidth(stepOfRun(page, 2).getByRole('img', { name: description }))).toBeGreaterThan(0);

  // And the gallery keeps it.
  await stepOfRun(page, 2).getByRole('link', { name: RUN_VIEW_TEXTS.pictureInGallery }).click();
  await expect(page).toHaveURL(ROUTES.imageGallery);
  await expect(page.getByRole('heading', { level: 1, name: PICTURE_TEXTS.galleryTitle })).toBeVisible();
  const tile = page.getByRole('list', { name: 'Pictures' }).getByRole('listitem');
  await expect(tile).toHaveCount(1);
  await expect.poll(() => naturalWidth(tile.getByRole('img', { name: description }))).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
