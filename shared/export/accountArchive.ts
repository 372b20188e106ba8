import { documentFileBase, type AccountExport } from '../core/account/manifest.ts';
import { documentExport } from '../core/documents/documents.ts';
import { documentToDocx } from './docx.ts';
import { documentToMarkdown } from './text.ts';

/**
 * The "Export my data" zip: README.txt, export.json (when and for whom), one pretty-printed JSON
 * file per kind of row in data/, and each generated document as DOCX and Markdown in documents/.
 * JSZip is loaded only when someone exports.
 */

const README = `Your AI Vault data.

data/       one JSON file per kind of data you own (prompts, folders, runs, conversations, offers,
            knowledge base, documents, ideas, workflows, workspaces, shares, subscriptions, ...)
documents/  each generated document as Word (DOCX) and Markdown
images/     each picture you generated, named by its id (data/generated_images.json says what it is)
conversation-images/  the images you asked about in conversations (conversation_messages.json names them)
export.json when the export was made, and for which account

Provider keys are not included: they are secrets, and you hold them already.
`;

interface DocumentRow {
  id: string;
  name: string;
  content: string | null;
  template_id: string | null;
}

const isDocumentRow = (row: Record<string, unknown>): row is Record<string, unknown> & DocumentRow =>
  typeof row.id === 'string' && typeof row.name === 'string';

/** The account's files as the archive reads them (Storage, for the signed-in owner); null when one is gone. */
export interface FileReaders {
  picture: (path: string) => Promise<Uint8Array | null>;
  chatImage: (path: string) => Promise<Uint8Array | null>;
}

/** images/<id>.<ext>: the file's own name, without the owner's folder. */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export async function buildAccountArchive(data: AccountExport, files?: FileReaders): Promise<Blob> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file('README.txt', README);
  zip.file('export.json', JSON.stringify({ exportedAt: data.exportedAt, account: data.account }, null, 2));
  for (const [file, rows] of Object.entries(data.files)) zip.file(`data/${file}.json`, JSON.stringify(rows, null, 2));
  for (const row of (data.files.documents ?? []).filter(isDocumentRow)) {
    const doc = documentExport({ name: row.name, content: row.content ?? '', templateId: row.template_id });
    const base = `documents/${documentFileBase(row)}`;
    zip.file(`${base}.docx`, await documentToDocx(doc));
    zip.file(`${base}.md`, documentToMarkdown(doc));
  }
  if (files) {
    for (const row of data.files.generated_images ?? []) {
      if (typeof row.file_path !== 'string') continue;
      const bytes = await files.picture(row.file_path);
      if (bytes) zip.file(`images/${baseName(row.file_path)}`, bytes);
    }
    for (const row of data.files.conversation_messages ?? []) {
      for (const path of Array.isArray(row.image_paths) ? row.image_paths : []) {
        if (typeof path !== 'string') continue;
        const bytes = await files.chatImage(path);
        if (bytes) zip.file(`conversation-images/${baseName(path)}`, bytes);
      }
    }
  }
  return zip.generateAsync({ type: 'blob', compression: 'DEFLATE' });
}
