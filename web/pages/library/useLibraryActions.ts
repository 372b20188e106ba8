import { useMemo } from 'react';
import {
  LIBRARY_ERRORS,
  parseImportLines,
  type DeleteTarget,
  type LibraryFolder,
  type PromptDraft,
} from '@/shared/core/promptLibrary/library.ts';
import type { ImportReport } from '@/shared/core/promptLibrary/import.ts';
import type { PromptCard } from '@/shared/data/promptLibrary/library.ts';
import { exportLibrary } from '@/shared/data/promptLibrary/transfer.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { useLibraryMutations } from '@/shared/ui/queries/prompts.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { webData } from '../run/runSide.ts';

/** A write's outcome as a dialog takes it: null when it worked, otherwise the message to show in it. */
const problemOf = (write: Promise<unknown>): Promise<string | null> =>
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
 * The library's changes (shared/ui/queries/prompts.ts), each with its toast ('Error creating folder',
 * 'Error saving prompt', 'Error importing prompts', 'Error deleting {type}') and ours for the rest.
 * Functions that back a dialog answer the message to show in it (null: done), so nothing typed is
 * lost on a failure.
 */
export function useLibraryActions() {
  const notify = useNotify();
  const mutations = useLibraryMutations(webData);
  const createFolder = mutations.createFolder.mutateAsync;
  const renameFolder = mutations.renameFolder.mutateAsync;
  const savePrompt = mutations.savePrompt.mutateAsync;
  const remove = mutations.remove.mutateAsync;
  const toggleFavorite = mutations.toggleFavorite.mutateAsync;
  const move = mutations.move.mutateAsync;
  const importLines = mutations.importLines.mutateAsync;
  const importFile = mutations.importFile.mutateAsync;
  const savingFolder = mutations.createFolder.isPending || mutations.renameFolder.isPending;
  const savingPrompt = mutations.savePrompt.isPending;
  const importing = mutations.importLines.isPending || mutations.importFile.isPending;

  return useMemo(
    () => ({
      createFolder: (name: string, parentId: string | null) => problemOf(createFolder({ name, parentId })),
      renameFolder: (folder: LibraryFolder, name: string) => problemOf(renameFolder({ folder, name })),
      savePrompt: (draft: PromptDraft, id: string | null) => problemOf(savePrompt({ draft, id })),
      remove: (target: DeleteTarget) => succeeded(remove(target)),
      async toggleFavorite(card: PromptCard, listedByFavorite: boolean): Promise<void> {
        await toggleFavorite({ card, listedByFavorite }).catch(() => undefined);
      },
      move: (items: { folderIds?: string[]; promptIds?: string[] }, name: string, target: { id: string | null; name: string }) =>
        succeeded(move({ items, name, target })),

      /** Line import: one prompt per non-blank line into the open folder. */
      async importLines(text: string, folderId: string | null): Promise<string | null> {
        const parsed = parseImportLines(text, folderId);
        if (!parsed.ok) return parsed.error;
        return problemOf(importLines(parsed.value));
      },

      importFile: (text: string, folderId: string | null): Promise<{ report: ImportReport } | { problem: string }> =>
        importFile({ text, folderId }).then(
          (report) => ({ report }),
          (error: Error) => ({ problem: error.message }),
        ),

      /** While a folder is being created or renamed, a prompt saved (PromptDialog), or an import runs (ImportDialog). */
      savingFolder,
      savingPrompt,
      importing,

      async exportAll(kind: 'json' | 'csv'): Promise<void> {
        const result = await exportLibrary(supabase, kind);
        if (result.error) return notify(LIBRARY_ERRORS.export(result.error.message));
        downloadFile(result.data.content, result.data.fileName, result.data.mimeType);
        notify({ title: 'Library exported', description: `${result.data.fileName} is downloading.` });
      },
    }),
    [
      notify,
      createFolder,
      renameFolder,
      savePrompt,
      remove,
      toggleFavorite,
      move,
      importLines,
      importFile,
      savingFolder,
      savingPrompt,
      importing,
    ],
  );
}
