import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect as baseExpect, test, type Download, type Locator, type Page } from '@playwright/test';
import { FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { screenshots, seriousViolations, toast, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs, withOpenAiKey, type TestUser } from './support.ts';

/**
 * The Startup Idea Generator on /app-summary (built for real) and /saved-ideas,
 * against the fake OpenAI-compatible provider (its startup-idea responder
 * names an idea after the interest: "urban gardening" → "Urban Gardening Pilot", then "… Nest").
 */

// The machine running e2e is shared and busy: pages and AI answers get generous waits.
const expect = baseExpect.configure({ timeout: 20_000 });

const generator = (page: Page) => page.getByRole('region', { name: 'Startup Idea Generator' });
const interest = (page: Page) => generator(page).getByLabel('Interest or market');
const generate = (page: Page) => generator(page).getByRole('button', { name: 'Generate idea' });
const savedList = (page: Page) => page.getByRole('list', { name: 'Saved ideas' });

/** A key kept in this browser only (a signed-out visitor's). */
async function withLocalKey(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem('openai_api_key', key), FAKE_OPENAI_GOOD_KEY);
}

async function openGenerator(page: Page): Promise<void> {
  await page.goto('/app-summary');
  await expect(generator(page).getByRole('heading', { level: 2, name: 'Startup Idea Generator' })).toBeVisible({ timeout: 45_000 });
  // The model list came from the provider with the key: the preferred model is preselected.
  await expect(generator(page).getByLabel('Model')).toHaveValue('gpt-6.1-terra');
}

async function generateIdea(page: Page, text: string, name: string): Promise<void> {
  await interest(page).fill(text);
  await generate(page).click();
  await expect(generator(page).getByRole('heading', { level: 3, name })).toBeVisible();
}

/** Full-page screenshots from the top (the sticky header otherwise lands mid-image). */
async function screens(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name);
}

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function docxText(download: Download): Promise<string> {
  const zip = await JSZip.loadAsync(await downloaded(download));
  return zip.file('word/document.xml')!.async('string');
}

async function pdfText(download: Download): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await downloaded(download)));
  return (await extractText(pdf, { mergePages: true })).text;
}

async function download(page: Page, scope: Locator, format: 'DOCX' | 'PDF'): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: `Download ${format}` }).click()]);
  return file;
}

async function savedRows(user: TestUser): Promise<{ name: string; source_prompt: string; competitors: string[] }[]> {
  const { data, error } = await serviceClient()
    .from('startup_ideas')
    .select('name, source_prompt, competitors')
    .eq('user_id', user.id)
    .order('created_at');
  expect(error).toBeNull();
  return data as { name: string; source_prompt: string; competitors: string[] }[];
}

