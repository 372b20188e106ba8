import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listSharedWithMe, removeShare, type SharedDocumentSummary, type SharedWithMe } from '@/shared/data/shares.ts';
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  renameWorkspace,
  type Workspace,
} from '@/shared/data/workspaces.ts';
import type { ExportFormat } from '@/shared/export/index.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryError, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { countedDownload, type DownloadOutcome } from '@/web/pages/files/countedDownload.ts';

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

/** Applies a change the server confirmed to the cached file manager lists (no second read). */
export function useFileManagerUpdate(userId: string) {
  const queryClient = useQueryClient();
  return (change: (lists: FileManagerLists) => Partial<FileManagerLists>) =>
    queryClient.setQueryData(workspaceQueries.lists(userId).queryKey, (current) =>
      current ? { ...current, ...change(current) } : current,
    );
}

/** A rule's refusal (a blank name…) is shown at the name field only; any other failure is also a notice. */
const isRule = (error: Error) => error instanceof QueryError && error.dataError.code === 'invalid';

function useFailureNotice(title: string) {
  const notify = useNotify();
  return (error: Error) => notify({ title, description: error.message, variant: 'destructive' });
}

export function useCreateWorkspaceMutation(userId: string) {
  const update = useFileManagerUpdate(userId);
  const notify = useNotify();
  const failed = useFailureNotice('Error saving workspace');
  return useMutation({
    mutationFn: async (name: string) => unwrap(await createWorkspace(supabase, name)),
    onSuccess: (workspace) => {
      update((s) => ({ own: [...s.own, workspace] }));
      notify({ title: 'Workspace created', description: `"${workspace.name}" is ready.` });
    },
    onError: (error) => {
      if (!isRule(error)) failed(error);
    },
  });
}

export function useRenameWorkspaceMutation(userId: string) {
  const update = useFileManagerUpdate(userId);
  const failed = useFailureNotice('Error saving workspace');
  return useMutation({
    mutationFn: async ({ workspace, name }: { workspace: Workspace; name: string }) =>
      unwrap(await renameWorkspace(supabase, workspace.id, name)),
    onSuccess: (renamed, { workspace }) => update((s) => ({ own: s.own.map((w) => (w.id === workspace.id ? renamed : w)) })),
    onError: (error) => {
      if (!isRule(error)) failed(error);
    },
  });
}

/** Deletes a workspace (its documents stay in the user's library). */
export function useDeleteWorkspaceMutation(userId: string) {
  const update = useFileManagerUpdate(userId);
  const notify = useNotify();
  return useMutation({
    mutationFn: async (workspace: Workspace) => unwrap(await deleteWorkspace(supabase, workspace.id)),
    onSuccess: (_done, workspace) => {
      update((s) => ({ own: s.own.filter((w) => w.id !== workspace.id) }));
      notify({ title: 'Workspace deleted', description: `"${workspace.name}" was deleted. Its documents are still in your library.` });
    },
    onError: useFailureNotice('Error deleting workspace'),
  });
}

/** Removes a shared workspace or document from the user's list (the owner's copy stays). */
export function useLeaveShareMutation(userId: string) {
  const update = useFileManagerUpdate(userId);
  const notify = useNotify();
  return useMutation({
    mutationFn: async (entry: SharedWithMe<{ name: string }>) => unwrap(await removeShare(supabase, entry.shareId)),
    onSuccess: (_done, entry) => {
      update((s) => ({
        shared: s.shared.filter((e) => e.shareId !== entry.shareId),
        sharedDocuments: s.sharedDocuments.filter((e) => e.shareId !== entry.shareId),
      }));
      notify({ title: 'Removed from your list', description: `"${entry.item.name}" is no longer shared with you.` });
    },
    onError: useFailureNotice('Error deleting share'),
  });
}

/** A workspace version this tab saved: the cached workspace becomes it and the file manager's lists are read again. */
export function useWorkspaceSaved() {
  const queryClient = useQueryClient();
  return (saved: Workspace) => {
    queryClient.setQueryData(workspaceQueries.detail(saved.id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.lists() });
  };
}

/**
 * One counted download of a document: counted by the database first (refused past the limit with
 * 'Download Limit Reached'), then the file is built and saved, every outcome with its notice. The
 * caller puts the new counter where its screen shows it.
 */
export function useCountedDownloadMutation() {
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ documentId, format }: { documentId: string; format: ExportFormat }): Promise<DownloadOutcome> =>
      countedDownload(notify, documentId, format),
  });
}
