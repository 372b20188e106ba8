import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Download, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { PICTURE_TEXTS } from '@/shared/core/images/pictureTexts.ts';
import { heroImagePrompt, newOffer, type OfferFramework } from '@/shared/core/offers/index.ts';
import { ROUTES } from '@/shared/core/routes.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { lookAt } from './prompts-support.ts';
import { accountWith, seenBy } from './providers-support.ts';
import { DESKTOP, MOBILE, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs, withOpenAiKey } from './support.ts';

/**
 * The offer's hero image in /prompt-stacks, in Chromium against the strict image fakes: made with
 * the user's OpenAI key from the offer's own description, shown in the builder, kept with the saved
 * offer, chosen again from the gallery, and inside the whole offer's DOCX and PDF; without an image
 * key the maker says so and nothing is sent.
 */

// The machine is shared and busy: AI answers, pictures and first page loads get room.
const expect = baseExpect.configure({ timeout: 30_000 });

const TITLE = 'Yoga Teachers Accelerator';
const ALT = PICTURE_TEXTS.heroAlt(TITLE);

const heroCard = (page: Page) => page.getByRole('region', { name: PICTURE_TEXTS.heroTitle });
const maker = (page: Page) => page.getByRole('dialog', { name: PICTURE_TEXTS.makerTitle });
const footer = (page: Page) => page.getByRole('region', { name: 'Entire offer' });
const naturalWidth = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
/** Picture requests the image fakes have seen (OpenAI's Images API, Gemini's generateContent). */
const imagePosts = async () =>
  [...(await seenBy('openai')), ...(await seenBy('gemini'))].filter(
    (r) => r.method === 'POST' && /images\/generations$|:generateContent$/.test(r.path),
  ).length;

/** A screenshot of one part of the page for a person to look at, without the notices floating over it. */
async function shoot(target: Locator, name: string) {
  await target.screenshot({
    path: `${SCREENSHOT_DIR}/${name}.png`,
    animations: 'disabled',
    style: '[data-variant] { visibility: hidden; }',
  });
}

async function downloadWhole(page: Page, format: 'DOCX' | 'PDF'): Promise<Buffer> {
  await footer(page).getByRole('button', { name: 'Download Entire Offer/Framework' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format, exact: true }).click()]);
  return readFile((await (download as Download).path())!);
}

/** The user's offer's hero as its row has it, with the picture's file path. */
async function storedHero(userId: string): Promise<{ id: string; path: string } | null> {
  const service = serviceClient();
  const { data: offer, error } = await service.from('offers').select('hero_image_id').eq('user_id', userId).single();
  if (error) throw new Error(error.message);
  const id = (offer as { hero_image_id: string | null }).hero_image_id;
  if (!id) return null;
  const { data: image } = await service.from('generated_images').select('file_path').eq('id', id).single();
  return { id, path: (image as { file_path: string }).file_path };
}

