import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { listFolderContents, searchLibrary, setFavorite } from '@/shared/data/promptLibrary/library.ts';
import { listFavoritePrompts } from '@/shared/ext/favorites.ts';
import type { CachedFolder, CachedPrompt } from '@/shared/ext/librarySnapshot.ts';
import { sendMessage, type AuthUser } from '@/shared/ext/messaging.ts';
import { errorMessage, unwrap } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';
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
  /** The rows as the list draws them (a remembered root holds only these fields). */
  folders: CachedFolder[];
  prompts: CachedPrompt[];
  /** All prompts that match (prompts holds the first pages of them). */
  total: number;
  reload(): void;
  showMore(): void;
  toggleFavorite(prompt: CachedPrompt): Promise<string | null>;
}

type Contents = Pick<LibraryList, 'folders' | 'prompts' | 'total'>;
type ListKey = ReturnType<typeof queryKeys.prompts.panelList>;

const EMPTY: Contents = { folders: [], prompts: [], total: 0 };
/** The time given to the remembered root: never read from the server, so it is stale and read at once. */
const REMEMBERED = 0;
const isFavourites = (key: readonly unknown[]) => (key as ListKey)[2]?.mode === 'favorites';

export function useLibraryList(user: AuthUser, mode: LibraryMode, folderId: string | null, query: string): LibraryList {
  const { id: userId, email } = user;
  const queryClient = useQueryClient();
  // What the list is (a search spans every folder); "Show more" raises its limit, a new list starts at one page.
  const list = query ? { mode: 'search', folderId: null, query } : { mode, folderId: mode === 'folders' ? folderId : null, query: '' };
  const listId = JSON.stringify(list);
  const [more, setMore] = useState({ listId, limit: FOLDER_PAGE_SIZE });
  const limit = more.listId === listId ? more.limit : FOLDER_PAGE_SIZE;
  const rootFirstPage = list.mode === 'folders' && list.folderId === null && limit === FOLDER_PAGE_SIZE;

  const result = useQuery({
    queryKey: queryKeys.prompts.panelList({ ...list, limit }),
    queryFn: async (): Promise<Contents> => {
      const client = await extData();
      if (query) {
        const found = unwrap(await searchLibrary(client, query, { limit }));
        return { folders: [], prompts: found.prompts, total: found.total };
      }
      if (mode === 'favorites') {
        const prompts = unwrap(await listFavoritePrompts(client, limit));
        return { folders: [], prompts, total: prompts.length };
      }
      const prefetched = rootFirstPage ? await takeBootRoot() : null;
      const read = prefetched?.data ?? unwrap(await listFolderContents(client, folderId, 'name_asc', { limit }));
      const contents = { folders: read.folders, prompts: read.prompts, total: read.totalPrompts };
      if (rootFirstPage) rememberLibrary({ id: userId, email }, contents);
      return contents;
    },
    enabled: mode !== 'recent' || Boolean(query),
    // The root as the panel last showed it to this account: shown at once (as still loading), then read again.
    initialData: () => {
      const remembered = rootFirstPage ? rememberedLibrary(userId) : null;
      return remembered ? { folders: remembered.folders, prompts: remembered.prompts, total: remembered.total } : undefined;
    },
    initialDataUpdatedAt: REMEMBERED,
    // The list shown stays under the progress bar while the next one (a folder, a search, more) loads.
    placeholderData: keepPreviousData,
  });

  const toggleFavorite = useCallback(
    async (prompt: CachedPrompt) => {
      const next = !prompt.isFavorite;
      // At once in every list read so far; back if the server says no.
      const patch = (isFavorite: boolean) =>
        queryClient.setQueriesData<Contents>({ queryKey: queryKeys.prompts.panelLists() }, (contents) =>
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
