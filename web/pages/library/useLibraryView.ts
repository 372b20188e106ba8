import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { libraryParams, parseLibraryParams, type LibraryView } from '@/shared/core/promptLibrary/view.ts';

/** The library page's view (folder, sort, search, favourites, tag), kept in the URL so reload and Back work. */
export function useLibraryView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseLibraryParams(params), [params]);

  /** Changes part of the view; a new history entry unless `replace` (e.g. while typing a search). */
  const update = useCallback(
    (change: Partial<LibraryView>, options: { replace?: boolean } = {}) =>
      setParams((current) => new URLSearchParams(libraryParams({ ...parseLibraryParams(current), ...change })), {
        replace: options.replace,
      }),
    [setParams],
  );

  /** Opens a folder (null: the root), leaving search and filters. */
  const openFolder = useCallback(
    (folderId: string | null, options: { replace?: boolean } = {}) => update({ folderId, query: '', favorites: false, tag: null }, options),
    [update],
  );

  return { view, update, openFolder };
}
