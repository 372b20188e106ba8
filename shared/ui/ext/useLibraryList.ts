import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { setFavorite } from '@/shared/data/promptLibrary/library.ts';
import type { CachedFolder, CachedPrompt } from '@/shared/ext/librarySnapshot.ts';
import { sendMessage, type AuthUser } from '@/shared/ext/messaging.ts';
import { FOLDER_PAGE_SIZE, panelLibraryQueries, REMEMBERED, type PanelContents, type PanelList } from '../queries/panelLibrary.ts';
import { errorMessage } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';
import { extData } from './extClient.ts';

/**
 * What the panel's library shows: one folder's subfolders and prompts, the favourites, or the
 * whole-library search — read through the shared data layer with the panel's client.
 */

export type LibraryMode = 'folders' | 'favorites' | 'recent';

export interface LibraryList {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** The rows as the list draws them (a remembered root holds only these fields). */
  folders: CachedFolder[];
  prompts: CachedPrompt[];
  /** All prompts that match (prompts holds the first pages of them). */
  total: number;
  reload(): void;
  showMore(): void;
  toggleFavorite(prompt: CachedPrompt): Promise<string | null>;
}

type ListKey = ReturnType<typeof queryKeys.prompts.panelList>;

const EMPTY: PanelContents = { folders: [], prompts: [], total: 0 };
const isFavourites = (key: readonly unknown[]) => (key as ListKey)[2]?.mode === 'favorites';

export function useLibraryList(user: AuthUser, mode: LibraryMode, folderId: string | null, query: string): LibraryList {
  const queryClient = useQueryClient();
  // What the list is (a search spans every folder); "Show more" raises its limit, a new list starts at one page.
  const list: PanelList = query
    ? { mode: 'search', folderId: null, query }
    : { mode, folderId: mode === 'folders' ? folderId : null, query: '' };
  const listId = JSON.stringify(list);
  const [more, setMore] = useState({ listId, limit: FOLDER_PAGE_SIZE });
  const limit = more.listId === listId ? more.limit : FOLDER_PAGE_SIZE;

  const result = useQuery({
    ...panelLibraryQueries.list(extData, user, list, limit),
    enabled: mode !== 'recent' || Boolean(query),
    // The list shown stays under the progress bar while the next one (a folder, a search, more) loads.
    placeholderData: keepPreviousData,
  });

  const toggleFavorite = useCallback(
    async (prompt: CachedPrompt) => {
      const next = !prompt.isFavorite;
      // At once in every list read so far; back if the server says no.
      const patch = (isFavorite: boolean) =>
        queryClient.setQueriesData<PanelContents>({ queryKey: queryKeys.prompts.panelLists() }, (contents) =>
          contents?.prompts.some((p) => p.id === prompt.id)
            ? { ...contents, prompts: contents.prompts.map((p) => (p.id === prompt.id ? { ...p, isFavorite } : p)) }
            : contents,
        );
      patch(next);
      const { error } = await setFavorite(await extData(), prompt.id, next);
      if (error) {
        patch(!next);
        return error.message;
      }
      // The favourites read before are read again (the one on screen keeps its rows until shown again).
      void queryClient.invalidateQueries({
        queryKey: queryKeys.prompts.panelLists(),
        predicate: (q) => isFavourites(q.queryKey),
        refetchType: 'inactive',
      });
      // The context menu lists the favourites.
      void sendMessage('menu:refresh').catch(() => undefined);
      return null;
    },
    [queryClient],
  );

  const { data, status, error, isFetching, isPlaceholderData, dataUpdatedAt, refetch } = result;
  const failed = status === 'error' && !isFetching;
  const shown = failed ? EMPTY : (data ?? EMPTY);
  const remembered = dataUpdatedAt === REMEMBERED && isFetching;
  return {
    status: failed ? 'error' : data && !isPlaceholderData && !remembered ? 'ready' : 'loading',
    error: failed ? errorMessage(error) : null,
    ...shown,
    reload: () => void refetch(),
    showMore: () => setMore({ listId, limit: limit + FOLDER_PAGE_SIZE }),
    toggleFavorite,
  };
}
