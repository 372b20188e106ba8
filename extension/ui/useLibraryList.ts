import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CachedFolder, CachedPrompt } from '@/extension/lib/librarySnapshot.ts';
import type { AuthUser } from '@/extension/lib/messaging.ts';
import {
  FOLDER_PAGE_SIZE,
  panelLibraryQueries,
  REMEMBERED,
  useToggleFavoriteMutation,
  type PanelContents,
  type PanelList,
} from '../queries/panelLibrary.ts';
import { errorMessage } from '@/shared/ui/query.ts';
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

const EMPTY: PanelContents = { folders: [], prompts: [], total: 0 };

export function useLibraryList(user: AuthUser, mode: LibraryMode, folderId: string | null, query: string): LibraryList {
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

  const { mutateAsync: setFavourite } = useToggleFavoriteMutation(extData);
  /** The failure's message, or null once starred or unstarred. */
  const toggleFavorite = useCallback(
    (prompt: CachedPrompt): Promise<string | null> =>
      setFavourite({ prompt, next: !prompt.isFavorite }).then(
        () => null,
        (error: Error) => error.message,
      ),
    [setFavourite],
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
