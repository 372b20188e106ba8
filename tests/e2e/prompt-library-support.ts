import { expect as baseExpect, type Page } from '@playwright/test';
import { serviceClient, type TestUser } from './support.ts';

/**
 * Shared by the prompt-library specs (folders, import, views): the page's landmarks and cards,
 * page errors to ignore, and the library seeded or read with the service role.
 */

// The machine is shared and busy: generous waits, never sleeps.
export const expect = baseExpect.configure({ timeout: 20_000 });
/** The first page of a test also loads the app and the session: the slowest wait on a loaded machine. */
export const FIRST_LOAD_MS = 90_000;

export const grid = (page: Page) => page.getByRole('list', { name: /^(Folders and prompts|Prompts)$/ });
export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
export const folderCard = (page: Page, name: string) => page.getByRole('article', { name: `Folder ${name}`, exact: true });
export const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
export const dialog = (page: Page) => page.getByRole('dialog');

/**
 * Page errors other than the key loader's 406: it reads the user's key row with .single(), and an
 * account without keys has none (that answer is ignored).
 */
export const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('status of 406 (Not Acceptable)'));

/** Names of the cards on screen, in order (folders first). */
export const cardNames = (page: Page) =>
  grid(page)
    .getByRole('article')
    .evaluateAll((articles) => articles.map((a) => a.getAttribute('aria-label')));

/** The user's library as stored (service role): folders by path, prompts by folder path. */
export async function storedLibrary(user: TestUser) {
  const service = serviceClient();
  const folders = (await service.from('prompt_folders').select('id, name, parent_folder_id').eq('user_id', user.id)).data as {
    id: string;
    name: string;
    parent_folder_id: string | null;
  }[];
  const prompts = (await service.from('saved_prompts').select('name, folder_id, tags, is_favorite').eq('user_id', user.id)).data as {
    name: string;
    folder_id: string | null;
    tags: string[];
    is_favorite: boolean;
  }[];
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path = (id: string | null): string => (id ? `${path(byId.get(id)?.parent_folder_id ?? null)}/${byId.get(id)?.name ?? '?'}` : '');
  return {
    folders: folders.map((f) => path(f.id)).sort(),
    prompts: prompts.map((p) => `${path(p.folder_id)}/${p.name}`).sort(),
    raw: prompts,
  };
}

/** Seeds folders and prompts straight into the database (service role), for tests whose subject is not creating them. */
export async function seed(
  user: TestUser,
  folders: { name: string; parent?: string }[],
  prompts: { name: string; text?: string; folder?: string; tags?: string[]; favorite?: boolean; createdAt?: string }[],
) {
  const service = serviceClient();
  const ids = new Map<string, string>();
  for (const f of folders) {
    const { data, error } = await service
      .from('prompt_folders')
      .insert({ user_id: user.id, name: f.name, parent_folder_id: f.parent ? ids.get(f.parent) : null })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    ids.set(f.name, (data as { id: string }).id);
  }
  if (prompts.length) {
    const { error } = await service.from('saved_prompts').insert(
      prompts.map((p) => ({
        user_id: user.id,
        name: p.name,
        prompt_text: p.text ?? `Write about [topic] for ${p.name}`,
        folder_id: p.folder ? ids.get(p.folder) : null,
        tags: p.tags ?? [],
        is_favorite: p.favorite ?? false,
        ...(p.createdAt ? { created_at: p.createdAt } : {}),
      })),
    );
    if (error) throw new Error(error.message);
  }
  return ids;
}
