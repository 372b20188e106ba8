import { test } from '@playwright/test';
import { card, cardNames, crumbs, dialog, expect, FIRST_LOAD_MS, folderCard, grid, seed, unexpected } from './prompt-library-support.ts';
import { screenshots, seriousViolations, watchErrors } from './screens.ts';
import { createUser, serviceClient, signInAs } from './support.ts';

/**
 * Views of the prompt library: tags, favourites and search across the library, a folder of
 * 10,000 prompts (virtual grid, pages of cards), and /prompts-library (the same library titled for
 * folders) in dark mode and at phone width.
 */

test('tags, favourites and search across the library', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await seed(
    user,
    [{ name: 'Marketing' }, { name: 'Emails', parent: 'Marketing' }],
    [
      { name: 'Webinar invite', folder: 'Emails', tags: ['Webinar', 'email'] },
      { name: 'Webinar follow-up', tags: ['webinar'], favorite: true },
      { name: 'SEO audit', folder: 'Marketing', tags: ['seo'] },
      { name: 'Podcast intro', text: 'Write a podcast intro about webinar funnels' },
    ],
  );
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(card(page, 'Podcast intro')).toBeVisible({ timeout: FIRST_LOAD_MS });

  // Star a prompt, then the favourites view (kept in the URL).
  const star = card(page, 'Podcast intro').getByRole('button', { name: 'Add Podcast intro to favourites' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(card(page, 'Podcast intro').getByRole('button', { name: 'Remove Podcast intro from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Favourites', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Favourites' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('2 prompts');
  await expect.poll(() => cardNames(page)).toEqual(['Podcast intro', 'Webinar follow-up']);
  await expect(card(page, 'Webinar follow-up')).toContainText('My Prompts Library');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Favourites', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await card(page, 'Podcast intro').getByRole('button', { name: 'Remove Podcast intro from favourites' }).click();
  await expect(card(page, 'Podcast intro')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'prompt' })).toHaveText('1 prompt');
  await page.getByRole('button', { name: 'Back to My Prompts Library' }).click();
  await expect(crumbs(page)).toHaveText('My Prompts Library');

  // A tag chip filters the whole library; spellings of one tag count as one.
  await card(page, 'Webinar follow-up').getByRole('button', { name: 'Show prompts tagged webinar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Tagged “webinar”$/i })).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(['Webinar follow-up', 'Webinar invite']);
  await expect(card(page, 'Webinar invite')).toContainText('My Prompts Library / Marketing / Emails');
  // The tag picker lists every tag with its count.
  await page.getByRole('combobox', { name: 'Tag', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([/^email\s*1$/, /^seo\s*1$/, /^webinar\s*2$/i]);
  await page.getByRole('option', { name: /^seo/ }).click();
  await expect.poll(() => cardNames(page)).toEqual(['SEO audit']);
  await expect(card(page, 'SEO audit')).toContainText('My Prompts Library / Marketing');

  // Search: names, texts and tags, case-insensitive, favourites first; each result shows its folder.
  await page.getByRole('button', { name: 'Back to My Prompts Library' }).click();
  await page.getByLabel('Search your library').fill('WEBINAR');
  await expect(page.getByRole('heading', { level: 2, name: 'Search results for “WEBINAR”' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('3 prompts');
  await expect.poll(() => cardNames(page)).toEqual(['Webinar follow-up', 'Podcast intro', 'Webinar invite']);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'library-search');
  await page.getByLabel('Search your library').fill('no such words');
  await expect(page.getByText('No prompts match “no such words”. Search looks at names, prompt texts and tags.')).toBeVisible();
  // Back leaves the search (one history entry for it, however much was typed).
  await page.goBack();
  await expect(crumbs(page)).toHaveText('My Prompts Library');
  await expect(page.getByLabel('Search your library')).toHaveValue('');
  await expect(card(page, 'Podcast intro')).toBeVisible();
  expect(unexpected(errors)).toEqual([]);
});

test('a folder of 10,000 prompts opens, scrolls to its end and searches smoothly (virtual grid, pages of cards)', async ({ page }) => {
  test.setTimeout(300_000);
  const user = await createUser();
  const [folderId] = [...(await seed(user, [{ name: 'Big' }], [])).values()];
  const service = serviceClient();
  const words = ['launch', 'webinar', 'pricing', 'funnel', 'newsletter', 'onboarding', 'referral', 'podcast'];
  for (let batch = 0; batch < 10; batch++) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const n = batch * 1000 + i;
      return {
        user_id: user.id,
        folder_id: folderId,
        name: `Prompt ${String(n).padStart(5, '0')}`,
        prompt_text: `Act as an expert ${words[n % words.length]} strategist. Write a detailed plan for [product] aimed at [audience], step by step, with metrics. Ref ${n}.`,
        tags: [words[(n * 3) % words.length]!],
      };
    });
    const { error } = await service.from('saved_prompts').insert(rows);
    if (error) throw new Error(error.message);
  }
  await signInAs(page, user);
  await page.goto('/my-prompts');
  await expect(folderCard(page, 'Big')).toBeVisible({ timeout: FIRST_LOAD_MS });

  let started = Date.now();
  await folderCard(page, 'Big').getByRole('link', { name: 'Open Folder Big' }).click();
  await expect(card(page, 'Prompt 00000')).toBeVisible();
  const openMs = Date.now() - started;
  await expect(grid(page).getByRole('listitem').first()).toHaveAttribute('aria-setsize', '10000');
  // Only the rows near the screen are in the page.
  expect(await grid(page).getByRole('article').count()).toBeLessThan(60);

  started = Date.now();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(card(page, 'Prompt 09999')).toBeVisible();
  const endMs = Date.now() - started;
  expect(await grid(page).getByRole('article').count()).toBeLessThan(60);

  // Halfway, by keyboard scrolling: a page read on demand.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(grid(page).getByRole('article').first()).toHaveAttribute('aria-label', /^Prompt 0[45]\d{3}$/);

  started = Date.now();
  await page.getByLabel('Search your library').fill('Prompt 0999');
  await expect(page.getByRole('status').filter({ hasText: 'prompts' })).toHaveText('10 prompts');
  const searchMs = Date.now() - started; // includes the 300 ms typing pause
  await expect(card(page, 'Prompt 09990')).toBeVisible();
  test.info().annotations.push({
    type: 'timing',
    description: `10,000 prompts: open ${openMs} ms, scroll to the end ${endMs} ms, search ${searchMs} ms (busy shared machine)`,
  });
  console.log(`[library] 10,000 prompts: open ${openMs} ms, scroll to the end ${endMs} ms, search ${searchMs} ms`);
});

test('/prompts-library is the same library titled for folders; dark mode and phone widths', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const user = await createUser();
  await seed(
    user,
    [{ name: 'Clients' }, { name: 'Templates' }],
    [
      {
        name: 'Launch email',
        text: 'Write a launch email for [product] to [audience] in a [tone: friendly|formal] voice.',
        tags: ['email', 'launch', 'sales', 'q4'],
        favorite: true,
      },
      { name: 'Blog outline', text: 'Outline a blog post about [topic] with five sections and a strong hook.', tags: ['blog'] },
      { name: 'Tweet thread', text: 'Turn [article] into a 7-tweet thread.' },
    ],
  );
  await signInAs(page, user);
  await page.goto('/manage-folders');
  await page
    .getByRole('link', { name: /Prompt Folders/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/prompts-library$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt Folders' })).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(folderCard(page, 'Clients')).toBeVisible();
  // Folders open within /prompts-library.
  await folderCard(page, 'Clients').getByRole('link', { name: 'Open Folder Clients' }).click();
  await expect(page).toHaveURL(/\/prompts-library\?folder=/);
  await page.goBack();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(card(page, 'Launch email')).toBeVisible();
  expect(await seriousViolations(page), '/prompts-library in dark mode').toEqual([]);
  await screenshots(page, 'library-dark');
  await page.getByRole('button', { name: 'New prompt' }).click();
  await expect(dialog(page).getByLabel('Prompt name')).toBeVisible();
  expect(await seriousViolations(page), 'prompt dialog in dark mode').toEqual([]);
  await screenshots(page, 'library-prompt-dialog-dark');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/my-prompts');
  await expect(card(page, 'Launch email')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await screenshots(page, 'library-root');
  expect(unexpected(errors)).toEqual([]);
});
