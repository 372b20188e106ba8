import { queryOptions } from '@tanstack/react-query';
import { listSharedWithMe, type SharedDocumentSummary, type SharedWithMe } from '@/shared/data/shares.ts';
import { getWorkspace, listWorkspaces, type Workspace } from '@/shared/data/workspaces.ts';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

export type SharedDocument = SharedWithMe<SharedDocumentSummary>;

/** The file manager's lists: the user's workspaces, and the workspaces and documents shared with them. */
export interface FileManagerLists {
  own: Workspace[];
  shared: SharedWithMe<Workspace>[];
  sharedDocuments: SharedDocument[];
}

async function loadLists(userId: string): Promise<FileManagerLists> {
  const [own, shared] = await Promise.all([listWorkspaces(supabase, userId), listSharedWithMe(supabase, userId)]);
  const ownWorkspaces = unwrap(own);
  const { workspaces, documents } = unwrap(shared);
  return { own: ownWorkspaces, shared: workspaces, sharedDocuments: documents };
}

/** The file manager's lists, and one workspace as saved (own or shared; null when missing). */
export const workspaceQueries = {
  lists: (userId: string) => queryOptions({ queryKey: queryKeys.workspaces.lists(), queryFn: () => loadLists(userId) }),
  detail: (id: string) =>
    queryOptions({ queryKey: queryKeys.workspaces.detail(id), queryFn: async () => unwrap(await getWorkspace(supabase, id)) }),
};
