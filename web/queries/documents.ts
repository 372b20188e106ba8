import { queryOptions } from '@tanstack/react-query';
import { documentExport, type DocumentFolder, type DocumentSort } from '@/shared/core/documents/documents.ts';
import { getDocument, listDocuments, listDocumentsByIds, type DocumentSummary } from '@/shared/data/documents/documents.ts';
import { listAllDocumentFolders } from '@/shared/data/documents/folders.ts';
import { MAX_ROWS } from '@/shared/data/paging.ts';
import { notFound } from '@/shared/data/result.ts';
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
