import { passed, refused, type Check } from '../core/check.ts';

/**
 * Text out of an uploaded file (knowledge-base uploads): .txt and .md as they are, .docx through
 * mammoth, .pdf through unpdf (pdf.js). Both libraries load only when such a file is chosen.
 */

export const UPLOAD_ACCEPT =
  '.txt,.md,.markdown,.docx,.pdf,text/plain,text/markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export type ExtractResult = Check<{ text: string; kind: 'text' | 'docx' | 'pdf' }>;

export interface UploadLike {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function kindOf(name: string): 'text' | 'docx' | 'pdf' | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'txt' || ext === 'md' || ext === 'markdown') return 'text';
  if (ext === 'docx') return 'docx';
  if (ext === 'pdf') return 'pdf';
  return null;
}

const tidy = (text: string) =>
  text
    .replace(/\r/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export async function extractText(file: UploadLike): Promise<ExtractResult> {
  const kind = kindOf(file.name);
  if (!kind) return refused('Choose a .txt, .md, .docx or .pdf file.');
  if (file.size > UPLOAD_MAX_BYTES) return refused('That file is too large (over 10 MB).');
  try {
    const bytes = await file.arrayBuffer();
    let text: string;
    if (kind === 'text') {
      text = new TextDecoder().decode(bytes);
    } else if (kind === 'docx') {
      const mammoth = await import('mammoth');
      // mammoth's browser build reads an ArrayBuffer, its Node build (tests) a Buffer.
      const NodeBuffer = (globalThis as { Buffer?: { from(data: ArrayBuffer): unknown } }).Buffer;
      const input = NodeBuffer ? ({ buffer: NodeBuffer.from(bytes) } as never) : { arrayBuffer: bytes };
      text = (await mammoth.extractRawText(input)).value;
    } else {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      text = (await pdfText(pdf, { mergePages: true })).text;
    }
    const clean = tidy(text);
    return clean ? passed({ text: clean, kind }) : refused('No text was found in that file.');
  } catch {
    return refused(`That ${kind === 'text' ? 'file' : kind.toUpperCase()} could not be read. Is it damaged or password-protected?`);
  }
}
