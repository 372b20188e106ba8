import { useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_FILE_TEXTS } from '@/shared/core/knowledge/files.ts';
import type { KbDocument, KbFolder, KbSelection, NewKbDocument } from '@/shared/data/knowledge.ts';
import { downloadKnowledgeFile } from '@/shared/data/knowledgeFiles.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import type { JobToEstimate } from '@/shared/ui/usage/EstimateConfirm.tsx';
import {
  knowledgeQueries,
  useAddKbDocumentMutation,
  useCreateKbFolderMutation,
  useDeleteKbDocumentMutation,
  useDeleteKbFolderMutation,
  useSelectKnowledgeMutation,
} from '@/shared/ui/queries/knowledge.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';
import { useKnowledgeEmbeddings } from './useKnowledgeEmbeddings.ts';

/**
 * The user's knowledge base: loads it, and keeps it in step with every change made through it.
 * `confirmEmbedding` asks before embedding a saved document when that costs more than the user's threshold.
 */
export function useKnowledgeBase(userId: string, confirmEmbedding?: (job: JobToEstimate) => Promise<boolean>) {
  const notify = useNotify();
  const embeddings = useKnowledgeEmbeddings();
  const query = useQuery(knowledgeQueries.base(webData));
  const createFolder = useCreateKbFolderMutation(webData);
  const deleteFolder = useDeleteKbFolderMutation(webData);
  const addDocument = useAddKbDocumentMutation(webData, userId);
  const deleteDocument = useDeleteKbDocumentMutation(webData);
  const select = useSelectKnowledgeMutation(webData, userId);

  return {
    query,
    createFolder: (name: string): Promise<KbFolder | null> => createFolder.mutateAsync(name).catch(() => null),
    deleteFolder: (folder: KbFolder): Promise<boolean> =>
      deleteFolder.mutateAsync(folder).then(
        () => true,
        () => false,
      ),
    /** The message to show in the form when the document could not be saved, or null. */
    async addDocument(doc: NewKbDocument, original: File | null = null): Promise<string | null> {
      const added = await addDocument.mutateAsync({ doc, original }).catch((error: Error) => error);
      if (added instanceof Error) return added.message;
      // In the background, never in the way of saving: until it is done, full text ranks it.
      void embeddings.embedDocument(added.id, confirmEmbedding).catch(() => undefined);
      return null;
    },
    async downloadOriginal(doc: KbDocument): Promise<void> {
      if (!doc.file) return;
      const file = await downloadKnowledgeFile(supabase, doc.file.path);
      if (file.error)
        return notify({ title: KNOWLEDGE_FILE_TEXTS.downloadFailed, description: file.error.message, variant: 'destructive' });
      downloadFile(file.data, doc.source ?? doc.name, file.data.type);
    },
    async deleteDocument(doc: KbDocument): Promise<void> {
      await deleteDocument.mutateAsync(doc).catch(() => undefined);
    },
    async select(selection: KbSelection): Promise<void> {
      await select.mutateAsync(selection).catch(() => undefined);
    },
  };
}
