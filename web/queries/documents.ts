import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  compareDocuments,
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
  getDocument,
  listDocuments,
  listDocumentsByIds,
  moveDocuments,
  renameDocument,
  type DocumentSummary,
} from '@/shared/data/documents/documents.ts';
import {
  createDocumentFolder,
  deleteDocumentFolder,
  listAllDocumentFolders,
  renameDocumentFolder,
} from '@/shared/data/documents/folders.ts';
import { MAX_ROWS } from '@/shared/data/paging.ts';
import { notFound } from '@/shared/data/result.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { QueryError, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The user's folders and documents as read for one sort (`truncated`: the database's row cap was reached). */
export interface DocumentList {
  sort: DocumentSort;
  folders: DocumentFolder[];
  documents: DocumentSummary[];
  truncated: boolean;
}

async function loadDocuments(userId: string, sort: DocumentSort): Promise<DocumentList> {
  const [folders, documents] = await Promise.all([listAllDocumentFolders(supabase, userId), listDocuments(supabase, userId, { sort })]);
  const list = unwrap(documents);
  return { sort, folders: unwrap(folders), documents: list, truncated: list.length >= MAX_ROWS };
}

/** A saved document's Markdown, without a first heading that repeats its title (the title is the dialog's). */
async function documentText(documentId: string): Promise<string> {
  const doc = unwrap(await getDocument(supabase, documentId));
  if (!doc) throw new QueryError(notFound('The document no longer exists.').error);
  return documentExport(doc).sections[0]!.markdown;
}

/** The generated documents: the generator's list per sort, one document's text, and the pickers' lists. */
export const documentQueries = {
  list: (userId: string, sort: DocumentSort) =>
    queryOptions({ queryKey: queryKeys.documents.list(sort), queryFn: () => loadDocuments(userId, sort) }),
  detail: (id: string) => queryOptions({ queryKey: queryKeys.documents.detail(id), queryFn: () => documentText(id) }),
  /** Newest first, without folders. */
  picker: (userId: string) =>
    queryOptions({
      queryKey: queryKeys.documents.picker(),
      queryFn: async () => unwrap(await listDocuments(supabase, userId, { sort: 'date_desc' })),
    }),
  byIds: (ids: readonly string[]) =>
    queryOptions({ queryKey: queryKeys.documents.byIds(ids), queryFn: async () => unwrap(await listDocumentsByIds(supabase, ids)) }),
};

/**
 * Applies a change the server confirmed to every sort of the list read so far (each re-sorted in
 * its own order; no second read); `textChanged` has a document's preview read again.
 */
export function useDocumentListUpdate() {
  const queryClient = useQueryClient();
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
  const textChanged = (id: string) => void queryClient.invalidateQueries({ queryKey: documentQueries.detail(id).queryKey });
  return { update, textChanged };
}

/** A rule's refusal (a blank name…) is shown at the name field only; any other failure is also a notice. */
const isRule = (error: Error) => error instanceof QueryError && error.dataError.code === 'invalid';

function useFailureNotice() {
  const notify = useNotify();
  return (title: string, error: Error) => notify({ title, description: error.message, variant: 'destructive' });
}

export function useCreateDocumentFolderMutation() {
  const { update } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async ({ name, parentId }: { name: string; parentId: string | null }) =>
      unwrap(await createDocumentFolder(supabase, name, parentId)),
    onSuccess: (folder) => {
      update((s) => ({ folders: [...s.folders, folder] }));
      notify({ title: 'Folder created', description: `"${folder.name}" is ready for your documents.` });
    },
    onError: (error) => {
      if (!isRule(error)) failed(DOCUMENT_ERRORS.save('folder'), error);
    },
  });
}

