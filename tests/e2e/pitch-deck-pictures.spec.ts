import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Download, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { slidePicturePrompt } from '@/shared/core/pitchDeck/prompts.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { lookAt } from './prompts-support.ts';
import { seenBy } from './providers-support.ts';
import { toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs, withOpenAiKey } from './support.ts';

/**
 * A picture on a pitch-deck slide (/pitch-deck), in Chromium against the strict fakes: the deck
 * written by the fake OpenAI-compatible provider ("<Kind>: <business>" titles), the picture drawn by
 * its Images API from the slide's own words, shown in the slide's preview, kept with the saved
 * deck, chosen again from the gallery for another slide, and inside the PPTX and PDF; a picture
 * deleted from the gallery, or whose file is missing, leaves the slide and the files without it.
 */

// The machine is shared and busy: AI answers, pictures and first page loads get room.
const expect = baseExpect.configure({ timeout: 30_000 });

const BUSINESS = 'Dog walking app';
const slideCards = (page: Page) => page.getByRole('list', { name: 'Slides' }).getByRole('listitem');
const titleField = (card: Locator) => card.getByRole('textbox', { name: 'Title' });
const maker = (page: Page) => page.getByRole('dialog', { name: PICTURE_TEXTS.makerTitle });
const naturalWidth = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
const imagePosts = async () => (await seenBy('openai')).filter((r) => r.method === 'POST' && /images\/generations$/.test(r.path)).length;

async function shoot(target: Locator, name: string) {
  await target.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: 'disabled' });
}

async function exportAs(page: Page, label: 'Export PPTX' | 'Export PDF'): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  return readFile((await (file as Download).path())!);
}

/** The user's one deck as its row has it. */
async function storedDeck(userId: string): Promise<{ id: string; slides: { title: string; imageId?: string }[] }> {
  const { data, error } = await serviceClient().from('pitch_decks').select('id, slides').eq('user_id', userId).single();
  if (error) throw new Error(error.message);
  return data as { id: string; slides: { title: string; imageId?: string }[] };
}

/** The slides (numbered as in the file) whose relationships point at a media file holding exactly `bytes`. */
async function slidesShowing(zip: JSZip, bytes: Uint8Array): Promise<number[]> {
  const media: string[] = [];
  for (const file of zip.file(/^ppt\/media\/.+\.png$/))
    if (Buffer.from(await file.async('uint8array')).equals(Buffer.from(bytes))) media.push(file.name.replace('ppt/', '../'));
  const slides: number[] = [];
  for (const rels of zip.file(/^ppt\/slides\/_rels\/slide\d+\.xml\.rels$/)) {
    const xml = await rels.async('string');
    if (media.some((name) => xml.includes(`Target="${name}"`))) slides.push(Number(/slide(\d+)\.xml\.rels$/.exec(rels.name)![1]));
  }
  return slides.sort((a, b) => a - b);
}

