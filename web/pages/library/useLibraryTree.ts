import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIBRARY_ERRORS } from '@/shared/core/promptLibrary/library.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { promptQueries } from '@/shared/ui/queries/prompts.ts';
import { errorMessage } from '@/shared/ui/query.ts';
import { webData } from '../run/runSide.ts';

/**
 * The whole folder tree (for "Move to…" and the folder of each search result; the same query as
 * the save-to-library dialog's folders) and the user's tags (filter and tag suggestions), read
 * once and again after a change (shared/ui/queries/prompts.ts). null while loading or after a failure (which shows its toast).
 */
export function useLibraryTree() {
  const notify = useNotify();
  const folders = useQuery(promptQueries.folders(webData));
  const tags = useQuery(promptQueries.tags(webData));

  useEffect(() => {
    if (folders.error) notify(LIBRARY_ERRORS.fetchFolders(errorMessage(folders.error)));
  }, [folders.error, notify]);
  useEffect(() => {
    if (tags.error) notify(LIBRARY_ERRORS.fetchYourPrompts(errorMessage(tags.error)));
  }, [tags.error, notify]);

  return { folders: folders.data ?? null, tags: tags.data ?? null };
}
