import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listFolderContents, searchLibrary, setFavorite } from '@/shared/data/promptLibrary/library.ts';
import { listFavoritePrompts } from '@/extension/lib/favorites.ts';
import type { CachedFolder, CachedPrompt } from '@/extension/lib/librarySnapshot.ts';
import { sendMessage, type AuthUser } from '@/extension/lib/messaging.ts';
import { rememberedLibrary, rememberLibrary, takeBootRoot } from '../ui/boot.ts';
import { unwrap, type DataClient } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';

/**
 * The side panel's library lists (keys under `prompts`, so a change to the library reaches them).
 * Their own module: they take the panel's boot-time reading, which the dashboard must never load.
 */

/** One list of the panel: a folder's subfolders and prompts, the favourites, or a whole-library search. */
export type PanelList = { mode: string; folderId: string | null; query: string };

/** A list's rows as the panel draws them (a remembered root holds only these fields). */
export interface PanelContents {
  folders: CachedFolder[];
  prompts: CachedPrompt[];
  /** All prompts that match (prompts holds the first `limit` of them). */
  total: number;
}

/** Prompts read per folder page (the panel offers "Show more" beyond it). */
export const FOLDER_PAGE_SIZE = 100;

/** The time given to the remembered root: never read from the server, so it is stale and read at once. */
export const REMEMBERED = 0;

export const panelLibraryQueries = {
  /** A list's first `limit` prompts; the root's first page comes from the panel's boot and is remembered for the next opening. */
  list: (client: DataClient, user: AuthUser, list: PanelList, limit: number) => {
    const rootFirstPage = list.mode === 'folders' && list.folderId === null && limit === FOLDER_PAGE_SIZE;
    return queryOptions({
      queryKey: queryKeys.prompts.panelList({ ...list, limit }),
      queryFn: async (): Promise<PanelContents> => {
        const supabase = await client();
        if (list.mode === 'search') {
          const found = unwrap(await searchLibrary(supabase, list.query, { limit }));
          return { folders: [], prompts: found.prompts, total: found.total };
        }
        if (list.mode === 'favorites') {
          const prompts = unwrap(await listFavoritePrompts(supabase, limit));
          return { folders: [], prompts, total: prompts.length };
        }
        const prefetched = rootFirstPage ? await takeBootRoot() : null;
        const read = prefetched?.data ?? unwrap(await listFolderContents(supabase, list.folderId, 'name_asc', { limit }));
        const contents = { folders: read.folders, prompts: read.prompts, total: read.totalPrompts };
        if (rootFirstPage) rememberLibrary({ id: user.id, email: user.email }, contents);
        return contents;
      },
      // The root as the panel last showed it to this account: shown at once (as still loading), then read again.
      initialData: () => {
        const remembered = rootFirstPage ? rememberedLibrary(user.id) : null;
        return remembered ? { folders: remembered.folders, prompts: remembered.prompts, total: remembered.total } : undefined;
      },
      initialDataUpdatedAt: REMEMBERED,
    });
  },
};

type ListKey = ReturnType<typeof queryKeys.prompts.panelList>;
const isFavourites = (key: readonly unknown[]) => (key as ListKey)[2]?.mode === 'favorites';

/**
 * Stars or unstars a prompt: at once in every list read so far, back if the server says no. The
 * favourites read before are read again when next shown, and the context menu (which lists them) too.
 */
export function useToggleFavoriteMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const patch = (promptId: string, isFavorite: boolean) =>
    queryClient.setQueriesData<PanelContents>({ queryKey: queryKeys.prompts.panelLists() }, (contents) =>
      contents?.prompts.some((p) => p.id === promptId)
        ? { ...contents, prompts: contents.prompts.map((p) => (p.id === promptId ? { ...p, isFavorite } : p)) }
        : contents,
    );
  return useMutation({
    onMutate: ({ prompt, next }: { prompt: CachedPrompt; next: boolean }) => patch(prompt.id, next),
    mutationFn: async ({ prompt, next }: { prompt: CachedPrompt; next: boolean }) =>
      unwrap(await setFavorite(await client(), prompt.id, next)),
    onError: (_error, { prompt, next }) => patch(prompt.id, !next),
    onSuccess: () => {
      // The one on screen keeps its rows until shown again.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.prompts.panelLists(),
        predicate: (q) => isFavourites(q.queryKey),
        refetchType: 'inactive',
      });
      void sendMessage('menu:refresh').catch(() => undefined);
    },
  });
}
