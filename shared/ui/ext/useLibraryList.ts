import { useCallback, useEffect, useState } from 'react';
import type { LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { listFolderContents, searchLibrary, setFavorite, type PromptCard } from '@/shared/data/promptLibrary/library.ts';
import { listFavoritePrompts } from '@/shared/ext/favorites.ts';
import { sendMessage, type AuthUser } from '@/shared/ext/messaging.ts';
import { rememberedLibrary, rememberLibrary, takeBootRoot } from './boot.ts';
import { extData } from './extClient.ts';

/**
 * What the panel's library shows: one folder's subfolders and prompts, the favourites, or the
 * whole-library search — read through the shared data layer with the panel's client.
 */

export type LibraryMode = 'folders' | 'favorites' | 'recent';

/** Prompts read per folder page (the panel offers "Show more" beyond it). */
export const FOLDER_PAGE_SIZE = 100;

export interface LibraryList {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  folders: LibraryFolder[];
  prompts: PromptCard[];
  /** All prompts that match (prompts holds the first pages of them). */
  total: number;
  reload(): void;
  showMore(): void;
  toggleFavorite(prompt: PromptCard): Promise<string | null>;
}

export function useLibraryList(user: AuthUser, mode: LibraryMode, folderId: string | null, query: string): LibraryList {
  const { id: userId, email } = user;
  const [state, setState] = useState<Omit<LibraryList, 'reload' | 'showMore' | 'toggleFavorite'>>(() => {
    // The root as the panel last showed it to this account: shown at once, then refreshed.
    const remembered = rememberedLibrary(userId);
    return remembered
      ? { status: 'ready', error: null, folders: remembered.folders, prompts: remembered.prompts, total: remembered.total }
      : { status: 'loading', error: null, folders: [], prompts: [], total: 0 };
  });
  const [limit, setLimit] = useState(FOLDER_PAGE_SIZE);
  const [generation, setGeneration] = useState(0);

  useEffect(() => setLimit(FOLDER_PAGE_SIZE), [mode, folderId, query]);

  useEffect(() => {
    if (mode === 'recent' && !query) return;
    let alive = true;
    const rootFirstPage = mode === 'folders' && !query && folderId === null && limit === FOLDER_PAGE_SIZE;
    // Revalidating what is on screen (the remembered root) keeps it usable meanwhile.
    setState((s) => (rootFirstPage && s.status === 'ready' ? s : { ...s, status: 'loading', error: null }));
    const load = async () => {
      const client = await extData();
      if (query) {
        const r = await searchLibrary(client, query, { limit });
        return r.error ? r : { data: { folders: [], prompts: r.data.prompts, total: r.data.total }, error: null };
      }
      if (mode === 'favorites') {
        const r = await listFavoritePrompts(client, limit);
        return r.error ? r : { data: { folders: [], prompts: r.data, total: r.data.length }, error: null };
      }
      const prefetched = rootFirstPage ? await takeBootRoot() : null;
      const r = prefetched?.data ? prefetched : await listFolderContents(client, folderId, 'name_asc', { limit });
      if (r.error) return r;
      const contents = { folders: r.data.folders, prompts: r.data.prompts, total: r.data.totalPrompts };
      if (rootFirstPage) rememberLibrary({ id: userId, email }, contents);
      return { data: contents, error: null };
    };
    void load().then((result) => {
      if (!alive) return;
      setState(
        result.error
          ? { status: 'error', error: result.error.message, folders: [], prompts: [], total: 0 }
          : { status: 'ready', error: null, ...result.data },
      );
    });
    return () => {
      alive = false;
    };
  }, [userId, email, mode, folderId, query, limit, generation]);

  const toggleFavorite = useCallback(async (prompt: PromptCard) => {
    const next = !prompt.isFavorite;
    const patch = (isFavorite: boolean) =>
      setState((s) => ({ ...s, prompts: s.prompts.map((p) => (p.id === prompt.id ? { ...p, isFavorite } : p)) }));
    patch(next);
    const { error } = await setFavorite(await extData(), prompt.id, next);
    if (error) {
      patch(!next);
      return error.message;
    }
    // The context menu lists the favourites.
    void sendMessage('menu:refresh').catch(() => undefined);
    return null;
  }, []);

  return {
    ...state,
    reload: () => setGeneration((g) => g + 1),
    showMore: () => setLimit((l) => l + FOLDER_PAGE_SIZE),
    toggleFavorite,
  };
}
