import { useCallback, useEffect, useState } from 'react';
import type { LibraryFolder } from '../../core/promptLibrary.ts';
import { listFolderContents, searchLibrary, setFavorite, type PromptCard } from '../../data/prompts.ts';
import { listFavoritePrompts } from '../../ext/favorites.ts';
import { sendMessage } from '../../ext/messaging.ts';
import { extClient } from './account.ts';

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

export function useLibraryList(mode: LibraryMode, folderId: string | null, query: string): LibraryList {
  const [state, setState] = useState<Omit<LibraryList, 'reload' | 'showMore' | 'toggleFavorite'>>({
    status: 'loading',
    error: null,
    folders: [],
    prompts: [],
    total: 0,
  });
  const [limit, setLimit] = useState(FOLDER_PAGE_SIZE);
  const [generation, setGeneration] = useState(0);

  useEffect(() => setLimit(FOLDER_PAGE_SIZE), [mode, folderId, query]);

  useEffect(() => {
    if (mode === 'recent' && !query) return;
    let alive = true;
    const { client } = extClient();
    setState((s) => ({ ...s, status: 'loading', error: null }));
    const load = async () => {
      if (query) {
        const r = await searchLibrary(client, query, { limit });
        return r.error ? r : { data: { folders: [], prompts: r.data.prompts, total: r.data.total }, error: null };
      }
      if (mode === 'favorites') {
        const r = await listFavoritePrompts(client, limit);
        return r.error ? r : { data: { folders: [], prompts: r.data, total: r.data.length }, error: null };
      }
      const r = await listFolderContents(client, folderId, 'name_asc', { limit });
      return r.error ? r : { data: { folders: r.data.folders, prompts: r.data.prompts, total: r.data.totalPrompts }, error: null };
    };
    void load().then((result) => {
      if (!alive) return;
      setState(result.error ? { status: 'error', error: result.error.message, folders: [], prompts: [], total: 0 } : { status: 'ready', error: null, ...result.data });
    });
    return () => {
      alive = false;
    };
  }, [mode, folderId, query, limit, generation]);

  const toggleFavorite = useCallback(async (prompt: PromptCard) => {
    const next = !prompt.isFavorite;
    const patch = (isFavorite: boolean) =>
      setState((s) => ({ ...s, prompts: s.prompts.map((p) => (p.id === prompt.id ? { ...p, isFavorite } : p)) }));
    patch(next);
    const { error } = await setFavorite(extClient().client, prompt.id, next);
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
