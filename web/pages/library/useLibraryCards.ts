import { useCallback, useEffect, useRef, useState } from 'react';
import { LIBRARY_ERRORS, type LibraryFolder, type LibraryNotice, type LibraryPrompt } from '@/shared/core/promptLibrary/library.ts';
import { libraryMode, pagesFor, type LibraryView } from '@/shared/core/promptLibrary/view.ts';
import { listFolderContents, searchLibrary, type PromptCard } from '@/shared/data/promptLibrary/library.ts';
import type { DataResult } from '@/shared/data/result.ts';
import { listFilteredPrompts } from '@/shared/data/promptLibrary/browse.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';

/** Prompts per request: a few screens of cards; 10,000 prompts are read only as far as the user scrolls. */
const CARDS_PAGE_SIZE = 120;

type Page = { folders?: LibraryFolder[]; prompts: PromptCard[]; total: number };

export type CardsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; folders: LibraryFolder[]; total: number; pages: ReadonlyMap<number, PromptCard[]> };

/** Where the cards of a view come from: one folder, a filter across folders, or a search. */
function sourceOf(view: LibraryView, tagSpellings: readonly string[] | null) {
  const mode = libraryMode(view);
  const key = JSON.stringify([mode, view.folderId, view.sort, view.query.trim(), view.favorites, view.tag, tagSpellings]);
  const fetchPage = async (page: number): Promise<DataResult<Page>> => {
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
  };
  const failure: (message: string) => LibraryNotice = mode === 'folder' ? LIBRARY_ERRORS.fetchPrompts : LIBRARY_ERRORS.fetchYourPrompts;
  return { key, fetchPage, failure };
}

/**
 * The cards of the current view, read a page at a time as the grid scrolls (ensureRange), with
 * the total so the grid can size itself for the whole list. `refresh` re-reads what is loaded
 * after a change, in one swap (no flicker); `patch` changes a card in place (a star toggled).
 */
export function useLibraryCards(view: LibraryView, tagSpellings: readonly string[] | null) {
  const notify = useNotify();
  const source = sourceOf(view, tagSpellings);
  const [state, setState] = useState<CardsState>({ status: 'loading' });
  const current = useRef(source);
  current.current = source;
  const inFlight = useRef(new Set<number>());
  const stateRef = useRef(state);
  stateRef.current = state;

  const loadFirst = useCallback(async () => {
    const { key, fetchPage, failure } = current.current;
    inFlight.current = new Set();
    setState({ status: 'loading' });
    const result = await fetchPage(0);
    if (current.current.key !== key) return;
    if (result.error) {
      notify(failure(result.error.message));
      return setState({ status: 'error', message: result.error.message });
    }
    setState({ status: 'ready', folders: result.data.folders ?? [], total: result.data.total, pages: new Map([[0, result.data.prompts]]) });
  }, [notify]);

  useEffect(() => {
    void loadFirst();
  }, [source.key, loadFirst]);

  /** Makes sure prompts `from`…`to` (indexes in the whole list) are loaded or on their way. */
  const ensureRange = useCallback(
    (from: number, to: number) => {
      const ready = stateRef.current;
      if (ready.status !== 'ready') return;
      const { key, fetchPage, failure } = current.current;
      for (const page of pagesFor(from, to, ready.total, CARDS_PAGE_SIZE)) {
        if (ready.pages.has(page) || inFlight.current.has(page)) continue;
        const pending = inFlight.current;
        pending.add(page);
        void fetchPage(page).then((result) => {
          pending.delete(page);
          if (current.current.key !== key) return;
          if (result.error) return notify(failure(result.error.message));
          setState((s) =>
            s.status === 'ready' ? { ...s, total: result.data.total, pages: new Map(s.pages).set(page, result.data.prompts) } : s,
          );
        });
      }
    },
    [notify],
  );

  /** Re-reads the loaded pages (the first with the folders) after a change; the grid keeps its place. */
  const refresh = useCallback(async () => {
    const ready = stateRef.current;
    if (ready.status !== 'ready') return loadFirst();
    const { key, fetchPage, failure } = current.current;
    const pages = [...new Set([0, ...ready.pages.keys()])].sort((a, b) => a - b);
    const results = await Promise.all(pages.map((page) => fetchPage(page)));
    if (current.current.key !== key) return;
    const failed = results.find((r) => r.error);
    if (failed?.error) return notify(failure(failed.error.message));
    const first = results[0]!.data!;
    const next = new Map<number, PromptCard[]>();
    results.forEach((r, i) => {
      // Pages past a shrunken end are dropped (the grid asks again for what it shows); the first
      // page always stays, even empty: it carries the folders.
      const page = pages[i]!;
      if (r.data && (page === 0 || page * CARDS_PAGE_SIZE < first.total)) next.set(page, r.data.prompts);
    });
    inFlight.current = new Set();
    setState({ status: 'ready', folders: first.folders ?? [], total: first.total, pages: next });
  }, [loadFirst, notify]);

  /** Changes a loaded card in place. */
  const patch = useCallback((id: string, change: Partial<LibraryPrompt>) => {
    setState((s) => {
      if (s.status !== 'ready') return s;
      const pages = new Map(s.pages);
      for (const [page, cards] of pages)
        if (cards.some((c) => c.id === id))
          pages.set(
            page,
            cards.map((c) => (c.id === id ? { ...c, ...change } : c)),
          );
      return { ...s, pages };
    });
  }, []);

  return { state, ensureRange, refresh, reload: loadFirst, patch };
}

/** The card at an index of the whole list, or undefined while its page loads. */
export function cardAt(state: Extract<CardsState, { status: 'ready' }>, index: number): PromptCard | undefined {
  return state.pages.get(Math.floor(index / CARDS_PAGE_SIZE))?.[index % CARDS_PAGE_SIZE];
}
