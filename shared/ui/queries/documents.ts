import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_ERRORS } from '@/shared/core/documents/documents.ts';
import { RUN_TEXTS } from '@/shared/core/runTexts.ts';
import { saveDocument, type NewDocument } from '@/shared/data/documents/documents.ts';
import { useNotify } from '../notices.tsx';
import { QueryError, unwrap, type DataClient } from '../query.ts';

/**
 * Saves a run's output as a document (either side), with its notice: "Document Saved" with the
 * side's Open action, or why it was not saved (a rule's refusal is the title alone).
 */
export function useSaveOutputDocumentMutation(client: DataClient, openDocuments: { altText: string; onClick: () => void }) {
  const notify = useNotify();
  return useMutation({
    mutationFn: async (doc: NewDocument) => unwrap(await saveDocument(await client(), doc)),
    onSuccess: (saved) =>
      notify({
        title: RUN_TEXTS.documentSaved,
        description: RUN_TEXTS.documentSavedText(saved.name),
        action: { label: RUN_TEXTS.openDocument, ...openDocuments },
      }),
    onError: (error) => {
      const invalid = error instanceof QueryError && error.dataError.code === 'invalid';
      notify({
        title: invalid ? error.message : DOCUMENT_ERRORS.save('document'),
        description: invalid ? undefined : error.message,
        variant: 'destructive',
      });
    },
  });
}
