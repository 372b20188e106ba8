import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_ERRORS, type LibraryNotice } from '@/shared/core/promptLibrary/library.ts';
import { libraryMode, pagesFor, type LibraryView } from '@/shared/core/promptLibrary/view.ts';
import type { PromptCard } from '@/shared/data/promptLibrary/library.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { CARDS_PAGE_SIZE, promptQueries, readCardsPage, type CardsData } from '@/shared/ui/queries/prompts.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { webData } from '../run/runSide.ts';

/** Where the cards of a view come from (one folder, a filter across folders, or a search), and the toast of a failed reading. */
function sourceOf(view: LibraryView, tagSpellings: readonly string[] | null) {
  const options = promptQueries.cards(webData, view, tagSpellings);
  const fetchPage = (page: number) => readCardsPage(webData, view, tagSpellings, page);
  const failure: (message: string) => LibraryNotice =
    libraryMode(view) === 'folder' ? LIBRARY_ERRORS.fetchPrompts : LIBRARY_ERRORS.fetchYourPrompts;
  return { options, fetchPage, failure };
}

/**
 * The cards of the current view, read a page at a time as the grid scrolls (ensureRange), with
 * the total so the grid can size itself for the whole list. The first reading of a view asks for
 * its first page; every later one (after a change, coming back to the view) re-reads the pages
 * loaded so far, in one swap (no flicker). A change updates or re-reads them through the library's
 * mutations (shared/ui/queries/prompts.ts).
 * A failed reading is also a toast.
 */
export function useLibraryCards(view: LibraryView, tagSpellings: readonly string[] | null) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const source = sourceOf(view, tagSpellings);
  const current = useRef(source);
  current.current = source;
  /** Pages on their way, per view (the key's hash with the page number). */
  const inFlight = useRef(new Set<string>());

  const query = useQuery(source.options);

  // A failed reading is also a toast (the first one shows its alert too; later ones keep the cards),
  // once: coming back to a view whose last reading failed does not repeat it.
  const { error, errorUpdatedAt } = query;
  const toasted = useRef(new Map<string, number>());
  useEffect(() => {
    if (!error) return;
    const hash = JSON.stringify(current.current.options.queryKey);
    if (toasted.current.get(hash) === errorUpdatedAt) return;
    toasted.current.set(hash, errorUpdatedAt);
    notify(current.current.failure(errorMessage(error)));
  }, [error, errorUpdatedAt, notify]);

  /** Makes sure prompts `from`…`to` (indexes in the whole list) are loaded or on their way. */
  const ensureRange = useCallback(
    (from: number, to: number) => {
      const { options, fetchPage, failure } = current.current;
      const { queryKey } = options;
      const ready = queryClient.getQueryData(queryKey);
      if (!ready) return;
      const hash = JSON.stringify(queryKey);
      for (const page of pagesFor(from, to, ready.total, CARDS_PAGE_SIZE)) {
        const id = `${hash}#${page}`;
        if (ready.pages.has(page) || inFlight.current.has(id)) continue;
        inFlight.current.add(id);
        void fetchPage(page).then((result) => {
          inFlight.current.delete(id);
          if (result.error) {
            if (JSON.stringify(current.current.options.queryKey) === hash) notify(failure(result.error.message));
            return;
          }
          queryClient.setQueryData(queryKey, (s) =>
            s ? { ...s, total: result.data.total, pages: new Map(s.pages).set(page, result.data.prompts) } : s,
          );
        });
      }
    },
    [notify, queryClient],
  );

  return { query, ensureRange };
}

/** The card at an index of the whole list, or undefined while its page loads. */
export function cardAt(data: CardsData, index: number): PromptCard | undefined {
  return data.pages.get(Math.floor(index / CARDS_PAGE_SIZE))?.[index % CARDS_PAGE_SIZE];
}
