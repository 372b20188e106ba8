import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { importReportNotice } from '@/shared/core/promptLibrary/import.ts';
import {
  buildFolderPath,
  LIBRARY_ERRORS,
  LIBRARY_SUCCESS,
  type DeleteTarget,
  type LibraryFolder,
  type LibraryPrompt,
  type LineImportRow,
  type PromptDraft,
} from '@/shared/core/promptLibrary/library.ts';
import { libraryMode, type LibraryView } from '@/shared/core/promptLibrary/view.ts';
import { buildPromptStacks, builtInFolderOf, type OwnPrompt, type StackCategory, type StackPrompt } from '@/shared/core/promptStacks.ts';
import { fromFreePrompt, fromSavedPrompt, type RunnablePrompt } from '@/shared/core/runPrompt.ts';
import { folderSummary, listFilteredPrompts, listTags } from '@/shared/data/promptLibrary/browse.ts';
import {
  createFolder,
  createPrompt,
  deleteFolder,
  deletePrompt,
  getFolder,
  getPrompt,
  listAllFolders,
  listFolderContents,
  listRecentPrompts,
  importPromptLines,
  moveItems,
  renameFolder,
  searchLibrary,
  setFavorite,
  updatePrompt,
  type PromptCard,
} from '@/shared/data/promptLibrary/library.ts';
import { importLibrary } from '@/shared/data/promptLibrary/transfer.ts';
import { listFreeStacks, listOwnPromptsForStacks } from '@/shared/data/promptCatalog.ts';
import type { DataResult } from '@/shared/data/result.ts';
import { useNotify } from '../notices.tsx';
import { QueryError, unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** Prompts per request of the library grid: a few screens of cards; 10,000 prompts are read only as far as the user scrolls. */
export const CARDS_PAGE_SIZE = 120;

type CardsPage = { folders?: LibraryFolder[]; prompts: PromptCard[]; total: number };

/** A view's cards as read so far: the folders (first page), the total, and each page read by its number. */
export interface CardsData {
  folders: LibraryFolder[];
  total: number;
  pages: ReadonlyMap<number, PromptCard[]>;
}

/** One page of a view's cards: one folder's, a filter's across folders, or a search's. */
export async function readCardsPage(
  client: DataClient,
  view: LibraryView,
  tagSpellings: readonly string[] | null,
  page: number,
): Promise<DataResult<CardsPage>> {
  const mode = libraryMode(view);
  const supabase = await client();
  const range = { offset: page * CARDS_PAGE_SIZE, limit: CARDS_PAGE_SIZE };
  if (mode === 'search') {
    const result = await searchLibrary(supabase, view.query, range);
    return result.error ? result : { data: { prompts: result.data.prompts, total: result.data.total }, error: null };
  }
  if (mode === 'filter') {
    const anyTag = view.tag ? (tagSpellings ?? [view.tag]) : undefined;
    return listFilteredPrompts(supabase, { favorites: view.favorites, anyTag }, view.sort, range);
  }
  const result = await listFolderContents(supabase, view.folderId, view.sort, range);
  return result.error
    ? result
    : { data: { folders: result.data.folders, prompts: result.data.prompts, total: result.data.totalPrompts }, error: null };
}

interface PromptStacks {
  categories: StackCategory[];
  prompts: StackPrompt[];
  /** The free stacks loaded but the user's own prompts did not. */
  ownError: string | null;
}

async function loadPromptStacks(client: DataClient): Promise<PromptStacks> {
  const supabase = await client();
  const [free, own] = await Promise.all([listFreeStacks(supabase), listOwnPromptsForStacks(supabase)]);
  const stacks = unwrap(free);
  const ownPrompts: OwnPrompt[] = own.error ? [] : own.data;
  return { ...buildPromptStacks(stacks, ownPrompts), ownError: own.error?.message ?? null };
}

/** The prompt with where it comes from (origin: 'Free - Marketing Magic' or 'From your library'), or null when there is none. */
async function loadRunnable(
  client: DataClient,
  promptId: string,
  source: 'saved' | 'free',
): Promise<{ prompt: RunnablePrompt; origin: string } | null> {
  const supabase = await client();
  if (source === 'saved') {
    const saved = unwrap(await getPrompt(supabase, promptId));
    return saved ? { prompt: fromSavedPrompt(saved), origin: 'From your library' } : null;
  }
  // The built-in stacks are a handful of rows: one read gives the prompt and its category's name.
  const stacks = unwrap(await listFreeStacks(supabase));
  const prompt = stacks.prompts.find((p) => p.id === promptId);
  if (!prompt) return null;
  const category = stacks.categories.find((c) => c.id === prompt.categoryId)?.name ?? prompt.categoryId;
  return { prompt: fromFreePrompt(prompt), origin: builtInFolderOf(category, prompt.isPremium) };
}

/** The user's prompt library (the dashboard's pages and the side panel's runner; the panel's lists are in extension/queries/panelLibrary.ts). */
export const promptQueries = {
  recent: (client: DataClient, count: number) =>
    queryOptions({
      queryKey: queryKeys.prompts.recent(count),
      queryFn: async () => unwrap(await listRecentPrompts(await client(), count)),
    }),
  folders: (client: DataClient) =>
    queryOptions({ queryKey: queryKeys.prompts.folders(), queryFn: async () => unwrap(await listAllFolders(await client())) }),
  tags: (client: DataClient) =>
    queryOptions({ queryKey: queryKeys.prompts.tags(), queryFn: async () => unwrap(await listTags(await client())) }),
  stacks: (client: DataClient) => queryOptions({ queryKey: queryKeys.prompts.stacks(), queryFn: () => loadPromptStacks(client) }),
  /**
   * A view's cards. The first reading asks for the first page; every later one (after a change,
   * coming back to the view) re-reads the pages loaded so far, in one swap (no flicker).
   */
  cards: (client: DataClient, view: LibraryView, tagSpellings: readonly string[] | null) =>
    queryOptions({
      queryKey: queryKeys.prompts.cards({
        mode: libraryMode(view),
        folderId: view.folderId,
        sort: view.sort,
        query: view.query.trim(),
        favorites: view.favorites,
        tag: view.tag,
        tagSpellings,
      }),
      queryFn: async (context): Promise<CardsData> => {
        const loaded = context.client.getQueryData<CardsData>(context.queryKey);
        const pages = [...new Set([0, ...(loaded?.pages.keys() ?? [])])].sort((a, b) => a - b);
        const results = await Promise.all(pages.map((page) => readCardsPage(client, view, tagSpellings, page)));
        const read = results.map((result) => unwrap(result));
        const first = read[0]!;
        const next = new Map<number, PromptCard[]>();
        read.forEach((data, i) => {
          // Pages past a shrunken end are dropped (the grid asks again for what it shows); the first
          // page always stays, even empty: it carries the folders.
          const page = pages[i]!;
          if (page === 0 || page * CARDS_PAGE_SIZE < first.total) next.set(page, data.prompts);
        });
        return { folders: first.folders ?? [], total: first.total, pages: next };
      },
    }),
  /** One saved prompt, read afresh at each opening (nothing kept once its runner closes): the form is built from it. */
  detail: (client: DataClient, id: string) =>
    queryOptions({ queryKey: queryKeys.prompts.detail(id), queryFn: async () => unwrap(await getPrompt(await client(), id)), gcTime: 0 }),
  /** A saved or a free prompt to run, read afresh at each opening like `detail`. */
  runnable: (client: DataClient, id: string, source: 'saved' | 'free') =>
    queryOptions({ queryKey: queryKeys.prompts.runnable(id), queryFn: () => loadRunnable(client, id, source), gcTime: 0 }),
  /** A failed walk is an answer too (its notice, for the page to show), never retried. */
  breadcrumb: (client: DataClient, folderId: string | null) =>
    queryOptions({
      queryKey: queryKeys.prompts.breadcrumb(folderId ?? ''),
      queryFn: async () => {
        const supabase = await client();
        return buildFolderPath(folderId, (id) => getFolder(supabase, id));
      },
    }),
  folderSummary: (client: DataClient, folderId: string) =>
    queryOptions({
      queryKey: queryKeys.prompts.folderSummary(folderId),
      queryFn: async () => unwrap(await folderSummary(await client(), folderId)),
    }),
  /** The first 20 prompts, or the first 20 matching a search (the workflow builder's "From library"). */
  picker: (client: DataClient, search: string) =>
    queryOptions({
      queryKey: queryKeys.prompts.picker(search.trim()),
      queryFn: async () => {
        const supabase = await client();
        return unwrap(
          search.trim()
            ? await searchLibrary(supabase, search, { limit: 20 })
            : await listFilteredPrompts(supabase, {}, undefined, { limit: 20 }),
        ).prompts;
      },
    }),
};

/**
 * Saves a new prompt into the library (outside the library page: the generator's "Save prompt");
 * every prompt view reads again. A rule's refusal (a blank name…) is the dialog's to show.
 */
export function useCreatePromptMutation(client: DataClient) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (draft: PromptDraft) => unwrap(await createPrompt(await client(), draft)),
    onSuccess: (saved) => {
      notify(LIBRARY_SUCCESS.promptSaved(saved.name));
      void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all });
    },
    onError: (error) => {
      if (!isRule(error)) notify(LIBRARY_ERRORS.savePrompt(error.message));
    },
  });
}