test('makes a hero image from the offer, shows and keeps it, chooses it again from the gallery, and puts it in the DOCX and PDF', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);
  await page.goto(ROUTES.offerBuilder);
  await page.getByLabel('Idea, niche or keyword').fill('yoga teachers');
  await page.getByRole('button', { name: 'Generate Idea For Offer Framework' }).click();
  await expect(toast(page)).toContainText('Offer Generated.');

  // Not saved yet: the card says to save first, and offers nothing to press.
  const card = heroCard(page);
  await expect(card.getByText(PICTURE_TEXTS.saveOfferFirst)).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await shoot(card, 'offer-hero-unsaved');

  await page.getByRole('button', { name: 'Save Offer', exact: true }).click();
  await expect(toast(page)).toContainText('Offer Saved');
  await expect(card.getByText(PICTURE_TEXTS.heroNone)).toBeVisible();
  await expect(card.getByRole('button', { name: PICTURE_TEXTS.heroRemove })).toHaveCount(0);
  await shoot(card, 'offer-hero-empty');

  // The maker starts from the offer's own description, landscape.
  await card.getByRole('button', { name: PICTURE_TEXTS.heroMake }).click();
  const dialog = maker(page);
  const description = dialog.getByLabel(PICTURE_TEXTS.describe);
  await expect(description).toHaveValue(/^A landscape hero image for the offer "Yoga Teachers Accelerator"/);
  await expect(description).toHaveValue(/No text, letters or logos in the picture\.$/);
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.provider })).toHaveText('OpenAI');
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.shape })).toHaveText('Landscape (1536×1024)');
  await expect(dialog.getByTestId('picture-estimate')).toBeVisible();
  await shoot(dialog, 'offer-hero-maker');
  const before = await imagePosts();
  await dialog.getByRole('button', { name: 'Make picture' }).click();
  await expect(dialog.getByRole('status')).toHaveText(PICTURE_TEXTS.kept(1), { timeout: 60_000 });
  expect(await imagePosts()).toBe(before + 1);
  await shoot(dialog, 'offer-hero-maker-made');
  await dialog.getByRole('button', { name: PICTURE_TEXTS.use }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(PICTURE_TEXTS.heroSaved);

  const hero = card.getByRole('img', { name: ALT });
  await expect.poll(() => naturalWidth(hero)).toBe(1536);
  await expect(card.getByRole('button', { name: PICTURE_TEXTS.heroChange })).toBeVisible();
  const stored = await storedHero(user.id);
  expect(stored).not.toBeNull();
  const { data: file } = await serviceClient().storage.from('generated-images').download(stored!.path);
  const picture = new Uint8Array(await file!.arrayBuffer());
  expect([picture.length > 0, String.fromCharCode(...picture.subarray(1, 4))]).toEqual([true, 'PNG']);
  await shoot(card, 'offer-hero-set');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await shoot(card, 'offer-hero-set-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.setViewportSize(MOBILE);
  await shoot(card, 'offer-hero-set-mobile');
  await page.setViewportSize(DESKTOP);
  await lookAt(page, 'offer-hero');

  // Saved again and reloaded: the hero stays (the row keeps it; the working copy reads it back).
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/rest/v1/offers') && r.request().method() === 'PATCH' && r.ok()),
    page.getByRole('button', { name: 'Save Offer', exact: true }).click(),
  ]);
  // The picture's row is held back after the reload, to see the card while it loads.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/generated_images?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(heroCard(page).locator('[aria-busy="true"]')).toBeVisible();
  await shoot(heroCard(page), 'offer-hero-loading');
  // Released, the route lets every later request through at once.
  release();
  await expect.poll(() => naturalWidth(heroCard(page).getByRole('img', { name: ALT }))).toBe(1536);
  expect((await storedHero(user.id))?.id).toBe(stored!.id);

  // The whole offer's files carry the picture itself under the title.
  const docx = await JSZip.loadAsync(await downloadWhole(page, 'DOCX'));
  const media = docx.file(/^word\/media\/.+\.png$/);
  expect(media).toHaveLength(1);
  expect(Buffer.from(await media[0]!.async('uint8array')).equals(Buffer.from(picture))).toBe(true);
  expect(await docx.file('word/document.xml')!.async('string')).toContain(`descr="${ALT}"`);
  const pdf = (await downloadWhole(page, 'PDF')).toString('latin1');
  expect(pdf).toMatch(/\/Subtype \/Image\s*\/Width 1536\s*\/Height 1024/);

  // Removed, then chosen again from the gallery.
  await heroCard(page).getByRole('button', { name: PICTURE_TEXTS.heroRemove }).click();
  await expect(toast(page)).toContainText(PICTURE_TEXTS.heroRemoved);
  await expect(heroCard(page).getByText(PICTURE_TEXTS.heroNone)).toBeVisible();
  expect(await storedHero(user.id)).toBeNull();
  await heroCard(page).getByRole('button', { name: PICTURE_TEXTS.heroChoose }).click();
  const chooser = page.getByRole('dialog', { name: PICTURE_TEXTS.chooseTitle });
  const choice = chooser.getByRole('listitem');
  await expect(choice).toHaveCount(1);
  await expect.poll(() => naturalWidth(choice.getByRole('img'))).toBe(1536);
  await shoot(chooser, 'offer-hero-choose');
  await choice.getByRole('button', { name: PICTURE_TEXTS.use }).click();
  await expect(chooser).toBeHidden();
  await expect.poll(() => naturalWidth(heroCard(page).getByRole('img', { name: ALT }))).toBe(1536);
  expect((await storedHero(user.id))?.id).toBe(stored!.id);

  // The same picture is in the gallery.
  await page.goto(ROUTES.imageGallery);
  const tile = page.getByRole('list', { name: 'Pictures' }).getByRole('listitem');
  await expect(tile).toHaveCount(1);
  await expect(tile.getByRole('img')).toHaveAttribute('src', new RegExp(`/${stored!.path.replace(/\./g, '\\.')}\\?`));
  await expect.poll(() => naturalWidth(tile.getByRole('img'))).toBe(1536);
  expect(errors).toEqual([]);
});

