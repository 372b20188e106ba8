import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KNOWLEDGE_FILE_TEXTS } from '@/shared/core/knowledge/files.ts';
import * as kb from '@/shared/data/knowledge.ts';
import { downloadKnowledgeFile, removeKnowledgeFiles, uploadKnowledgeFile } from '@/shared/data/knowledgeFiles.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { knowledgeQueries, type KnowledgeBase } from '@/shared/ui/queries/knowledge.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';
import { useKnowledgeEmbeddings } from './useKnowledgeEmbeddings.ts';

/** The user's knowledge base: loads it, and keeps it in step with every change made through it. */
export function useKnowledgeBase(userId: string) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const embeddings = useKnowledgeEmbeddings();
  const query = useQuery(knowledgeQueries.base(webData));

  /** Applies a change the server confirmed to the cached knowledge base (no second read). */
  const update = (change: (current: KnowledgeBase) => Partial<KnowledgeBase>) =>
    queryClient.setQueryData(knowledgeQueries.base(webData).queryKey, (current: KnowledgeBase | undefined) =>
      current ? { ...current, ...change(current) } : current,
    );

  const fail = (title: string, message: string) => notify({ title, description: message, variant: 'destructive' });

  return {
    query,
    async createFolder(name: string): Promise<kb.KbFolder | null> {
      const result = await kb.createKbFolder(supabase, name);
      if (result.error) {
        fail('Error creating folder', result.error.message);
        return null;
      }
      const folder = result.data;
      if (folder) update((s) => ({ folders: [...s.folders, folder].sort((a, b) => a.name.localeCompare(b.name)) }));
      return folder;
    },
    async deleteFolder(folder: kb.KbFolder): Promise<boolean> {
      const { error } = await kb.deleteKbFolder(supabase, folder.id);
      if (error) {
        fail('Error deleting folder', error.message);
        return false;
      }
      update((s) => ({
        folders: s.folders.filter((f) => f.id !== folder.id),
        documents: s.documents.filter((d) => d.folderId !== folder.id),
        selection: s.selection.kind === 'folder' && s.selection.folderId === folder.id ? { kind: 'all' } : s.selection,
      }));
      notify({ title: 'Folder deleted', description: `"${folder.name}" and its documents were deleted.` });
      return true;
    },
    async addDocument(doc: kb.NewKbDocument, original: File | null = null): Promise<string | null> {
      // The text is what matters to the AI: a file that cannot be kept still leaves its text saved.
      const stored = original ? await uploadKnowledgeFile(supabase, userId, original, original.name) : null;
      if (stored?.error) {
        notify({ title: KNOWLEDGE_FILE_TEXTS.notKept, description: stored.error.message, variant: 'destructive' });
      }
      const result = await kb.addKbDocument(supabase, { ...doc, file: stored?.data ?? null });
      if (result.error) {
        if (stored?.data) void removeKnowledgeFiles(supabase, [stored.data.path]);
        return result.error.message;
      }
      const added = result.data;
      update((s) => ({ documents: [added, ...s.documents] }));
      notify({ title: 'Document added', description: `"${added.name}" is in your knowledge base.` });
      // In the background, never in the way of saving: until it is done, full text ranks it.
      void embeddings.embedDocument(added.id).catch(() => undefined);
      return null;
    },
    async downloadOriginal(doc: kb.KbDocument): Promise<void> {
      if (!doc.file) return;
      const file = await downloadKnowledgeFile(supabase, doc.file.path);
      if (file.error) return fail(KNOWLEDGE_FILE_TEXTS.downloadFailed, file.error.message);
      downloadFile(file.data, doc.source ?? doc.name, file.data.type);
    },
    async deleteDocument(doc: kb.KbDocument): Promise<void> {
      const { error } = await kb.deleteKbDocument(supabase, doc.id);
      if (error) return fail('Error deleting document', error.message);
      update((s) => ({ documents: s.documents.filter((d) => d.id !== doc.id) }));
      notify({ title: 'Document deleted', description: `"${doc.name}" was deleted.` });
    },
    async select(selection: kb.KbSelection): Promise<void> {
      const previous = query.data?.selection ?? null;
      update(() => ({ selection }));
      const { error } = await kb.setKbSelection(supabase, userId, selection);
      if (error) {
        if (previous) update(() => ({ selection: previous }));
        fail('Error saving selection', error.message);
      }
    },
  };
}
