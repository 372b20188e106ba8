import { useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_ERRORS, ROOT_CRUMB, type Crumb } from '@/shared/core/promptLibrary/library.ts';
import { isFolderId } from '@/shared/core/promptLibrary/view.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { webData } from '../run/runSide.ts';

export interface Breadcrumb {
  crumbs: Crumb[];
  /** The walk stopped at the 10-folder cap: there are folders above the first one shown. */
  truncated: boolean;
}

const ROOT: Breadcrumb = { crumbs: [ROOT_CRUMB], truncated: false };

/**
 * The open folder's breadcrumb, rebuilt by walking its parents (at most 10) each time a folder
 * opens; the previous path stays on screen while the next one is walked. When the walk fails — the
 * folder is gone, not the user's, or the server fails — 'Error building folder path' shows and
 * `onReset` takes the page back to the root.
 */
export function useBreadcrumb(folderId: string | null, onReset: () => void): Breadcrumb {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reset = useRef(onReset);
  reset.current = onReset;
  const valid = folderId !== null && isFolderId(folderId);
  // A failed walk is an answer too (its notice); it is handled below.
  const query = useQuery({ ...promptQueries.breadcrumb(webData, folderId), enabled: valid, placeholderData: keepPreviousData });
  const walked = query.isPlaceholderData ? undefined : query.data;

  useEffect(() => {
    if (folderId && !isFolderId(folderId)) {
      notify(LIBRARY_ERRORS.buildPath());
      reset.current();
    }
  }, [folderId, notify]);

  useEffect(() => {
    if (!folderId || !walked || walked.ok) return;
    // Not kept: coming back to this folder walks again rather than failing from the cache.
    queryClient.removeQueries({ queryKey: promptQueries.breadcrumb(webData, folderId).queryKey, exact: true });
    notify(walked.notice);
    reset.current();
  }, [folderId, walked, notify, queryClient]);

  const shown = valid ? query.data : undefined;
  return useMemo(() => (shown?.ok ? { crumbs: shown.crumbs, truncated: shown.truncated } : ROOT), [shown]);
}
