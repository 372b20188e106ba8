import { useQuery, useQueryClient } from '@tanstack/react-query';
import { removeShare, type SharedDocumentSummary, type SharedWithMe } from '@/shared/data/shares.ts';
import * as data from '@/shared/data/workspaces.ts';
import type { ExportFormat } from '@/shared/export/model.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { workspaceQueries, type FileManagerLists, type SharedDocument } from '@/web/queries/workspaces.ts';
import { countedDownload } from './countedDownload.ts';

/** The file manager's lists: the user's workspaces (the demo on a first visit), and the workspaces and documents shared with them. */
export function useFileManager(userId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({ ...workspaceQueries.lists(userId), enabled: Boolean(userId) });

  /** Applies a change the server confirmed to the cached lists (no second read). */
  const update = (change: (lists: FileManagerLists) => Partial<FileManagerLists>) =>
    queryClient.setQueryData(workspaceQueries.lists(userId).queryKey, (current) =>
      current ? { ...current, ...change(current) } : current,
    );
  const failed = (title: string, message: string) => notify({ title, description: message, variant: 'destructive' });
  const setCounter = (documentId: string, { downloadCount, maxDownloads }: Pick<SharedDocumentSummary, 'downloadCount' | 'maxDownloads'>) =>
    update((s) => ({
      sharedDocuments: s.sharedDocuments.map((e) =>
        e.item.id === documentId ? { ...e, item: { ...e.item, downloadCount, maxDownloads } } : e,
      ),
    }));

  return {
    query,
    /** The new workspace, or the message to show at the name field (server failures also get a toast). */
    async create(name: string): Promise<{ workspace: data.Workspace } | { problem: string }> {
      const result = await data.createWorkspace(supabase, name);
      if (result.error) {
        if (result.error.code === 'invalid') return { problem: result.error.message };
        failed('Error saving workspace', result.error.message);
        return { problem: result.error.message };
      }
      update((s) => ({ own: [...s.own, result.data] }));
      notify({ title: 'Workspace created', description: `"${result.data.name}" is ready.` });
      return { workspace: result.data };
    },
    async rename(workspace: data.Workspace, name: string): Promise<string | null> {
      const result = await data.renameWorkspace(supabase, workspace.id, name);
      if (result.error) {
        if (result.error.code !== 'invalid') failed('Error saving workspace', result.error.message);
        return result.error.message;
      }
      update((s) => ({ own: s.own.map((w) => (w.id === workspace.id ? result.data : w)) }));
      return null;
    },
    async remove(workspace: data.Workspace): Promise<void> {
      const result = await data.deleteWorkspace(supabase, workspace.id);
      if (result.error) return failed('Error deleting workspace', result.error.message);
      update((s) => ({ own: s.own.filter((w) => w.id !== workspace.id) }));
      notify({ title: 'Workspace deleted', description: `"${workspace.name}" was deleted. Its documents are still in your library.` });
    },
    /** Removes a shared workspace or document from the user's list (the owner's copy stays). */
    async leave(entry: SharedWithMe<{ name: string }>): Promise<void> {
      const result = await removeShare(supabase, entry.shareId);
      if (result.error) return failed('Error deleting share', result.error.message);
      update((s) => ({
        shared: s.shared.filter((e) => e.shareId !== entry.shareId),
        sharedDocuments: s.sharedDocuments.filter((e) => e.shareId !== entry.shareId),
      }));
      notify({ title: 'Removed from your list', description: `"${entry.item.name}" is no longer shared with you.` });
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