test('signed in: generate, regenerate, save, view, download DOCX and PDF, delete', async ({ page }) => {
  test.setTimeout(360_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);

  // From the dashboard's Quick Access: no ideas yet, and the way to the generator.
  await page.goto('/dashboard');
  await page
    .getByRole('region', { name: 'Quick Access' })
    .getByRole('link', { name: /^Saved Ideas/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Ideas' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('No saved ideas yet. Generate one and save it to see it here.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'saved-ideas-empty');
  await page.getByRole('link', { name: 'Open the Startup Idea Generator' }).click();
  await expect(page).toHaveURL('/app-summary#startup-idea-generator');
  await expect(generator(page).getByLabel('Model')).toHaveValue('gpt-6.1-terra');
  await expect(generator(page).getByRole('link', { name: 'Saved ideas' })).toHaveAttribute('href', '/saved-ideas');

  // The interest is required (the core's message, at the field).
  await generate(page).click();
  await expect(generator(page).getByText('Describe an interest or a market first.')).toBeVisible();

  await generateIdea(page, 'urban gardening for renters', 'Urban Gardening Pilot');
  const idea = generator(page).getByRole('region', { name: 'Urban Gardening Pilot' });
  for (const heading of [
    'Market',
    'Target Users',
    'Revenue',
    'Competitors',
    'Weaknesses',
    'Business Plan',
    'Executive Summary',
    'Go-to-Market',
    'Solution',
  ]) {
    await expect(idea.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(idea.getByRole('list', { name: 'Competitors' }).getByRole('listitem')).toHaveText([
    'Generic online courses',
    'YouTube channels',
    'Local clubs',
  ]);
  await expect(idea).toContainText('The urban gardening for renters market is growing steadily');

  // Regenerate asks for a different idea for the same interest.
  await idea.getByRole('button', { name: 'Regenerate' }).click();
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Urban Gardening Nest' })).toBeVisible();
  const nest = generator(page).getByRole('region', { name: 'Urban Gardening Nest' });
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'startup-idea-generated');

  // Downloads straight from the generator.
  const docx = await download(page, nest, 'DOCX');
  expect(docx.suggestedFilename()).toBe('urban_gardening_nest.docx');
  const xml = await docxText(docx);
  for (const text of ['Urban Gardening Nest', 'Executive Summary', 'Go-to-Market', 'YouTube channels']) expect(xml).toContain(text);

  await nest.getByRole('button', { name: 'Save idea' }).click();
  await expect(toast(page)).toContainText('Idea saved');
  await expect(nest.getByText('Saved', { exact: true })).toBeVisible();
  expect(await savedRows(user)).toEqual([
    {
      name: 'Urban Gardening Nest',
      source_prompt: 'urban gardening for renters',
      competitors: ['Generic online courses', 'YouTube channels', 'Local clubs'],
    },
  ]);
  // A reload keeps the idea on screen, still saved.
  await page.reload();
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Urban Gardening Nest' })).toBeVisible();
  await expect(generator(page).getByText('Saved', { exact: true })).toBeVisible();
  await expect(interest(page)).toHaveValue('urban gardening for renters');

  await generateIdea(page, 'dog walking', 'Dog Walking Pilot');
  await generator(page).getByRole('button', { name: 'Save idea' }).click();
  await expect(toast(page)).toContainText('Idea saved');

  // The saved idea opens in /saved-ideas.
  await generator(page).getByRole('link', { name: 'View in Saved Ideas' }).click();
  await expect(page).toHaveURL('/saved-ideas');
  const dialog = page.getByRole('dialog', { name: 'Dog Walking Pilot' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('from “dog walking”');
  for (const heading of [
    'Market',
    'Target Users',
    'Revenue',
    'Competitors',
    'Weaknesses',
    'Executive Summary',
    'Go-to-Market',
    'Solution',
  ]) {
    await expect(dialog.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  const pdf = await download(page, dialog, 'PDF');
  expect(pdf.suggestedFilename()).toBe('dog_walking_pilot.pdf');
  const text = await pdfText(pdf);
  for (const part of ['Dog Walking Pilot', 'Target Users', 'Go-to-Market', 'Low switching costs']) expect(text).toContain(part);
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'saved-idea-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Cards: newest first, with the date; View opens any of them.
  await expect(savedList(page).getByRole('heading', { level: 2 })).toHaveText(['Dog Walking Pilot', 'Urban Gardening Nest']);
  await expect(savedList(page).getByRole('listitem').first()).toContainText(/Saved \w{3} \d{1,2}, \d{4}/);
  await savedList(page).getByRole('button', { name: 'View Urban Gardening Nest' }).click();
  await expect(page.getByRole('dialog', { name: 'Urban Gardening Nest' })).toContainText(
    'Urban Gardening Nest turns urban gardening for renters into a simple weekly habit',
  );
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'saved-ideas');

  // Delete asks first; Cancel keeps it.
  await savedList(page).getByRole('button', { name: 'Delete Dog Walking Pilot' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this idea?' });
  await expect(confirm).toContainText('“Dog Walking Pilot” will be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(savedList(page).getByRole('listitem')).toHaveCount(2);
  await savedList(page).getByRole('button', { name: 'Delete Dog Walking Pilot' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Idea deleted');
  await expect(savedList(page).getByRole('listitem')).toHaveCount(1);
  await savedList(page).getByRole('button', { name: 'Delete Urban Gardening Nest' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved ideas yet. Generate one and save it to see it here.')).toBeVisible();
  expect(await savedRows(user)).toEqual([]);

  // Back: to where the user came from (the generator, which still shows the last idea).
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/app-summary#startup-idea-generator');
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Dog Walking Pilot' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('signed out: the idea survives the sign-in round trip and is saved after', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await createUser();
  await withLocalKey(page);
  await openGenerator(page);
  await generateIdea(page, 'board games for families', 'Board Games Pilot');

  await generator(page).getByRole('button', { name: 'Save idea' }).click();
  const prompt = generator(page).getByRole('alert').filter({ hasText: 'Sign in to save this idea.' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
    'href',
    '/auth?next=%2Fapp-summary%23startup-idea-generator',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'startup-idea-sign-in-to-save');
  await prompt.getByRole('link', { name: 'Sign in to save' }).click();

  await expect(page).toHaveURL(/\/auth\?next=%2Fapp-summary%23startup-idea-generator&mode=signin$/);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  // Back at the generator, signed in, with the same idea and what was typed.
  await expect(page).toHaveURL('/app-summary#startup-idea-generator');
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Board Games Pilot' })).toBeVisible();
  await expect(interest(page)).toHaveValue('board games for families');
  await expect(generator(page).getByText('You are signed in. Save the idea to keep it in your account.')).toBeVisible();
  await generator(page).getByRole('button', { name: 'Save idea' }).click();
  await expect(toast(page)).toContainText('Idea saved');
  expect((await savedRows(user)).map((r) => [r.name, r.source_prompt])).toEqual([['Board Games Pilot', 'board games for families']]);

  await page.goto('/saved-ideas');
  await expect(savedList(page).getByRole('heading', { level: 2 })).toHaveText(['Board Games Pilot']);
});

test('AI failures show the catalogue message and keep the input and the idea; Stop cancels', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await createUser();
  await withOpenAiKey(user);
  await signInAs(page, user);
  await openGenerator(page);
  await generateIdea(page, 'coffee roasting', 'Coffee Roasting Pilot');

  await interest(page).fill('pet care [[fake:401]]');
  await generate(page).click();
  const failure = generator(page).getByRole('alert').filter({ hasText: 'Authentication Failed' });
  await expect(failure).toContainText('Authentication failed. Please check your OpenAI API key in Settings.');
  await expect(failure.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
  await expect(interest(page)).toHaveValue('pet care [[fake:401]]');
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Coffee Roasting Pilot' })).toBeVisible();
  await screens(page, 'startup-idea-error');

  await interest(page).fill('pet care [[fake:badjson]]');
  await generate(page).click();
  await expect(generator(page).getByRole('alert').filter({ hasText: 'Generation Failed' })).toContainText(
    'The AI returned an unexpected data format. Please try again.',
  );
  await expect(interest(page)).toHaveValue('pet care [[fake:badjson]]');
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Coffee Roasting Pilot' })).toBeVisible();

  // A request that never answers can be stopped: no error, the shown idea stays.
  await interest(page).fill('pet care [[fake:timeout]]');
  await generate(page).click();
  await expect(generator(page).getByRole('button', { name: 'Generating…' })).toBeDisabled();
  await expect(generator(page).getByRole('progressbar', { name: 'Generating your idea' })).toBeVisible();
  await generator(page).getByRole('button', { name: 'Stop' }).click();
  await expect(generate(page)).toBeEnabled();
  await expect(generator(page).getByRole('alert')).toHaveCount(0);
  await expect(generator(page).getByRole('heading', { level: 3, name: 'Coffee Roasting Pilot' })).toBeVisible();
});

test('no key: the generator says where to add one, signed out and signed in', async ({ page }) => {
  test.setTimeout(120_000);
  await openGeneratorWithoutKey(page);
  const message = generator(page).getByRole('alert').filter({ hasText: 'Add an AI provider key to generate ideas' });
  await expect(message.getByRole('link', { name: 'Sign in to add a key' })).toHaveAttribute('href', '/auth?next=%2Fsettings&mode=signin');
  await expect(message.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/auth?next=%2Fsettings');
  await expect(generate(page)).toBeDisabled();
  await interest(page).fill('typed before a key exists');
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'startup-idea-no-key');

  await signInAs(page, await createUser());
  await page.reload();
  await expect(generator(page).getByRole('link', { name: 'Add a key in Settings' })).toHaveAttribute('href', '/settings');
  await expect(interest(page)).toHaveValue('typed before a key exists');
  await expect(generate(page)).toBeDisabled();
});

async function openGeneratorWithoutKey(page: Page): Promise<void> {
  await page.goto('/app-summary');
  await expect(generator(page).getByRole('heading', { level: 2, name: 'Startup Idea Generator' })).toBeVisible({ timeout: 45_000 });
}

test('view-only accounts generate and download ideas but cannot save or delete them', async ({ page }) => {
  const user = await createUser({ role: 'view_only' });
  await withOpenAiKey(user);
  // An idea kept from before the account became view-only.
  const { error } = await serviceClient()
    .from('startup_ideas')
    .insert({
      user_id: user.id,
      name: 'Earlier Idea',
      description: 'Saved before.',
      business_plan: { executive: 'e', market: 'm', solution: 's' },
    });
  expect(error).toBeNull();
  await signInAs(page, user);
  await page.goto('/saved-ideas');
  await expect(savedList(page).getByRole('button', { name: 'View Earlier Idea' })).toBeVisible();
  await expect(savedList(page).getByRole('button', { name: 'Delete Earlier Idea' })).toHaveCount(0);

  await openGenerator(page);
  await generateIdea(page, 'urban gardening', 'Urban Gardening Pilot');
  await expect(generator(page).getByText('View-only accounts cannot save ideas; download it instead.')).toBeVisible();
  await expect(generator(page).getByRole('button', { name: 'Save idea' })).toHaveCount(0);
  await expect(generator(page).getByRole('button', { name: 'Download DOCX' })).toBeEnabled();
  await screens(page, 'ideas-view-only');
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('generator and saved ideas read well in dark mode', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await createUser();
    await withOpenAiKey(user);
    await signInAs(page, user);
    await openGenerator(page);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await generateIdea(page, 'language learning', 'Language Learning Pilot');
    expect(await seriousViolations(page), '/app-summary in dark mode').toEqual([]);
    await screens(page, 'startup-idea-dark');
    await generator(page).getByRole('button', { name: 'Save idea' }).click();
    await expect(toast(page)).toContainText('Idea saved');
    await page.goto('/saved-ideas');
    await savedList(page).getByRole('button', { name: 'View Language Learning Pilot' }).click();
    await expect(page.getByRole('dialog', { name: 'Language Learning Pilot' })).toBeVisible();
    expect(await seriousViolations(page), '/saved-ideas in dark mode').toEqual([]);
    await screens(page, 'saved-idea-dialog-dark');
  });
});
