import { documentExport, DOCUMENT_TEXTS } from '../../../shared/core/documents.ts';
import { downloadDocument, DOWNLOAD_LIMIT_CODE, setDownloadLimit, type DocumentSummary } from '../../../shared/data/documents.ts';
import { exportDocument, type ExportFormat } from '../../../shared/export/index.ts';
import { downloadFile } from '../../../shared/ui/download.ts';
import { useNotify } from '../../../shared/ui/notices.tsx';
import { supabase } from '../../lib/supabase.ts';
import type { useWorkspace } from './useWorkspace.ts';

/** The workspace page's document actions: counted downloads and the owner's download limit. */
export function useWorkspaceActions(ws: Pick<ReturnType<typeof useWorkspace>, 'updateDocument'>) {
  const notify = useNotify();
  return {
    /** A refused tree change (a name left blank, a move into its own subfolder…). */
    refused(message: string) {
      notify({ title: message, variant: 'destructive' });
    },
    /** Counts the download in the database first; refused past the limit with the spec's message. */
    async download(doc: DocumentSummary, format: ExportFormat): Promise<void> {
      const result = await downloadDocument(supabase, doc.id);
      if (result.error) {
        if (result.error.code === DOWNLOAD_LIMIT_CODE) {
          if (doc.maxDownloads !== null) ws.updateDocument({ id: doc.id, downloadCount: doc.maxDownloads });
          notify({ title: DOCUMENT_TEXTS.downloadLimitReached, variant: 'destructive' });
        } else {
          notify({ title: 'Error fetching document', description: result.error.message, variant: 'destructive' });
        }
        return;
      }
      const counted = result.data;
      ws.updateDocument({ id: doc.id, downloadCount: counted.downloadCount, maxDownloads: counted.maxDownloads });
      try {
        const file = await exportDocument(documentExport(counted), format);
        downloadFile(file.data, file.fileName, file.mimeType);
        notify({ title: 'Download Started', description: `${file.fileName} is on its way.` });
      } catch (error) {
        notify({ title: 'Error creating the file', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      }
    },
    async setLimit(doc: DocumentSummary, maxDownloads: number | null): Promise<string | null> {
      const result = await setDownloadLimit(supabase, doc.id, maxDownloads);
      if (result.error) {
        if (result.error.code !== 'invalid') notify({ title: 'Error saving document', description: result.error.message, variant: 'destructive' });
        return result.error.message;
      }
      ws.updateDocument(result.data);
      notify({ title: 'Download limit saved', description: maxDownloads === null ? `"${doc.name}" can be downloaded without limit (∞).` : `"${doc.name}" can be downloaded ${maxDownloads} times in all.` });
      return null;
    },
  };
}
