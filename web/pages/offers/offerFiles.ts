import type { ExportDocument, ExportFormat } from '@/shared/export/model.ts';
import type { NoticeInput } from '@/shared/ui/notices.tsx';
import { downloadFile } from '@/shared/ui/download.ts';
import { OFFER_TEXTS } from '@/shared/core/offers/texts.ts';

/** The formats offers download in (DOCX, HTML, PDF). */
export const OFFER_DOWNLOADS = [
  { format: 'docx', label: 'DOCX' },
  { format: 'html', label: 'HTML' },
  { format: 'pdf', label: 'PDF' },
] as const satisfies readonly { format: ExportFormat; label: string }[];

export type OfferDownloadFormat = (typeof OFFER_DOWNLOADS)[number]['format'];

const FAILURE: Record<OfferDownloadFormat, NoticeInput> = {
  docx: { title: OFFER_TEXTS.docxErrorTitle, description: OFFER_TEXTS.docxErrorText, variant: 'destructive' },
  html: { title: 'Error generating HTML', description: 'There was an issue creating the HTML file.', variant: 'destructive' },
  pdf: { title: 'Error generating PDF', description: 'There was an issue creating the PDF file.', variant: 'destructive' },
};

/**
 * Builds and saves a download. The exporters (docx, jsPDF, the markdown pipeline) load on first
 * use, so the page itself stays light; a failure shows 'Error generating DOCX' (or its HTML/PDF twin).
 */
export async function downloadOffer(
  doc: ExportDocument,
  format: OfferDownloadFormat,
  baseName: string,
  notify: (notice: NoticeInput) => void,
): Promise<void> {
  try {
    const { exportDocument } = await import('@/shared/export/index.ts');
    const file = await exportDocument(doc, format, baseName);
    downloadFile(file.data, file.fileName, file.mimeType);
  } catch {
    notify(FAILURE[format]);
  }
}

/** Copies text; `success` (COPIED_TEXT, usually), or why it failed. */
export async function copyText(text: string, success: string, notify: (notice: NoticeInput) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ title: success });
  } catch {
    notify({
      title: 'Copy failed',
      description: 'The browser did not allow copying. Select the text and copy it yourself.',
      variant: 'destructive',
    });
  }
}
