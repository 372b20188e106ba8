import { useEffect, useState } from 'react';
import { buildFolderPath, LIBRARY_ERRORS, ROOT_CRUMB, type Crumb } from '@/shared/core/promptLibrary/library.ts';
import { isFolderId } from '@/shared/core/promptLibrary/view.ts';
import { getFolder } from '@/shared/data/promptLibrary/library.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';

export interface Breadcrumb {
  crumbs: Crumb[];
  /** The walk stopped at the 10-folder cap: there are folders above the first one shown. */
  truncated: boolean;
}

const ROOT: Breadcrumb = { crumbs: [ROOT_CRUMB], truncated: false };

/**
 * The open folder's breadcrumb, rebuilt by walking its parents (at most 10). When the
 * walk fails — the folder is gone, not the user's, or the server fails — 'Error building folder
 * path' shows and `onReset` takes the page back to the root. `version` re-walks (after a rename).
 */
export function useBreadcrumb(folderId: string | null, onReset: () => void, version = 0): Breadcrumb {
  const notify = useNotify();
  const [path, setPath] = useState<Breadcrumb & { for: string | null }>({ ...ROOT, for: null });

  useEffect(() => {
    if (!folderId) return setPath({ ...ROOT, for: null });
    if (!isFolderId(folderId)) {
      notify(LIBRARY_ERRORS.buildPath());
      return onReset();
    }
    let cancelled = false;
    void buildFolderPath(folderId, (id) => getFolder(supabase, id)).then((result) => {
      if (cancelled) return;
      if (result.ok) return setPath({ crumbs: result.crumbs, truncated: result.truncated, for: folderId });
      notify(result.notice);
      onReset();
    });
    return () => {
      cancelled = true;
    };
    // onReset is a fresh function each render; the walk depends on the folder only.
  }, [folderId, version, notify]);

  return path;
}