/** A rule's refusal (a blank name…) is the dialog's to show; any other failure is also a notice. */
const isRule = (error: Error) => error instanceof QueryError && error.dataError.code === 'invalid';

/** What a library change makes stale: the cards of every view, the folder tree, the tags; or one card changed in place. */
function useLibraryRefresh(client: DataClient) {
  const queryClient = useQueryClient();
  return {
    // Every view's loaded pages read again: the open view now, the others when shown again (the grid keeps its place).
    cards: () => void queryClient.invalidateQueries({ queryKey: queryKeys.prompts.allCards() }),
    folders: () => void queryClient.invalidateQueries({ queryKey: promptQueries.folders(client).queryKey }),
    tags: () => void queryClient.invalidateQueries({ queryKey: promptQueries.tags(client).queryKey }),
    /** Changes a card in place, in every view read so far. */
    patchCard: (id: string, change: Partial<LibraryPrompt>) =>
      queryClient.setQueriesData<CardsData>({ queryKey: queryKeys.prompts.allCards() }, (s) => {
        if (!s) return s;
        let changed = false;
        const pages = new Map(s.pages);
        for (const [page, cards] of pages)
          if (cards.some((c) => c.id === id)) {
            changed = true;
            pages.set(
              page,
              cards.map((c) => (c.id === id ? { ...c, ...change } : c)),
            );
          }
        return changed ? { ...s, pages } : s;
      }),
  };
}

