import { expect as baseExpect, type Page } from '@playwright/test';
import { MOBILE, screenshots } from './screens.ts';
import { serviceClient, type TestUser } from './support.ts';

/**
 * Shared by the document-generator specs (validation, generation, documents): the generator's form
 * and its actions, the screenshots, and rows seeded or read with the service role.
 */

// The machine is shared and busy: generous waits (never sleeps).
export const expect = baseExpect.configure({ timeout: 15_000 });
export const service = () => serviceClient();
const THIS_MONTH = () => `${new Date().toISOString().slice(0, 7)}-01`;

/** Puts this month's counter at `count` (as the integration tests seed it). */
export async function seedCount(user: TestUser, count: number) {
  const { error } = await service()
    .from('user_generation_counts')
    .upsert({ user_id: user.id, generation_count: count, current_month: THIS_MONTH() });
  if (error) throw new Error(error.message);
}

export async function storedCount(user: TestUser): Promise<{ count: number; reservations: number }> {
  const [counts, reservations] = await Promise.all([
    service().from('user_generation_counts').select('generation_count').eq('user_id', user.id).maybeSingle(),
    service().from('generation_reservations').select('id', { count: 'exact', head: true }).eq('user_id', user.id),
  ]);
  return { count: (counts.data as { generation_count: number } | null)?.generation_count ?? 0, reservations: reservations.count ?? 0 };
}

export async function seedFolder(user: TestUser, name: string, parentId: string | null = null): Promise<string> {
  const { data, error } = await service()
    .from('document_folders')
    .insert({ user_id: user.id, name, parent_folder_id: parentId })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

export async function seedDocument(
  user: TestUser,
  doc: { name: string; content: string; folderId?: string | null; daysAgo?: number; templateId?: string },
): Promise<string> {
  const createdAt = new Date(Date.now() - (doc.daysAgo ?? 0) * 86_400_000).toISOString();
  const { data, error } = await service()
    .from('generated_documents')
    .insert({
      user_id: user.id,
      name: doc.name,
      content: doc.content,
      folder_id: doc.folderId ?? null,
      template_id: doc.templateId ?? 'blog_post',
      created_at: createdAt,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

export const form = (page: Page) => page.getByRole('form', { name: 'Document generator' });
export const promptField = (page: Page) => form(page).getByRole('textbox', { name: 'Prompt', exact: true });
export const counter = (page: Page) => page.getByTestId('quota-count');
export const generated = (page: Page) => page.getByTestId('generated-document');

export async function chooseTemplate(page: Page, label: string) {
  await form(page).getByRole('combobox', { name: 'Document template' }).click();
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
}

export const press = (page: Page, name: 'Generate' | 'Generate document') => form(page).getByRole('button', { name, exact: true }).click();

export async function openGenerator(page: Page) {
  await page.goto('/document-generator');
  await expect(page.getByRole('heading', { level: 1, name: 'Document Generator' })).toBeVisible({ timeout: 60_000 });
  await expect(counter(page)).toBeVisible();
}

/** Keeps the prompt as typed and writes the document (first press: suggestion; second: the document). */
export async function generateKeepingPrompt(page: Page) {
  await press(page, 'Generate');
  await expect(page.getByRole('region', { name: 'Suggested prompt' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Keep my prompt' }).click();
  await press(page, 'Generate document');
  await expect(page.getByTestId('result-state')).toHaveText('Saved', { timeout: 30_000 });
}

/**
 * The shared screenshots (desktop, phone), first naming what sticks out if the phone width
 * overflows (polled: the shell swaps its sidebar for a drawer on the render after the resize).
 */
export async function shoot(page: Page, name: string) {
  await page.setViewportSize(MOBILE);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .map(
              (e) =>
                `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 3).join('.')} → ${Math.round(e.getBoundingClientRect().right)}px`,
            )
            .slice(0, 8),
        ),
      { message: `${name}: elements wider than the phone` },
    )
    .toEqual([]);
  await screenshots(page, name);
}
