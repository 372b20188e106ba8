import { useQuery } from '@tanstack/react-query';
import { documentExport } from '@/shared/core/documents/documents.ts';
import { getDocument } from '@/shared/data/documents/documents.ts';
import { notFound } from '@/shared/data/result.ts';
import { QueryError, unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** A saved document's Markdown, without a first heading that repeats its title (the title is the dialog's). */
async function documentText(documentId: string): Promise<string> {
  const doc = unwrap(await getDocument(supabase, documentId));
  if (!doc) throw new QueryError(notFound('The document no longer exists.').error);
  return documentExport(doc).sections[0]!.markdown;
}

/** A document's text read in place (the viewer, the file manager's preview); not counted as a download. */
export function useDocumentText(documentId: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.documents.detail(documentId), queryFn: () => documentText(documentId), enabled });
}
