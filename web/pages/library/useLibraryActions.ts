import { useMemo } from 'react';
import {
  LIBRARY_ERRORS,
  LIBRARY_SUCCESS,
  parseImportLines,
  type DeleteTarget,
  type LibraryFolder,
  type PromptDraft,
} from '@/shared/core/promptLibrary/library.ts';
import { importReportNotice, type ImportReport } from '@/shared/core/promptLibrary/import.ts';
import * as data from '@/shared/data/promptLibrary/library.ts';
import { exportLibrary, importLibrary } from '@/shared/data/promptLibrary/transfer.ts';
import { downloadFile } from '@/shared/ui/download.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { supabase } from '@/web/lib/supabase.ts';

/** What to read again after a change. */
export interface Refreshers {
  cards: () => void;
  folders: () => void;
  tags: () => void;
  patchCard: (id: string, change: { isFavorite: boolean }) => void;
}

/**
 * The library's changes, each with its toast ('Error creating folder', 'Error
 * saving prompt', 'Error importing prompts', 'Error deleting {type}') and ours for the rest.
 * Functions that back a dialog answer the message to show in it (null: done), so nothing typed is
 * lost on a failure.
 */
export function useLibraryActions(refresh: Refreshers) {
  const notify = useNotify();

  return useMemo(
    () => ({
      async createFolder(name: string, parentId: string | null): Promise<string | null> {
        const result = await data.createFolder(supabase, name, parentId);
        if (result.error) {
          if (result.error.code !== 'invalid') notify(LIBRARY_ERRORS.createFolder(result.error.message));
          return result.error.message;
        }
        notify(LIBRARY_SUCCESS.folderCreated(result.data.name));
        refresh.cards();
        refresh.folders();
        return null;
      },

      async renameFolder(folder: LibraryFolder, name: string): Promise<string | null> {
        const result = await data.renameFolder(supabase, folder.id, name);
        if (result.error) {
          if (result.error.code !== 'invalid')
            notify({ title: 'Error renaming folder', description: result.error.message, variant: 'destructive' });
          return result.error.message;
        }
        notify({ title: 'Folder renamed', description: `"${folder.name}" is now "${result.data.name}".` });
        refresh.cards();
        refresh.folders();
        return null;
      },

      async savePrompt(draft: PromptDraft, id: string | null): Promise<string | null> {
        const result = id
          ? await data.updatePrompt(supabase, id, { ...draft, folderId: undefined })
          : await data.createPrompt(supabase, draft);
        if (result.error) {
          if (result.error.code !== 'invalid') notify(LIBRARY_ERRORS.savePrompt(result.error.message));
          return result.error.message;
        }
        notify(LIBRARY_SUCCESS.promptSaved(result.data.name));
        refresh.cards();
        refresh.tags();
        return null;
      },

      async remove(target: DeleteTarget): Promise<boolean> {
        const result =
          target.type === 'folder' ? await data.deleteFolder(supabase, target.id) : await data.deletePrompt(supabase, target.id);
        if (result.error) {
          notify(LIBRARY_ERRORS.delete(target.type, result.error.message));
          return false;
        }
        notify(LIBRARY_SUCCESS.deleted(target));
        refresh.cards();
        refresh.tags();
        if (target.type === 'folder') refresh.folders();
        return true;
      },

      async toggleFavorite(card: data.PromptCard, listedByFavorite: boolean): Promise<void> {
        const isFavorite = !card.isFavorite;
        refresh.patchCard(card.id, { isFavorite });
        const result = await data.setFavorite(supabase, card.id, isFavorite);
        if (result.error) {
          refresh.patchCard(card.id, { isFavorite: card.isFavorite });
          return notify(LIBRARY_ERRORS.update(result.error.message));
        }
        // The favourites view drops an unstarred prompt; other views keep their order.
        if (listedByFavorite) refresh.cards();
      },

      async move(
        items: { folderIds?: string[]; promptIds?: string[] },
        name: string,
        target: { id: string | null; name: string },
      ): Promise<boolean> {
        const result = await data.moveItems(supabase, items, target.id);
        if (result.error) {
          notify(LIBRARY_ERRORS.move(result.error.message));
          return false;
        }
        notify({ ...LIBRARY_SUCCESS.moved(result.data), description: `"${name}" is now in ${target.name}.` });
        refresh.cards();
        if (items.folderIds?.length) refresh.folders();
        return true;
      },

      /** Line import: one prompt per non-blank line into the open folder. */
      async importLines(text: string, folderId: string | null): Promise<string | null> {
        const parsed = parseImportLines(text, folderId);
        if (!parsed.ok) return parsed.error;
        const result = await data.importPromptLines(supabase, parsed.rows);
        if (result.error) {
          notify(LIBRARY_ERRORS.importPrompts(result.error.message));
          return result.error.message;
        }
        const notice = LIBRARY_SUCCESS.imported(result.data);
        const skipped = parsed.skipped.length ? ` ${parsed.skipped.map((s) => `Line ${s.line} skipped: ${s.reason}`).join(' ')}` : '';
        notify({ ...notice, description: `${notice.description}${skipped}` });
        refresh.cards();
        return null;
      },

      async importFile(text: string, folderId: string | null): Promise<{ report: ImportReport } | { problem: string }> {
        const result = await importLibrary(supabase, text, folderId);
        if (result.error) {
          if (result.error.code !== 'invalid') notify(LIBRARY_ERRORS.importPrompts(result.error.message));
          return { problem: result.error.message };
        }
        notify(importReportNotice(result.data));
        refresh.cards();
        refresh.folders();
        refresh.tags();
        return { report: result.data };
      },

      async exportAll(kind: 'json' | 'csv'): Promise<void> {
        const result = await exportLibrary(supabase, kind);
        if (result.error) return notify(LIBRARY_ERRORS.export(result.error.message));
        downloadFile(result.data.content, result.data.fileName, result.data.mimeType);
        notify({ title: 'Library exported', description: `${result.data.fileName} is downloading.` });
      },
    }),
    [notify, refresh],
  );
}
