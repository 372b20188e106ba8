import { setDownloadLimit, type DocumentSummary } from '@/shared/data/documents/documents.ts';
import type { ExportFormat } from '@/shared/export/index.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { useCountedDownloadMutation } from '@/web/queries/workspaces.ts';
import type { useWorkspace } from './useWorkspace.ts';

/** The workspace page's document actions: counted downloads and the owner's download limit. */
export function useWorkspaceActions(ws: Pick<ReturnType<typeof useWorkspace>, 'updateDocument'>) {
  const notify = useNotify();
  const countedDownload = useCountedDownloadMutation();
  return {
    /** A refused tree change (a name left blank, a move into its own subfolder…). */
    refused(message: string) {
      notify({ title: message, variant: 'destructive' });
    },
    /** Counts the download in the database first; refused past the limit with 'Download Limit Reached'. */
    async download(doc: DocumentSummary, format: ExportFormat): Promise<void> {
      const outcome = await countedDownload.mutateAsync({ documentId: doc.id, format });
      if (outcome.status === 'counted')
        ws.updateDocument({ id: doc.id, downloadCount: outcome.doc.downloadCount, maxDownloads: outcome.doc.maxDownloads });
      else if (outcome.status === 'limit' && doc.maxDownloads !== null) ws.updateDocument({ id: doc.id, downloadCount: doc.maxDownloads });
    },
    /** While a download is being counted and its file built. */
    downloading: countedDownload.isPending,
    async setLimit(doc: DocumentSummary, maxDownloads: number | null): Promise<string | null> {
      const result = await setDownloadLimit(supabase, doc.id, maxDownloads);
      if (result.error) {
        if (result.error.code !== 'invalid')
          notify({ title: 'Error saving document', description: result.error.message, variant: 'destructive' });
        return result.error.message;
      }
      ws.updateDocument(result.data);
      notify({
        title: 'Download limit saved',
        description:
          maxDownloads === null
            ? `"${doc.name}" can be downloaded without limit (∞).`
            : `"${doc.name}" can be downloaded ${maxDownloads} times in all.`,
      });
      return null;
    },
  };
}
