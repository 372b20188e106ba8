import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_ERRORS } from '@/shared/core/promptLibrary/library.ts';
import { listAllFolders } from '@/shared/data/promptLibrary/library.ts';
import { listTags } from '@/shared/data/promptLibrary/browse.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { errorMessage, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/**
 * The whole folder tree (for "Move to…" and the folder of each search result; the same query as
 * the save-to-library dialog's folders) and the user's tags (filter and tag suggestions), read
 * once and again after a change. null while loading or after a failure (which shows its toast).
 */
export function useLibraryTree() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const folders = useQuery({ queryKey: queryKeys.prompts.folders(), queryFn: async () => unwrap(await listAllFolders(supabase)) });
  const tags = useQuery({ queryKey: queryKeys.prompts.tags(), queryFn: async () => unwrap(await listTags(supabase)) });

  useEffect(() => {
    if (folders.error) notify(LIBRARY_ERRORS.fetchFolders(errorMessage(folders.error)));
  }, [folders.error, notify]);
  useEffect(() => {
    if (tags.error) notify(LIBRARY_ERRORS.fetchYourPrompts(errorMessage(tags.error)));
  }, [tags.error, notify]);

  const reloadFolders = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.folders() }), [queryClient]);
  const reloadTags = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.tags() }), [queryClient]);

  return { folders: folders.data ?? null, tags: tags.data ?? null, reloadFolders, reloadTags };
}
