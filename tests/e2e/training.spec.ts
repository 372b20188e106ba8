import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { embedUrl, parseVideoUrl } from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';
import { createUser, serviceClient, signInAs } from './support.ts';
import { DESKTOP, screenshots, seriousViolations, toast, watchErrors } from './screens.ts';

/**
 * The Training Hub as data: an honest empty state, an admin adding a YouTube video (a bad address
 * refused first), publishing it, and a user playing it in the embedded player and marking it
 * watched. The catalogue is shared by everyone, so these run in order.
 */

test.use({ viewport: DESKTOP });
test.describe.configure({ mode: 'serial' });

const YOUTUBE_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const EMBED = embedUrl(parseVideoUrl(YOUTUBE_URL)!);

/** The providers are external: their thumbnails and players are answered locally. */
async function fakeProviders(context: BrowserContext): Promise<void> {
  const tile = (hue: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="hsl(${hue},55%,42%)"/><circle cx="240" cy="180" r="70" fill="hsl(${hue},55%,62%)"/></svg>`;
  await context.route('https://i.ytimg.com/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: tile(232) }));
  await context.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Player</title><body style="background:#111;color:#fff">Video player</body>' }),
  );
}

async function clearCatalogue(): Promise<void> {
  const { error } = await serviceClient().from('training_videos').delete().not('id', 'is', null);
  if (error) throw new Error(error.message);
}

async function openTraining(page: Page): Promise<void> {
  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1, name: TRAINING_TEXTS.page.title })).toBeVisible();
}

test('an empty catalogue says so honestly', async ({ page, context }) => {
  const errors = watchErrors(page);
  await fakeProviders(context);
  await clearCatalogue();
  await signInAs(page, await createUser());
  await openTraining(page);
  await expect(page.getByRole('heading', { level: 2, name: TRAINING_TEXTS.page.emptyTitle })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Visit Support' })).toHaveAttribute('href', '/support');
  await screenshots(page, 'training-empty');
  expect(errors).toEqual([]);
});

test('an admin adds a YouTube video (a bad address is refused first) and publishes it; a user plays it and marks it watched', async ({
  page,
  context,
  browser,
}) => {
  const errors = watchErrors(page);
  await fakeProviders(context);
  await clearCatalogue();
  // A Vimeo video already in the catalogue, so the page shows two categories and the neutral tile.
  await serviceClient().from('training_videos').insert({
    title: 'Prompt stacks on Vimeo',
    category: 'Advanced Prompts',
    url: 'https://vimeo.com/76979871',
    duration_seconds: 735,
    published: true,
    position: 0,
  });

  const admin = await createUser({ role: 'admin' });
  await signInAs(page, admin);
  await page.goto('/admin/users?tab=training');
  await expect(page.getByRole('tab', { name: 'Training' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: TRAINING_TEXTS.admin.add }).click();
  const dialog = page.getByRole('dialog', { name: TRAINING_TEXTS.admin.addTitle });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Getting started with AI Vault');
  await dialog.getByRole('textbox', { name: 'YouTube or Vimeo URL' }).fill('https://aivault.app/training/getting-started');
  await dialog.getByRole('textbox', { name: 'Category' }).fill('Basics');
  await dialog.getByRole('textbox', { name: 'Duration (m:ss)' }).fill('5:32');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Connect your key and run your first prompt.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText(TRAINING_TEXTS.validation.urlInvalid);
  await expect(dialog.getByRole('textbox', { name: 'YouTube or Vimeo URL' })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: 'YouTube or Vimeo URL' }).fill(YOUTUBE_URL);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(TRAINING_TEXTS.admin.saved);

  const list = page.getByRole('list', { name: TRAINING_TEXTS.admin.heading });
  const item = list.getByRole('listitem', { name: 'Getting started with AI Vault' });
  await expect(item).toContainText('Draft');
  await expect(item).toContainText('Basics · 5:32 · YouTube');
  // Added last; moved up above the Vimeo video.
  await expect(list.getByRole('listitem').nth(1)).toHaveAccessibleName('Getting started with AI Vault');
  await item.getByRole('button', { name: /^Move up/ }).click();
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Getting started with AI Vault');
  await item.getByRole('button', { name: /^Publish/ }).click();
  await expect(item).toContainText('Published');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'admin-training-tab');

  // Unpublishing asks first; cancelling keeps it published.
  await item.getByRole('button', { name: /^Unpublish/ }).click();
  const confirm = page.getByRole('dialog', { name: TRAINING_TEXTS.admin.unpublishTitle });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toContainText('Published');

  // A user sees it, by category, plays it in the embed and marks it watched.
  // In a browser of their own: a tab keeps the session it started with.
  const userContext = await browser.newContext({ viewport: DESKTOP });
  await fakeProviders(userContext);
  const userPage = await userContext.newPage();
  const userErrors = watchErrors(userPage);
  const user = await createUser();
  await signInAs(userPage, user);
  await openTraining(userPage);
  const cards = userPage.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(userPage.getByText('2 videos · 17:47 in total')).toBeVisible();
  const card = cards.first();
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Getting started with AI Vault');
  await expect(card).toContainText('Basics');
  await expect(card).toContainText('5:32');
  await expect(card.locator('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  await userPage.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Advanced Prompts' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Prompt stacks on Vimeo');
  await userPage.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'All' }).click();
  await expect(cards).toHaveCount(2);
  await screenshots(userPage, 'training-filled');

  await card.getByRole('button', { name: 'Play Getting started with AI Vault' }).click();
  const player = userPage.getByRole('dialog', { name: 'Getting started with AI Vault' });
  const frame = player.locator('iframe');
  await expect(frame).toHaveAttribute('src', EMBED);
  await expect(frame).toHaveAttribute('title', 'Getting started with AI Vault');
  await expect(userPage.frameLocator('iframe[title="Getting started with AI Vault"]').getByText('Video player')).toBeVisible();
  await player.getByRole('button', { name: TRAINING_TEXTS.page.markWatched }).click();
  await expect(player.getByRole('button', { name: TRAINING_TEXTS.page.watched })).toHaveAttribute('aria-pressed', 'true');
  // Focus stays on the button while the mark is saved, so the keyboard still reaches the dialog.
  await expect(player.getByRole('button', { name: TRAINING_TEXTS.page.watched })).toBeFocused();
  await userPage.keyboard.press('Escape');
  await expect(player).toBeHidden();
  await expect(card.getByText(TRAINING_TEXTS.page.watched, { exact: true }).first()).toBeVisible();
  const { data: marks } = await serviceClient().from('training_watched').select('video_id').eq('user_id', user.id);
  expect(marks).toHaveLength(1);

  // Still watched after a reload (stored), and only for this user.
  await userPage.reload();
  await expect(cards.first().getByRole('button', { name: TRAINING_TEXTS.page.watched })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.nth(1).getByRole('button', { name: TRAINING_TEXTS.page.markWatched })).toHaveAttribute('aria-pressed', 'false');
  expect(await seriousViolations(userPage)).toEqual([]);
  // signInAs's session seeding also runs in the provider's (cross-origin) frame, where storage is off limits: not the app's error.
  expect(userErrors.filter((e) => !e.includes("Failed to read the 'sessionStorage' property"))).toEqual([]);
  expect(errors).toEqual([]);
  await userContext.close();
});