const FRAMEWORK: OfferFramework = {
  title: 'Pottery Studio Launch',
  description: {
    title: 'Fill your first wheel-throwing class',
    about: 'A launch plan for a small pottery studio.',
    for: ['Studio owners', 'Ceramic artists', 'Craft teachers'],
    why: ['d', 'e', 'f'],
    outcome: ['g', 'h', 'i'],
  },
  items: Array.from({ length: 15 }, (_, i) => `Asset ${i}`),
};

test('with only an Anthropic key the hero maker says an OpenAI key is needed and sends nothing', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await accountWith('anthropic');
  const offer = newOffer('pottery studio', FRAMEWORK);
  const { error } = await serviceClient()
    .from('offers')
    .insert({ user_id: user.id, title: FRAMEWORK.title, idea: offer.idea, framework: FRAMEWORK, assets: offer.assets });
  expect(error).toBeNull();
  await signInAs(page, user);
  await page.goto(ROUTES.offerBuilder);
  await page.getByRole('button', { name: new RegExp(`^${FRAMEWORK.title}`) }).click();
  await expect(toast(page)).toContainText('Offer opened');

  const before = await imagePosts();
  await heroCard(page).getByRole('button', { name: PICTURE_TEXTS.heroMake }).click();
  const dialog = maker(page);
  await expect(dialog.getByLabel(PICTURE_TEXTS.describe)).toHaveValue(heroImagePrompt(offer));
  await expect(dialog.getByText(PICTURE_TEXTS.noKey('OpenAI'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Make picture' })).toBeDisabled();
  await shoot(dialog, 'offer-hero-maker-no-key');
  await dialog.getByRole('button', { name: PICTURE_TEXTS.close }).click();
  await expect(dialog).toBeHidden();
  expect(await imagePosts()).toBe(before);
  await expect(heroCard(page).getByText(PICTURE_TEXTS.heroNone)).toBeVisible();
});

test('an ad asset gets ad creatives drawn to go with its words, kept with the offer', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);
  await page.goto(ROUTES.offerBuilder);
  await page.getByLabel('Idea, niche or keyword').fill('yoga teachers');
  await page.getByRole('button', { name: 'Generate Idea For Offer Framework' }).click();
  await expect(toast(page)).toContainText('Offer Generated.');
  await page.getByRole('button', { name: 'Save Offer', exact: true }).click();
  await expect(toast(page)).toContainText('Offer Saved');

  const header = page.locator('#offer-row-facebook-ads-header');
  await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  const ads = page.locator('[data-asset="Facebook Ads"]');
  await ads.getByRole('button', { name: /^Generate Content For This Category/ }).click();
  await expect(ads.getByRole('list', { name: 'Ad variants' }).getByRole('listitem')).toHaveCount(3);
  const creatives = ads.getByRole('region', { name: PICTURE_TEXTS.adCreativesTitle('Facebook Ads') });
  await creatives.getByRole('button', { name: `${PICTURE_TEXTS.adMake} for Facebook Ads` }).click();
  const dialog = maker(page);
  await expect(dialog.getByLabel(PICTURE_TEXTS.describe)).toHaveValue(
    /^An ad creative for Facebook Ads promoting the offer "Yoga Teachers Accelerator"\./,
  );
  await expect(dialog.getByRole('combobox', { name: PICTURE_TEXTS.shape })).toHaveText('Square (1024×1024)');
  await dialog.getByRole('combobox', { name: PICTURE_TEXTS.count }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await dialog.getByRole('button', { name: 'Make 2 pictures' }).click();
  await expect(dialog.getByRole('status')).toHaveText(PICTURE_TEXTS.kept(2), { timeout: 60_000 });
  await dialog.getByRole('button', { name: PICTURE_TEXTS.close }).click();
  await expect(creatives.getByTestId('picture-tile')).toHaveCount(2);
  await expect.poll(() => naturalWidth(creatives.getByRole('img').first())).toBe(1024);
  const { data } = await serviceClient().from('generated_images').select('purpose, offer_id').eq('user_id', user.id);
  expect(data).toHaveLength(2);
  expect(data!.every((row) => row.purpose === 'ad_creative' && row.offer_id !== null)).toBe(true);
  await shoot(creatives, 'offer-ad-creatives');
  expect(errors).toEqual([]);
});