export function useRenameDocumentFolderMutation() {
  const { update } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async ({ folder, name }: { folder: DocumentFolder; name: string }) =>
      unwrap(await renameDocumentFolder(supabase, folder.id, name)),
    onSuccess: (renamed, { folder }) => {
      update((s) => ({ folders: s.folders.map((f) => (f.id === folder.id ? renamed : f)) }));
      notify({ title: 'Folder renamed', description: `It is now "${renamed.name}".` });
    },
    onError: (error) => {
      if (!isRule(error)) failed(DOCUMENT_ERRORS.save('folder'), error);
    },
  });
}

/** Deletes a folder with everything in it (its subfolders and their documents). */
export function useDeleteDocumentFolderMutation() {
  const { update } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async (folder: DocumentFolder) => unwrap(await deleteDocumentFolder(supabase, folder.id)),
    onSuccess: (_done, folder) => {
      update((s) => {
        const gone = folderWithDescendants(folder.id, s.folders);
        return {
          folders: s.folders.filter((f) => !gone.has(f.id)),
          documents: s.documents.filter((d) => !d.folderId || !gone.has(d.folderId)),
        };
      });
      notify({ title: 'Folder deleted', description: `"${folder.name}" and everything in it were deleted.` });
    },
    onError: (error) => failed(DOCUMENT_ERRORS.delete('folder'), error),
  });
}

export function useRenameDocumentMutation() {
  const { update } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async ({ doc, name }: { doc: DocumentSummary; name: string }) => unwrap(await renameDocument(supabase, doc.id, name)),
    onSuccess: (renamed, { doc }) => {
      update((s) => ({ documents: s.documents.map((d) => (d.id === doc.id ? renamed : d)) }));
      notify({ title: 'Document renamed', description: `It is now "${renamed.name}".` });
    },
    onError: (error) => {
      if (!isRule(error)) failed(DOCUMENT_ERRORS.save('document'), error);
    },
  });
}

/** Moves a document into a folder (`folderLabel` names it in the notice), or to the top level. */
export function useMoveDocumentMutation() {
  const { update } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async ({ doc, folderId }: { doc: DocumentSummary; folderId: string | null; folderLabel: string }) => {
      const moved = unwrap(await moveDocuments(supabase, [doc.id], folderId));
      if (moved === 0) throw new QueryError(notFound('The document no longer exists.').error);
    },
    onSuccess: (_done, { doc, folderId, folderLabel }) => {
      update((s) => ({ documents: s.documents.map((d) => (d.id === doc.id ? { ...d, folderId } : d)) }));
      notify({ title: 'Document moved', description: `"${doc.name}" is now in ${folderLabel}.` });
    },
    onError: (error) => failed(DOCUMENT_ERRORS.save('document'), error),
  });
}

export function useDeleteDocumentMutation() {
  const { update, textChanged } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async (doc: DocumentSummary) => unwrap(await deleteDocument(supabase, doc.id)),
    onSuccess: (_done, doc) => {
      update((s) => ({ documents: s.documents.filter((d) => d.id !== doc.id) }));
      textChanged(doc.id);
      notify({ title: 'Document deleted', description: `"${doc.name}" was deleted.` });
    },
    onError: (error) => failed(DOCUMENT_ERRORS.delete('document'), error),
  });
}

/** Counts a download in the database (refused past a limit with 'Download Limit Reached'); the list shows the new counter. */
export function useCountDownloadMutation() {
  const { update } = useDocumentListUpdate();
  const notify = useNotify();
  const failed = useFailureNotice();
  return useMutation({
    mutationFn: async (doc: Pick<DocumentSummary, 'id' | 'name'>) => unwrap(await downloadDocument(supabase, doc.id)),
    onSuccess: (counted, doc) =>
      update((s) => ({
        documents: s.documents.map((d) =>
          d.id === doc.id ? { ...d, downloadCount: counted.downloadCount, maxDownloads: counted.maxDownloads } : d,
        ),
      })),
    onError: (error) => {
      if (error instanceof QueryError && error.dataError.code === DOWNLOAD_LIMIT_CODE)
        notify({ title: DOCUMENT_TEXTS.downloadLimitReached, variant: 'destructive' });
      else failed(DOCUMENT_ERRORS.fetch('document'), error);
    },
  });
}
