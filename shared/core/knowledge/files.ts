/**
 * Where an uploaded knowledge-base file's original is kept: the private bucket, under the owner's
 * id first (storage policies read whose file it is from that folder), then a fresh id so two
 * uploads of one name never collide, then the name reduced to what object keys accept.
 */

export const KNOWLEDGE_FILES_BUCKET = 'knowledge-files';

const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The content type a file is stored with, by its extension (browsers leave .md untyped). */
export function knowledgeFileContentType(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** A file name object keys accept: letters, digits, dot, dash and underscore; at most 100 characters; never empty. */
export function storableFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe || 'file';
}

export function knowledgeFilePath(userId: string, fileId: string, fileName: string): string {
  return `${userId}/${fileId}/${storableFileName(fileName)}`;
}

export const KNOWLEDGE_FILE_TEXTS = {
  notKept: 'The original file could not be kept (its text was saved)',
  download: 'Download original',
  downloadFailed: 'Could not download the file',
} as const;
