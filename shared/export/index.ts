import { documentToDocx } from './docx.ts';
import { documentToHtml } from './html.ts';
import { EXPORT_MIME_TYPES, slugFileName, type ExportDocument, type ExportFormat } from './model.ts';
import { documentToPdf } from './pdf.ts';
import { documentToMarkdown, documentToText } from './text.ts';

/**
 * Exports: one ExportDocument (title + markdown sections) to DOCX, PDF, HTML, Markdown or plain
 * text. Pure of the DOM: returns bytes and a file name; shared/ui/download.ts saves them.
 */
export * from './model.ts';
export { markdownToSafeHtml } from './html.ts';
export { markdownToPlainText } from './text.ts';

export interface ExportedFile {
  fileName: string;
  mimeType: string;
  data: ArrayBuffer | string;
}

/** `baseName` defaults to the title's slug (lowercased, every character other than a letter or digit → _). */
export async function exportDocument(doc: ExportDocument, format: ExportFormat, baseName = slugFileName(doc.title)): Promise<ExportedFile> {
  const fileName = `${baseName}.${format}`;
  const mimeType = EXPORT_MIME_TYPES[format];
  switch (format) {
    case 'docx':
      return { fileName, mimeType, data: await documentToDocx(doc) };
    case 'pdf':
      return { fileName, mimeType, data: documentToPdf(doc) };
    case 'html':
      return { fileName, mimeType, data: documentToHtml(doc) };
    case 'md':
      return { fileName, mimeType, data: documentToMarkdown(doc) };
    case 'txt':
      return { fileName, mimeType, data: documentToText(doc) };
  }
}
