import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listModels } from '@/shared/ai/keyTest.ts';
import type { ProviderTarget } from '@/shared/ai/providers.ts';
import { KNOWLEDGE_FILE_TEXTS } from '@/shared/core/knowledge/files.ts';
import {
  addKbDocument,
  createKbFolder,
  deleteKbDocument,
  deleteKbFolder,
  getKbDocument,
  getKbSelection,
  listKnowledge,
  setKbSelection,
  type KbDocument,
  type KbFolder,
  type KbSelection,
  type NewKbDocument,
} from '@/shared/data/knowledge.ts';
import { removeKnowledgeFiles, uploadKnowledgeFile } from '@/shared/data/knowledgeFiles.ts';
import { useNotify } from '../notices.tsx';
import { unwrap, type DataClient } from '../query.ts';
import { queryKeys } from '../queryKeys.ts';

/** The folders and documents (what a generator, a workflow step or a question chooses from). */
export interface KnowledgeList {
  folders: KbFolder[];
  documents: KbDocument[];
}

/** The folders and documents with the saved selection (the Knowledge Base page, and what the offer builder feeds in). */
export interface KnowledgeBase extends KnowledgeList {
  selection: KbSelection;
}

async function loadKnowledgeBase(client: DataClient): Promise<KnowledgeBase> {
  const supabase = await client();
  const [all, selected] = await Promise.all([listKnowledge(supabase), getKbSelection(supabase)]);
  const { folders, documents } = unwrap(all);
  return { folders, documents, selection: selected.data ?? { kind: 'all' } };
}

/** The knowledge base's server state. `base` and `list` are two keys because they hold two shapes. */
export const knowledgeQueries = {
  base: (client: DataClient) => queryOptions({ queryKey: queryKeys.knowledge.base(), queryFn: () => loadKnowledgeBase(client) }),
  list: (client: DataClient) =>
    queryOptions({
      queryKey: queryKeys.knowledge.list(),
      queryFn: async (): Promise<KnowledgeList> => unwrap(await listKnowledge(await client())),
    }),
  document: (client: DataClient, id: string) =>
    queryOptions({ queryKey: queryKeys.knowledge.document(id), queryFn: async () => unwrap(await getKbDocument(await client(), id)) }),
  /** A model list does not change while the page is open: read once per base URL. */
  embeddingModels: (target: ProviderTarget) =>
    queryOptions({
      queryKey: queryKeys.knowledge.embeddingModels(target.customBaseUrl ?? ''),
      queryFn: () => listModels(target),
      staleTime: Infinity,
    }),
};

/**
 * Applies a change the server confirmed to the cached knowledge base (no second read). The
 * folder-and-document list, when read, follows it: the pages reading it see the change at once.
 */
function useKnowledgeUpdate(client: DataClient) {
  const queryClient = useQueryClient();
  return (change: (current: KnowledgeBase) => Partial<KnowledgeBase>) => {
    const next = queryClient.setQueryData(knowledgeQueries.base(client).queryKey, (current) =>
      current ? { ...current, ...change(current) } : current,
    );
    if (next)
      queryClient.setQueryData(
        knowledgeQueries.list(client).queryKey,
        (list) => list && { folders: next.folders, documents: next.documents },
      );
  };
}

/** The notice of a failed knowledge-base change. */
function useFailureNotice(title: string) {
  const notify = useNotify();
  return (error: Error) => notify({ title, description: error.message, variant: 'destructive' });
}

/** Creates a folder (a blank name creates nothing: null); the folders stay in name order. */
export function useCreateKbFolderMutation(client: DataClient) {
  const update = useKnowledgeUpdate(client);
  return useMutation({
    mutationFn: async (name: string) => unwrap(await createKbFolder(await client(), name)),
    onSuccess: (folder) => {
      if (folder) update((s) => ({ folders: [...s.folders, folder].sort((a, b) => a.name.localeCompare(b.name)) }));
    },
    onError: useFailureNotice('Error creating folder'),
  });
}

/** Deletes a folder with its documents; a selection of that folder becomes "all". */
export function useDeleteKbFolderMutation(client: DataClient) {
  const update = useKnowledgeUpdate(client);
  const notify = useNotify();
  return useMutation({
    mutationFn: async (folder: KbFolder) => unwrap(await deleteKbFolder(await client(), folder.id)),
    onSuccess: (_done, folder) => {
      update((s) => ({
        folders: s.folders.filter((f) => f.id !== folder.id),
        documents: s.documents.filter((d) => d.folderId !== folder.id),
        selection: s.selection.kind === 'folder' && s.selection.folderId === folder.id ? { kind: 'all' } : s.selection,
      }));
      notify({ title: 'Folder deleted', description: `"${folder.name}" and its documents were deleted.` });
    },
    onError: useFailureNotice('Error deleting folder'),
  });
}

/**
 * Adds a document, with its uploaded original when there is one. A failure to save the document
 * has no notice (the form shows it); a file that could not be kept has one.
 */
export function useAddKbDocumentMutation(client: DataClient, userId: string) {
  const update = useKnowledgeUpdate(client);
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ doc, original }: { doc: NewKbDocument; original: File | null }) => {
      const supabase = await client();
      // The text is what matters to the AI: a file that cannot be kept still leaves its text saved.
      const stored = original ? await uploadKnowledgeFile(supabase, userId, original, original.name) : null;
      if (stored?.error) notify({ title: KNOWLEDGE_FILE_TEXTS.notKept, description: stored.error.message, variant: 'destructive' });
      const result = await addKbDocument(supabase, { ...doc, file: stored?.data ?? null });
      if (result.error && stored?.data) void removeKnowledgeFiles(supabase, [stored.data.path]);
      return unwrap(result);
    },
    onSuccess: (added) => {
      update((s) => ({ documents: [added, ...s.documents] }));
      notify({ title: 'Document added', description: `"${added.name}" is in your knowledge base.` });
    },
  });
}

/** Deletes a document (with its kept original). */
export function useDeleteKbDocumentMutation(client: DataClient) {
  const update = useKnowledgeUpdate(client);
  const notify = useNotify();
  return useMutation({
    mutationFn: async (doc: KbDocument) => unwrap(await deleteKbDocument(await client(), doc.id)),
    onSuccess: (_done, doc) => {
      update((s) => ({ documents: s.documents.filter((d) => d.id !== doc.id) }));
      notify({ title: 'Document deleted', description: `"${doc.name}" was deleted.` });
    },
    onError: useFailureNotice('Error deleting document'),
  });
}

/** Saves which documents feed generation: shown at once, put back if the server refuses. */
export function useSelectKnowledgeMutation(client: DataClient, userId: string) {
  const queryClient = useQueryClient();
  const update = useKnowledgeUpdate(client);
  const failed = useFailureNotice('Error saving selection');
  return useMutation({
    onMutate: (selection: KbSelection) => {
      const previous = queryClient.getQueryData(knowledgeQueries.base(client).queryKey)?.selection ?? null;
      update(() => ({ selection }));
      return { previous };
    },
    mutationFn: async (selection: KbSelection) => unwrap(await setKbSelection(await client(), userId, selection)),
    onError: (error, _selection, context) => {
      const previous = context?.previous;
      if (previous) update(() => ({ selection: previous }));
      failed(error);
    },
  });
}
