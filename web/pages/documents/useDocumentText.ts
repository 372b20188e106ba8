import { useQuery } from '@tanstack/react-query';
import { documentQueries } from '@/web/queries/documents.ts';

/** A document's text read in place (the viewer, the file manager's preview); not counted as a download. */
export function useDocumentText(documentId: string, enabled = true) {
  return useQuery({ ...documentQueries.detail(documentId), enabled });
}
