import { useCallback, useEffect, useState } from 'react';
import { LIBRARY_ERRORS, type LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { listAllFolders } from '@/shared/data/promptLibrary/library.ts';
import { listTags, type LibraryTag } from '@/shared/data/promptLibrary/browse.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';

/**
 * The whole folder tree (for "Move to…" and the folder of each search result) and the user's tags
 * (filter and tag suggestions), read once and again after a change. null while loading or after
 * a failure (which shows its toast).
 */
export function useLibraryTree() {
  const notify = useNotify();
  const [folders, setFolders] = useState<LibraryFolder[] | null>(null);
  const [tags, setTags] = useState<LibraryTag[] | null>(null);

  const reloadFolders = useCallback(async () => {
    const result = await listAllFolders(supabase);
    if (result.error) return notify(LIBRARY_ERRORS.fetchFolders(result.error.message));
    setFolders(result.data);
  }, [notify]);

  const reloadTags = useCallback(async () => {
    const result = await listTags(supabase);
    if (result.error) return notify(LIBRARY_ERRORS.fetchYourPrompts(result.error.message));
    setTags(result.data);
  }, [notify]);

  useEffect(() => {
    void reloadFolders();
    void reloadTags();
  }, [reloadFolders, reloadTags]);

  return { folders, tags, reloadFolders, reloadTags };
}
