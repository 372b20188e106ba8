import { useQuery } from '@tanstack/react-query';
import type { SharedDocumentSummary, SharedWithMe } from '@/shared/data/shares.ts';
import type { Workspace } from '@/shared/data/workspaces.ts';
import type { ExportFormat } from '@/shared/export/model.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import {
  useCreateWorkspaceMutation,
  useDeleteWorkspaceMutation,
  useFileManagerUpdate,
  useLeaveShareMutation,
  useRenameWorkspaceMutation,
  workspaceQueries,
  type SharedDocument,
} from '@/web/queries/workspaces.ts';
import { countedDownload } from './countedDownload.ts';

/** The file manager's lists: the user's workspaces (the demo on a first visit), and the workspaces and documents shared with them. */
export function useFileManager(userId: string) {
  const notify = useNotify();
  const query = useQuery({ ...workspaceQueries.lists(userId), enabled: Boolean(userId) });
  const update = useFileManagerUpdate(userId);
  const createWorkspace = useCreateWorkspaceMutation(userId);
  const renameWorkspace = useRenameWorkspaceMutation(userId);
  const deleteWorkspace = useDeleteWorkspaceMutation(userId);
  const leaveShare = useLeaveShareMutation(userId);
  const setCounter = (documentId: string, { downloadCount, maxDownloads }: Pick<SharedDocumentSummary, 'downloadCount' | 'maxDownloads'>) =>
    update((s) => ({
      sharedDocuments: s.sharedDocuments.map((e) =>
        e.item.id === documentId ? { ...e, item: { ...e.item, downloadCount, maxDownloads } } : e,
      ),
    }));

  return {
    query,
    /** The new workspace, or the message to show at the name field (server failures also get a toast). */
    create: (name: string): Promise<{ workspace: Workspace } | { problem: string }> =>
      createWorkspace.mutateAsync(name).then(
        (workspace) => ({ workspace }),
        (error: Error) => ({ problem: error.message }),
      ),
    /** While a workspace is being created. */
    creating: createWorkspace.isPending,
    /** The message to show at the name field, or null once renamed. */
    rename: (workspace: Workspace, name: string): Promise<string | null> =>
      renameWorkspace.mutateAsync({ workspace, name }).then(
        () => null,
        (error: Error) => error.message,
      ),
    /** While a workspace is being renamed. */
    renaming: renameWorkspace.isPending,
    async remove(workspace: Workspace): Promise<void> {
      await deleteWorkspace.mutateAsync(workspace).catch(() => undefined);
    },
    /** Removes a shared workspace or document from the user's list (the owner's copy stays). */
    async leave(entry: SharedWithMe<{ name: string }>): Promise<void> {
      await leaveShare.mutateAsync(entry).catch(() => undefined);
    },
    /** A shared document's counted download (refused past the owner's limit with 'Download Limit Reached'). */
    async download(entry: SharedDocument, format: ExportFormat): Promise<void> {
      const outcome = await countedDownload(notify, entry.item.id, format);
      if (outcome.status === 'counted') setCounter(entry.item.id, outcome.doc);
      else if (outcome.status === 'limit' && entry.item.maxDownloads !== null)
        setCounter(entry.item.id, { downloadCount: entry.item.maxDownloads, maxDownloads: entry.item.maxDownloads });
    },
  };
}
