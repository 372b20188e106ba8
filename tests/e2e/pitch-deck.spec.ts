import JSZip from 'jszip';
import { expect as baseExpect, test, type Download, type Locator, type Page } from '@playwright/test';
import { screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs, withOpenAiKey, type TestUser } from './support.ts';

/**
 * The Pitch Deck (/pitch-deck) against the fake OpenAI-compatible provider: its pitch-deck
 * responder writes the 11 classic slides titled "<Kind>: <business>", and a regenerated slide
 * "<Kind> (rewritten)".
 */

// The machine running e2e is shared and busy: pages and AI answers get generous waits.
const expect = baseExpect.configure({ timeout: 20_000 });

const KINDS = [
  'Problem',
  'Solution',
  'Market',
  'Product',
  'Business model',
  'Traction',
  'Competition',
  'Go-to-market',
  'Team',
  'Financials',
  'The ask',
];

const slideList = (page: Page) => page.getByRole('list', { name: 'Slides' });
const slideCards = (page: Page) => slideList(page).getByRole('listitem');
const titleField = (card: Locator) => card.getByRole('textbox', { name: 'Title' });

async function seedIdea(user: TestUser, name: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('startup_ideas')
    .insert({
      user_id: user.id,
      name,
      description: `${name} sells balcony garden kits to renters.`,
      market: 'Urban renters',
      target_users: 'Renters in big cities',
      revenue: 'Kits and a seed subscription',
      competitors: ['Garden centres'],
      weaknesses: ['Seasonal'],
      business_plan: { executive: 'Exec', market: 'Instagram first', solution: 'Modular kits' },
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function exportAs(page: Page, label: 'Export PPTX' | 'Export PDF'): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  return file;
}

/** Every slide's title and bullets as the editor shows them, in order. */
async function editorSlides(page: Page): Promise<{ title: string; bullets: string[] }[]> {
  const cards = await slideCards(page).all();
  return Promise.all(
    cards.map(async (card) => ({
      title: await titleField(card).inputValue(),
      bullets: (await card.getByRole('textbox', { name: 'Bullet points (one per line)' }).inputValue()).split('\n').filter(Boolean),
    })),
  );
}

/** A new user with an OpenAI key, signed in on /pitch-deck once its form is ready (free text, the default model). */
async function openAsNewUserWithKey(page: Page) {
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);
  await page.goto('/pitch-deck');
  await expect(page.getByRole('radio', { name: 'My own description' })).toBeChecked({ timeout: 45_000 });
  await expect(page.getByLabel('Model')).toHaveValue('gpt-6.1-terra');
  return user;
}

test('from a saved idea: generate, edit, reorder, regenerate a slide, save, reopen, export PPTX and PDF', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await withOpenAiKey(user);
  const ideaId = await seedIdea(user, 'Garden Pilot');
  await signInAs(page, user);

  // Saved Ideas: "Make a pitch deck" opens the tool with the idea chosen.
  await page.goto('/saved-ideas');
  await page.getByRole('link', { name: 'Make a pitch deck from Garden Pilot' }).click();
  await expect(page).toHaveURL(`/pitch-deck?idea=${ideaId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pitch Deck' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('radio', { name: 'A saved idea' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Saved idea' })).toHaveText('Garden Pilot');
  await expect(page.getByLabel('Model')).toHaveValue('gpt-6.1-terra');
  await expect(page.getByText('No saved decks yet. Generate one above and save it.')).toBeVisible();

  await page.getByRole('button', { name: 'Generate deck' }).click();
  await expect(slideCards(page)).toHaveCount(11);
  await expect(slideList(page).getByRole('heading', { level: 3 })).toHaveText(KINDS.map((kind, i) => `Slide ${i + 1} · ${kind}`));
  await expect(titleField(slideCards(page).first())).toHaveValue('Problem: Garden Pilot');
  await expect(page.getByRole('textbox', { name: 'Deck title' })).toHaveValue('Garden Pilot');

  // Edit the first slide.
  const first = slideCards(page).first();
  await titleField(first).fill('Renters have no garden');
  await first.getByRole('textbox', { name: 'Bullet points (one per line)' }).fill('No yard\nShort leases\nSmall balconies');
  await first.getByRole('textbox', { name: 'Speaker notes' }).fill('Open with the photo of a bare balcony.');

  // Reorder with the keyboard: the moved slide keeps the focus on its button.
  await first.getByRole('button', { name: 'Move down: Slide 1 · Problem' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move down: Slide 2 · Problem' })).toBeFocused();
  await expect(titleField(slideCards(page).nth(0))).toHaveValue('Solution: Garden Pilot');
  await expect(titleField(slideCards(page).nth(1))).toHaveValue('Renters have no garden');

  // Regenerate one slide: only that one changes.
  await slideCards(page).nth(2).getByRole('button', { name: 'Regenerate slide 3' }).click();
  await expect(titleField(slideCards(page).nth(2))).toHaveValue('Market (rewritten)');
  await expect(titleField(slideCards(page).nth(3))).toHaveValue('Product: Garden Pilot');

  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Sunrise' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'pitch-deck-editor');

  await page.getByRole('button', { name: 'Save deck' }).click();
  await expect(toast(page)).toContainText('Deck saved');
  const { data: rows } = await serviceClient()
    .from('pitch_decks')
    .select('title, theme, source_kind, source_id, slides')
    .eq('user_id', user.id);
  expect(rows).toHaveLength(1);
  expect(rows![0]).toMatchObject({ title: 'Garden Pilot', theme: 'sunrise', source_kind: 'idea', source_id: ideaId });
  const edited = await editorSlides(page);

  // Reopen from the saved list after a reload.
  await page.goto('/pitch-deck');
  const saved = page.getByRole('list', { name: 'Saved decks' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(saved).toContainText('11 slides · Sunrise · From a saved idea');
  await saved.getByRole('button', { name: 'Open Garden Pilot' }).click();
  await expect(page).toHaveURL(/\/pitch-deck\?deck=/);
  await expect(slideCards(page)).toHaveCount(11);
  expect(await editorSlides(page)).toEqual(edited);
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText(/Sunrise/);

  // PPTX: a cover, then each slide's title and bullets, in order.
  const pptx = await exportAs(page, 'Export PPTX');
  expect(pptx.suggestedFilename()).toBe('Garden Pilot.pptx');
  const zip = await JSZip.loadAsync(await downloaded(pptx));
  expect(Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))).toHaveLength(12);
  expect(await zip.file('ppt/slides/slide1.xml')!.async('string')).toContain('Garden Pilot');
  for (const [i, slide] of edited.entries()) {
    const xml = await zip.file(`ppt/slides/slide${i + 2}.xml`)!.async('string');
    const positions = [slide.title, ...slide.bullets].map((text) => xml.indexOf(text));
    expect(
      positions.every((p) => p >= 0),
      `slide ${i + 1} holds its text`,
    ).toBe(true);
    expect(
      [...positions].sort((a, b) => a - b),
      `slide ${i + 1} keeps its order`,
    ).toEqual(positions);
  }
  expect(edited[1]).toEqual({ title: 'Renters have no garden', bullets: ['No yard', 'Short leases', 'Small balconies'] });

  const pdf = await exportAs(page, 'Export PDF');
  expect(pdf.suggestedFilename()).toBe('Garden Pilot.pdf');
  expect((await downloaded(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'pitch-deck-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(errors).toEqual([]);
});

test('from my own words: rename and delete a saved deck', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const user = await openAsNewUserWithKey(page);
  await page.getByRole('button', { name: 'Generate deck' }).click();
  await expect(page.getByText('Describe the business first.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Describe the business' }).fill('Dog walking app\nFor busy owners in Berlin.');
  await page.getByRole('button', { name: 'Generate deck' }).click();
  await expect(slideCards(page)).toHaveCount(11);
  await expect(titleField(slideCards(page).first())).toHaveValue('Problem: Dog walking app');

  // A slide without a title keeps the deck from being saved, and says why.
  await titleField(slideCards(page).nth(4)).fill('');
  await expect(page.getByText('Slide 5 needs a title.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save deck' })).toBeDisabled();
  await titleField(slideCards(page).nth(4)).fill('Traction so far');
  await page.getByRole('button', { name: 'Save deck' }).click();
  await expect(toast(page)).toContainText('Deck saved');

  const saved = page.getByRole('list', { name: 'Saved decks' });
  await saved.getByRole('button', { name: 'Rename Dog walking app' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await rename.getByRole('textbox', { name: 'Title' }).fill('Walkies');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(saved.getByRole('heading', { level: 3 })).toHaveText(['Walkies']);
  await expect(page.getByRole('textbox', { name: 'Deck title' })).toHaveValue('Walkies');

  await saved.getByRole('button', { name: 'Delete Walkies' }).click();
  await page.getByRole('dialog', { name: 'Delete this deck?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Deck deleted');
  await expect(page.getByText('No saved decks yet. Generate one above and save it.')).toBeVisible();
  const { data } = await serviceClient().from('pitch_decks').select('id').eq('user_id', user.id);
  expect(data).toEqual([]);
  expect(errors).toEqual([]);
});

test('generating again or opening another deck asks before unsaved edits are replaced', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openAsNewUserWithKey(page);
  await page.getByRole('textbox', { name: 'Describe the business' }).fill('Dog walking app\nFor busy owners in Berlin.');
  await page.getByRole('button', { name: 'Generate deck' }).click();
  await expect(slideCards(page)).toHaveCount(11);
  await titleField(slideCards(page).first()).fill('Owners have no time');

  // Generating again: asked first; Keep editing keeps the edit.
  await page.getByRole('button', { name: 'Generate deck' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard your unsaved changes?' });
  await expect(confirm).toContainText('This deck has changes that are not saved.');
  await screenshots(page, 'pitch-deck-discard');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(titleField(slideCards(page).first())).toHaveValue('Owners have no time');

  // Saved, nothing is lost: generating again asks nothing.
  await page.getByRole('button', { name: 'Save deck' }).click();
  await expect(toast(page)).toContainText('Deck saved');
  await page.getByRole('textbox', { name: 'Describe the business' }).fill('Bike repair van\nComes to your door.');
  await page.getByRole('button', { name: 'Generate deck' }).click();
  await expect(titleField(slideCards(page).first())).toHaveValue('Problem: Bike repair van');
  await expect(confirm).toHaveCount(0);

  // The new deck is unsaved: opening the saved one asks, and Discard opens it.
  await page.getByRole('list', { name: 'Saved decks' }).getByRole('button', { name: 'Open' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(titleField(slideCards(page).first())).toHaveValue('Owners have no time');
  await expect(page).toHaveURL(/\?deck=/);
  expect(errors).toEqual([]);
});