/**
 * The library page's changes, each with its notice ('Error creating folder', 'Error saving prompt',
 * …) and then a reading of what it made stale. Each rejects with the failure, for the dialogs.
 */
export function useLibraryMutations(client: DataClient) {
  const notify = useNotify();
  const refresh = useLibraryRefresh(client);
  return {
    createFolder: useMutation({
      mutationFn: async ({ name, parentId }: { name: string; parentId: string | null }) =>
        unwrap(await createFolder(await client(), name, parentId)),
      onSuccess: (folder) => {
        notify(LIBRARY_SUCCESS.folderCreated(folder.name));
        refresh.cards();
        refresh.folders();
      },
      onError: (error) => {
        if (!isRule(error)) notify(LIBRARY_ERRORS.createFolder(error.message));
      },
    }),
    renameFolder: useMutation({
      mutationFn: async ({ folder, name }: { folder: LibraryFolder; name: string }) =>
        unwrap(await renameFolder(await client(), folder.id, name)),
      onSuccess: (renamed, { folder }) => {
        notify({ title: 'Folder renamed', description: `"${folder.name}" is now "${renamed.name}".` });
        refresh.cards();
        refresh.folders();
      },
      onError: (error) => {
        if (!isRule(error)) notify({ title: 'Error renaming folder', description: error.message, variant: 'destructive' });
      },
    }),
    /** A new prompt, or the changes to prompt `id` (its folder stays). */
    savePrompt: useMutation({
      mutationFn: async ({ draft, id }: { draft: PromptDraft; id: string | null }) =>
        unwrap(id ? await updatePrompt(await client(), id, { ...draft, folderId: undefined }) : await createPrompt(await client(), draft)),
      onSuccess: (saved) => {
        notify(LIBRARY_SUCCESS.promptSaved(saved.name));
        refresh.cards();
        refresh.tags();
      },
      onError: (error) => {
        if (!isRule(error)) notify(LIBRARY_ERRORS.savePrompt(error.message));
      },
    }),
    remove: useMutation({
      mutationFn: async (target: DeleteTarget) =>
        unwrap(target.type === 'folder' ? await deleteFolder(await client(), target.id) : await deletePrompt(await client(), target.id)),
      onSuccess: (_done, target) => {
        notify(LIBRARY_SUCCESS.deleted(target));
        refresh.cards();
        refresh.tags();
        if (target.type === 'folder') refresh.folders();
      },
      onError: (error, target) => notify(LIBRARY_ERRORS.delete(target.type, error.message)),
    }),
    /** Stars or unstars a card: at once in every view, back on a refusal; the favourites view then drops an unstarred prompt. */
    toggleFavorite: useMutation({
      onMutate: ({ card }: { card: PromptCard; listedByFavorite: boolean }) => refresh.patchCard(card.id, { isFavorite: !card.isFavorite }),
      mutationFn: async ({ card }: { card: PromptCard; listedByFavorite: boolean }) =>
        unwrap(await setFavorite(await client(), card.id, !card.isFavorite)),
      onSuccess: (_done, { listedByFavorite }) => {
        if (listedByFavorite) refresh.cards();
      },
      onError: (error, { card }) => {
        refresh.patchCard(card.id, { isFavorite: card.isFavorite });
        notify(LIBRARY_ERRORS.update(error.message));
      },
    }),
    /** Moves folders and prompts into a folder (`name`: what is moved, `target.name`: where, both for the notice). */
    move: useMutation({
      mutationFn: async (move: {
        items: { folderIds?: string[]; promptIds?: string[] };
        name: string;
        target: { id: string | null; name: string };
      }) => unwrap(await moveItems(await client(), move.items, move.target.id)),
      onSuccess: (count, { items, name, target }) => {
        notify({ ...LIBRARY_SUCCESS.moved(count), description: `"${name}" is now in ${target.name}.` });
        refresh.cards();
        if (items.folderIds?.length) refresh.folders();
      },
      onError: (error) => notify(LIBRARY_ERRORS.move(error.message)),
    }),
    /** Line import of parsed rows (`skipped`: the lines left out, named in the notice). */
    importLines: useMutation({
      mutationFn: async ({ rows }: { rows: LineImportRow[]; skipped: { line: number; reason: string }[] }) =>
        unwrap(await importPromptLines(await client(), rows)),
      onSuccess: (count, { skipped }) => {
        const notice = LIBRARY_SUCCESS.imported(count);
        const left = skipped.length ? ` ${skipped.map((s) => `Line ${s.line} skipped: ${s.reason}`).join(' ')}` : '';
        notify({ ...notice, description: `${notice.description}${left}` });
        refresh.cards();
      },
      onError: (error) => notify(LIBRARY_ERRORS.importPrompts(error.message)),
    }),
    /** A library file (JSON or CSV) imported into a folder. */
    importFile: useMutation({
      mutationFn: async ({ text, folderId }: { text: string; folderId: string | null }) =>
        unwrap(await importLibrary(await client(), text, folderId)),
      onSuccess: (report) => {
        notify(importReportNotice(report));
        refresh.cards();
        refresh.folders();
        refresh.tags();
      },
      onError: (error) => {
        if (!isRule(error)) notify(LIBRARY_ERRORS.importPrompts(error.message));
      },
    }),
  };
}
