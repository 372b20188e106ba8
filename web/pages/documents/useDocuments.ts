import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  compareDocuments,
  DEFAULT_DOCUMENT_SORT,
  documentExport,
  DOCUMENT_ERRORS,
  DOCUMENT_TEXTS,
  type DocumentFolder,
  type DocumentSort,
} from '@/shared/core/documents/documents.ts';
import { folderWithDescendants } from '@/shared/core/documents/generator.ts';
import {
  deleteDocument,
  downloadDocument,
  DOWNLOAD_LIMIT_CODE,
  moveDocuments,
  renameDocument,
  type DocumentSummary,
} from '@/shared/data/documents/documents.ts';
import { createDocumentFolder, deleteDocumentFolder, renameDocumentFolder } from '@/shared/data/documents/folders.ts';
import { exportDocument, type ExportFormat } from '@/shared/export/index.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { documentQueries, type DocumentList } from '@/web/queries/documents.ts';

/** What a name dialog shows under its field: the validation message, or null when it worked. */
export type Problem = string | null;

/**
 * The user's document folders and generated documents: loaded in the chosen sort (the database
 * orders them; the list shown stays while another sort loads), kept in step with every change made
 * through this hook, re-sorted in memory after one. Every failure shows its 'Error … ' toast and
 * leaves the list as it was.
 */
export function useDocuments(userId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<DocumentSort>(DEFAULT_DOCUMENT_SORT);
  const query = useQuery({ ...documentQueries.list(userId, sort), enabled: Boolean(userId), placeholderData: keepPreviousData });

  /** Applies a change the server confirmed to every sort read so far (each re-sorted in its own order; no second read). */
  const update = (change: (list: DocumentList) => Partial<DocumentList>) =>
    queryClient.setQueriesData<DocumentList>({ queryKey: queryKeys.documents.lists() }, (current) => {
      if (!current) return current;
      const next = { ...current, ...change(current) };
      const names = new Map(next.folders.map((f) => [f.id, f.name]));
      return {
        ...next,
        documents: [...next.documents].sort(compareDocuments(next.sort, (id) => (id ? (names.get(id) ?? null) : null))),
      };
    });
  /** A document's text changed or it is gone: its preview reads it again. */
  const textChanged = (id: string) => void queryClient.invalidateQueries({ queryKey: documentQueries.detail(id).queryKey });

  const failed = (title: string, message: string) => notify({ title, description: message, variant: 'destructive' });

  return {
    query,
    sort,
    setSort,

    /** A document saved elsewhere on the page (the generator). */
    added(doc: DocumentSummary) {
      update((s) => ({ documents: [doc, ...s.documents.filter((d) => d.id !== doc.id)] }));
    },
    /** A document changed elsewhere on the page (renamed, its text edited). */
    changed(doc: DocumentSummary) {
      update((s) => ({ documents: s.documents.map((d) => (d.id === doc.id ? doc : d)) }));
      textChanged(doc.id);
    },

    async createFolder(name: string, parentId: string | null): Promise<Problem> {
      const result = await createDocumentFolder(supabase, name, parentId);
      if (result.error) {
        if (result.error.code !== 'invalid') failed(DOCUMENT_ERRORS.save('folder'), result.error.message);
        return result.error.message;
      }
      update((s) => ({ folders: [...s.folders, result.data] }));
      notify({ title: 'Folder created', description: `"${result.data.name}" is ready for your documents.` });
      return null;
    },
    async renameFolder(folder: DocumentFolder, name: string): Promise<Problem> {
      const result = await renameDocumentFolder(supabase, folder.id, name);
      if (result.error) {
        if (result.error.code !== 'invalid') failed(DOCUMENT_ERRORS.save('folder'), result.error.message);
        return result.error.message;
      }
      update((s) => ({ folders: s.folders.map((f) => (f.id === folder.id ? result.data : f)) }));
      notify({ title: 'Folder renamed', description: `It is now "${result.data.name}".` });
      return null;
    },
    async deleteFolder(folder: DocumentFolder): Promise<boolean> {
      const result = await deleteDocumentFolder(supabase, folder.id);
      if (result.error) {
        failed(DOCUMENT_ERRORS.delete('folder'), result.error.message);
        return false;
      }
      update((s) => {
        const gone = folderWithDescendants(folder.id, s.folders);
        return {
          folders: s.folders.filter((f) => !gone.has(f.id)),
          documents: s.documents.filter((d) => !d.folderId || !gone.has(d.folderId)),
        };
      });
      notify({ title: 'Folder deleted', description: `"${folder.name}" and everything in it were deleted.` });
      return true;
    },

    async renameDocument(doc: DocumentSummary, name: string): Promise<Problem> {
      const result = await renameDocument(supabase, doc.id, name);
      if (result.error) {
        if (result.error.code !== 'invalid') failed(DOCUMENT_ERRORS.save('document'), result.error.message);
        return result.error.message;
      }
      update((s) => ({ documents: s.documents.map((d) => (d.id === doc.id ? result.data : d)) }));
      notify({ title: 'Document renamed', description: `It is now "${result.data.name}".` });
      return null;
    },
    async moveDocument(doc: DocumentSummary, folderId: string | null, folderLabel: string): Promise<boolean> {
      const result = await moveDocuments(supabase, [doc.id], folderId);
      if (result.error || result.data === 0) {
        failed(DOCUMENT_ERRORS.save('document'), result.error?.message ?? 'The document no longer exists.');
        return false;
      }
      update((s) => ({ documents: s.documents.map((d) => (d.id === doc.id ? { ...d, folderId } : d)) }));
      notify({ title: 'Document moved', description: `"${doc.name}" is now in ${folderLabel}.` });
      return true;
    },
    async deleteDocument(doc: DocumentSummary): Promise<boolean> {
      const result = await deleteDocument(supabase, doc.id);
      if (result.error) {
        failed(DOCUMENT_ERRORS.delete('document'), result.error.message);
        return false;
      }
      update((s) => ({ documents: s.documents.filter((d) => d.id !== doc.id) }));
      textChanged(doc.id);
      notify({ title: 'Document deleted', description: `"${doc.name}" was deleted.` });
      return true;
    },

    /** Counts the download in the database first (refused past a limit with 'Download Limit Reached'), then saves the file. */
    async download(doc: Pick<DocumentSummary, 'id' | 'name'>, format: ExportFormat): Promise<void> {
      const result = await downloadDocument(supabase, doc.id);
      if (result.error) {
        if (result.error.code === DOWNLOAD_LIMIT_CODE) notify({ title: DOCUMENT_TEXTS.downloadLimitReached, variant: 'destructive' });
        else failed(DOCUMENT_ERRORS.fetch('document'), result.error.message);
        return;
      }
      const counted = result.data;
      update((s) => ({
        documents: s.documents.map((d) =>
          d.id === doc.id ? { ...d, downloadCount: counted.downloadCount, maxDownloads: counted.maxDownloads } : d,
        ),
      }));
      try {
        const file = await exportDocument(documentExport(counted), format);
        downloadFile(file.data, file.fileName, file.mimeType);
        notify({ title: 'Download Started', description: `${file.fileName} is on its way.` });
      } catch (error) {
        failed('Error creating the file', error instanceof Error ? error.message : String(error));
      }
    },
  };
}

export type DocumentsApi = ReturnType<typeof useDocuments>;
