/**
 * What gets exported: a titled document made of sections whose bodies are markdown (AI output,
 * user notes). Offers, generated documents, startup ideas and prompt runs all map onto this.
 */
export interface ExportSection {
  /** Section heading ('--- name ---' in plain text); omitted for a single-body document. */
  heading?: string;
  markdown: string;
}

/**
 * A picture under the title (an offer's hero): DOCX, PDF and HTML show it, scaled to the page's
 * width with its shape kept; Markdown and plain text leave it out (they carry words only).
 * PNG or JPEG, the formats all three take (a WebP picture is turned into PNG before it gets here).
 */
export interface ExportImage {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
  /** Pixel size of the picture. */
  width: number;
  height: number;
  /** Alternative text (Word's and HTML's; jsPDF writes no alternative text). */
  alt: string;
}

export interface ExportDocument {
  title: string;
  /** A line under the title (e.g. a date or the offer's tagline). */
  subtitle?: string;
  image?: ExportImage;
  sections: ExportSection[];
}

/** The size a picture is shown at inside a box, its shape kept and never enlarged. */
export function fitImage(image: Pick<ExportImage, 'width' | 'height'>, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

export const EXPORT_FORMATS = ['docx', 'pdf', 'html', 'md', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  docx: 'Word (DOCX)',
  pdf: 'PDF',
  html: 'HTML',
  md: 'Markdown',
  txt: 'Plain text',
};

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  html: 'text/html;charset=utf-8',
  md: 'text/markdown;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
};

/** "My Offer: 2025!" → "my_offer__2025_" (lowercased, every non-letter/digit → _). */
export function slugFileName(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]/g, '_') || 'document';
}
