import { documentExport, DOCUMENT_TEXTS } from '@/shared/core/documents/documents.ts';
import { downloadDocument, DOWNLOAD_LIMIT_CODE, type DownloadedDocument } from '@/shared/data/documents/documents.ts';
import { exportDocument, type ExportFormat } from '@/shared/export/index.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import type { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';
import { errorMessage } from '@/shared/core/text.ts';

type Notify = ReturnType<typeof useNotify>;

/** What a counted download did to the document's counter. */
export type DownloadOutcome = { status: 'counted'; doc: DownloadedDocument } | { status: 'limit' } | { status: 'failed' };

/**
 * One download of a workspace file or a shared document: counted by the database first (refused
 * past the limit with 'Download Limit Reached'), then the file is built and saved. Every outcome is
 * told to the user here; the caller only updates its counter.
 */
export async function countedDownload(notify: Notify, documentId: string, format: ExportFormat): Promise<DownloadOutcome> {
  const result = await downloadDocument(supabase, documentId);
  if (result.error) {
    if (result.error.code === DOWNLOAD_LIMIT_CODE) {
      notify({ title: DOCUMENT_TEXTS.downloadLimitReached, variant: 'destructive' });
      return { status: 'limit' };
    }
    notify({ title: 'Error fetching document', description: result.error.message, variant: 'destructive' });
    return { status: 'failed' };
  }
  try {
    const file = await exportDocument(documentExport(result.data), format);
    downloadFile(file.data, file.fileName, file.mimeType);
    notify({ title: 'Download Started', description: `${file.fileName} is on its way.` });
  } catch (error) {
    notify({
      title: 'Error creating the file',
      description: errorMessage(error),
      variant: 'destructive',
    });
  }
  // Counted either way: the database already took the download.
  return { status: 'counted', doc: result.data };
}