test('makes a picture for a slide from its words, shows it, keeps it with the saved deck, reuses it on another slide, and exports it', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);
  await page.goto(ROUTES.pitchDeck);
  await expect(page.getByRole('radio', { name: 'My own description' })).toBeChecked({ timeout: 45_000 });
  await expect(page.getByLabel('Model')).toHaveValue('gpt-6.1-terra');
  await page.getByRole('textbox', { name: 'Describe the business' }).fill(`${BUSINESS}\nFor busy owners in Berlin.`);
  await page.getByRole('button', { name: 'Generate deck' }).click();
  await expect(slideCards(page)).toHaveCount(11);
  await page.getByRole('button', { name: 'Save deck' }).click();
  await expect(toast(page)).toContainText('Deck saved');
  const deckId = (await storedDeck(user.id)).id;

  // Slide 1: the maker starts from the slide's own title and bullets, wide.
  const first = slideCards(page).first();
  const title = await titleField(first).inputValue();
  expect(title).toBe(`Problem: ${BUSINESS}`);
  const bullets = (await first.getByRole('textbox', { name: 'Bullet points (one per line)' }).inputValue()).split('\n');
  await expect(first.getByRole('button', { name: PICTURE_TEXTS.slideRemoveLabel(1) })).toHaveCount(0);
  await first.getByRole('button', { name: PICTURE_TEXTS.slideMakeLabel(1) }).click();
  const dialog = maker(page);
  await expect(dialog.getByLabel(PICTURE_TEXTS.describe)).toHaveValue(slidePicturePrompt({ title, bullets }, BUSINESS));
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.provider })).toHaveText('OpenAI');
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.shape })).toHaveText('Wide (16:9) (1536×1024)');
  await expect(dialog.getByTestId('picture-estimate')).toBeVisible();
  await shoot(dialog, 'pitch-deck-picture-maker');
  const before = await imagePosts();
  await dialog.getByRole('button', { name: 'Make picture' }).click();
  await expect(dialog.getByRole('status')).toHaveText(PICTURE_TEXTS.kept(1), { timeout: 60_000 });
  expect(await imagePosts()).toBe(before + 1);
  await shoot(dialog, 'pitch-deck-picture-maker-made');
  await dialog.getByRole('button', { name: PICTURE_TEXTS.use }).click();
  await expect(dialog).toBeHidden();

  // The preview shows it, with the slide's title as its alt text; the deck has an unsaved change.
  await expect.poll(() => naturalWidth(first.getByRole('img', { name: title }))).toBe(1536);
  await expect(first.getByRole('button', { name: PICTURE_TEXTS.slideRemoveLabel(1) })).toBeVisible();
  await expect(first.getByRole('button', { name: PICTURE_TEXTS.slideRemakeLabel(1) })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const { data: image, error } = await serviceClient()
    .from('generated_images')
    .select('id, file_path, purpose, pitch_deck_id, width, height')
    .eq('user_id', user.id)
    .single();
  expect(error).toBeNull();
  const picture = image as { id: string; file_path: string; purpose: string; pitch_deck_id: string; width: number; height: number };
  expect(picture).toMatchObject({ purpose: 'deck_slide', pitch_deck_id: deckId, width: 1536, height: 1024 });
  await shoot(first, 'pitch-deck-slide-picture');
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, 'pitch-deck-picture');

  // Slide 3: the same picture, chosen from the gallery.
  const third = slideCards(page).nth(2);
  await third.getByRole('button', { name: PICTURE_TEXTS.slideChooseLabel(3) }).click();
  const chooser = page.getByRole('dialog', { name: PICTURE_TEXTS.chooseTitle });
  const choice = chooser.getByRole('listitem');
  await expect(choice).toHaveCount(1);
  await expect.poll(() => naturalWidth(choice.getByRole('img'))).toBe(1536);
  await shoot(chooser, 'pitch-deck-picture-choose');
  await choice.getByRole('button', { name: PICTURE_TEXTS.use }).click();
  await expect(chooser).toBeHidden();
  const thirdTitle = await titleField(third).inputValue();
  await expect.poll(() => naturalWidth(third.getByRole('img', { name: thirdTitle }))).toBe(1536);

  // Saved with the deck, and there after a reload.
  await page.getByRole('button', { name: 'Save deck' }).click();
  await expect(toast(page)).toContainText('Deck saved');
  expect((await storedDeck(user.id)).slides.map((slide) => slide.imageId ?? null)).toEqual([
    picture.id,
    null,
    picture.id,
    ...Array.from({ length: 8 }, () => null),
  ]);
  await page.goto(`${ROUTES.pitchDeck}?deck=${deckId}`);
  await expect(slideCards(page)).toHaveCount(11);
  await expect.poll(() => naturalWidth(slideCards(page).first().getByRole('img', { name: title }))).toBe(1536);
  await expect.poll(() => naturalWidth(slideCards(page).nth(2).getByRole('img', { name: thirdTitle }))).toBe(1536);
  await expect(slideCards(page).nth(1).getByRole('img')).toHaveCount(0);

  // The PPTX holds the picture's own bytes on the two slides that show it (the cover is slide 1; pptxgenjs stores a copy per slide).
  const { data: file } = await serviceClient().storage.from('generated-images').download(picture.file_path);
  const bytes = new Uint8Array(await file!.arrayBuffer());
  const pptx = await JSZip.loadAsync(await exportAs(page, 'Export PPTX'));
  expect(await slidesShowing(pptx, bytes)).toEqual([2, 4]);
  expect(await pptx.file('ppt/slides/slide2.xml')!.async('string')).toContain(`descr="${title}"`);
  const pdf = (await exportAs(page, 'Export PDF')).toString('latin1');
  expect(pdf.match(/\/Subtype \/Image\s*\/Width 1536\s*\/Height 1024/g)).toHaveLength(1);

  // Removed from slide 3: the preview has no picture left there.
  await slideCards(page)
    .nth(2)
    .getByRole('button', { name: PICTURE_TEXTS.slideRemoveLabel(3) })
    .click();
  await expect(slideCards(page).nth(2).getByRole('img')).toHaveCount(0);
  await expect(
    slideCards(page)
      .nth(2)
      .getByRole('button', { name: PICTURE_TEXTS.slideMakeLabel(3) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save deck' }).click();
  await expect(toast(page)).toContainText('Deck saved');

  // Deleted from the gallery: the slide says so and the files are made without it, without an error.
  await page.goto(ROUTES.imageGallery);
  const tile = page.getByRole('list', { name: 'Pictures' }).getByRole('listitem');
  await tile.getByRole('button', { name: PICTURE_TEXTS.delete }).click();
  await page.getByRole('dialog', { name: PICTURE_TEXTS.deleteTitle }).getByRole('button', { name: PICTURE_TEXTS.delete }).click();
  await expect(page.getByText(PICTURE_TEXTS.galleryEmpty)).toBeVisible();
  await page.goto(`${ROUTES.pitchDeck}?deck=${deckId}`);
  const gone = slideCards(page).first();
  await expect(gone.getByText(PICTURE_TEXTS.slideGone)).toBeVisible();
  await expect(gone.getByRole('img')).toHaveCount(0);
  await shoot(gone, 'pitch-deck-slide-picture-gone');
  const without = await JSZip.loadAsync(await exportAs(page, 'Export PPTX'));
  expect(without.file(/^ppt\/media\/.+\.png$/)).toEqual([]);
  expect(await without.file('ppt/slides/slide2.xml')!.async('string')).toContain(title);
  await expect(toast(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a picture whose file is missing is left out of the exports with a notice; a WebP picture goes in as PNG', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  const service = serviceClient();
  const picture = (id: string, type: 'image/png' | 'image/webp', width: number, height: number) => ({
    id,
    user_id: user.id,
    prompt: `Picture ${id.slice(0, 4)}`,
    provider: 'gemini',
    model: 'gemini-2.5-flash-image',
    purpose: 'deck_slide',
    file_path: `${user.id}/${id}.${type === 'image/png' ? 'png' : 'webp'}`,
    mime_type: type,
    file_size: 1,
    width,
    height,
  });
  // Slide 1's picture has a row but no file; slide 2's is a real WebP in Storage.
  const missing = picture(randomUUID(), 'image/png', 1536, 1024);
  const webp = picture(randomUUID(), 'image/webp', 1344, 768);
  const webpBytes = generateImage('image/webp', 1344, 768, 'webp slide');
  const upload = await service.storage.from('generated-images').upload(webp.file_path, webpBytes, { contentType: 'image/webp' });
  expect(upload.error).toBeNull();
  expect((await service.from('generated_images').insert([missing, webp])).error).toBeNull();
  const slides = [
    { kind: 'problem', title: 'Owners have no time', bullets: ['Long hours', 'No one to ask'], notes: '', imageId: missing.id },
    { kind: 'solution', title: 'Walkers on demand', bullets: ['Booked in a tap'], notes: '', imageId: webp.id },
  ];
  const { data: deck, error } = await service
    .from('pitch_decks')
    .insert({ user_id: user.id, title: 'Walkies', slides, source_kind: 'text' })
    .select('id')
    .single();
  expect(error).toBeNull();

  await signInAs(page, user);
  await page.goto(`${ROUTES.pitchDeck}?deck=${(deck as { id: string }).id}`);
  await expect(slideCards(page)).toHaveCount(2, { timeout: 45_000 });
  await expect(slideCards(page).first().getByText(PICTURE_TEXTS.missingFile)).toBeVisible();
  await expect(slideCards(page).first().getByRole('img')).toHaveCount(0);
  await expect.poll(() => naturalWidth(slideCards(page).nth(1).getByRole('img', { name: 'Walkers on demand' }))).toBe(1344);

  const pptx = await JSZip.loadAsync(await exportAs(page, 'Export PPTX'));
  await expect(toast(page)).toContainText(PICTURE_TEXTS.slideLeftOut([1]));
  const media = pptx.file(/^ppt\/media\/.+/);
  expect(media.map((file) => file.name)).toEqual([expect.stringMatching(/\.png$/)]);
  const png = Buffer.from(await media[0]!.async('uint8array'));
  expect([png.subarray(1, 4).toString('latin1'), png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(['PNG', 1344, 768]);
  expect(await slidesShowing(pptx, new Uint8Array(png))).toEqual([3]);
  expect(await pptx.file('ppt/slides/slide2.xml')!.async('string')).toContain('Owners have no time');
  const pdf = (await exportAs(page, 'Export PDF')).toString('latin1');
  expect(pdf.match(/\/Subtype \/Image\s*\/Width 1344\s*\/Height 768/g)).toHaveLength(1);
  // The browser logs the failed download of the missing file; nothing else may go wrong.
  expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
});
