import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_DOCUMENT_SORT, documentExport, type DocumentFolder, type DocumentSort } from '@/shared/core/documents/documents.ts';
import type { DocumentSummary } from '@/shared/data/documents/documents.ts';
import { exportDocument, type ExportFormat } from '@/shared/export/index.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import {
  documentQueries,
  useCountDownloadMutation,
  useCreateDocumentFolderMutation,
  useDeleteDocumentFolderMutation,
  useDeleteDocumentMutation,
  useDocumentListUpdate,
  useMoveDocumentMutation,
  useRenameDocumentFolderMutation,
  useRenameDocumentMutation,
} from '@/web/queries/documents.ts';
import { errorMessage } from '@/shared/core/text.ts';

/** What a name dialog shows under its field: the validation message, or null when it worked. */
export type Problem = string | null;

/** A write's outcome as the dialogs take it: null when it worked, otherwise the failure's message. */
const problemOf = (write: Promise<unknown>): Promise<Problem> =>
  write.then(
    () => null,
    (error: Error) => error.message,
  );
const succeeded = (write: Promise<unknown>): Promise<boolean> =>
  write.then(
    () => true,
    () => false,
  );

/**
 * The user's document folders and generated documents: loaded in the chosen sort (the database
 * orders them; the list shown stays while another sort loads), kept in step with every change made
 * through this hook, re-sorted in memory after one. Every failure shows its 'Error … ' toast and
 * leaves the list as it was.
 */
export function useDocuments(userId: string) {
  const notify = useNotify();
  const [sort, setSort] = useState<DocumentSort>(DEFAULT_DOCUMENT_SORT);
  const query = useQuery({ ...documentQueries.list(userId, sort), enabled: Boolean(userId), placeholderData: keepPreviousData });
  const { update, textChanged } = useDocumentListUpdate();
  const createFolder = useCreateDocumentFolderMutation();
  const renameFolder = useRenameDocumentFolderMutation();
  const deleteFolder = useDeleteDocumentFolderMutation();
  const renameDocument = useRenameDocumentMutation();
  const moveDocument = useMoveDocumentMutation();
  const deleteDocument = useDeleteDocumentMutation();
  const countDownload = useCountDownloadMutation();

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

    createFolder: (name: string, parentId: string | null): Promise<Problem> => problemOf(createFolder.mutateAsync({ name, parentId })),
    renameFolder: (folder: DocumentFolder, name: string): Promise<Problem> => problemOf(renameFolder.mutateAsync({ folder, name })),
    deleteFolder: (folder: DocumentFolder): Promise<boolean> => succeeded(deleteFolder.mutateAsync(folder)),
    renameDocument: (doc: DocumentSummary, name: string): Promise<Problem> => problemOf(renameDocument.mutateAsync({ doc, name })),
    /** While a document is being renamed, or a folder created or renamed. */
    renamingDocument: renameDocument.isPending,
    savingFolder: createFolder.isPending || renameFolder.isPending,
    moveDocument: (doc: DocumentSummary, folderId: string | null, folderLabel: string): Promise<boolean> =>
      succeeded(moveDocument.mutateAsync({ doc, folderId, folderLabel })),
    /** While a document is being moved. */
    moving: moveDocument.isPending,
    deleteDocument: (doc: DocumentSummary): Promise<boolean> => succeeded(deleteDocument.mutateAsync(doc)),

    /** Counts the download in the database first (refused past a limit with 'Download Limit Reached'), then saves the file. */
    async download(doc: Pick<DocumentSummary, 'id' | 'name'>, format: ExportFormat): Promise<void> {
      const counted = await countDownload.mutateAsync(doc).catch(() => null);
      if (!counted) return;
      try {
        const file = await exportDocument(documentExport(counted), format);
        downloadFile(file.data, file.fileName, file.mimeType);
        notify({ title: 'Download Started', description: `${file.fileName} is on its way.` });
      } catch (error) {
        notify({
          title: 'Error creating the file',
          description: errorMessage(error),
          variant: 'destructive',
        });
      }
    },
  };
}

export type DocumentsApi = ReturnType<typeof useDocuments>;
