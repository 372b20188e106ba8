import type { FolderRef, LibraryNotice } from './library.ts';
import { SKIP_REASONS, type ImportPrompt, type ParsedLibrary, type SkippedRow } from './file.ts';
import { plural } from '../text.ts';

/**
 * Where an imported library goes (pure): into a target folder of the user's library (null: the
 * root). A file folder whose name already exists at the same place is merged into the existing
 * folder, so importing the same file twice adds no second tree; a prompt whose name and text are
 * already in that existing folder is skipped and reported. Into an empty library the import
 * recreates the file exactly (duplicates inside the file are kept).
 */

/** A folder to create: under an existing folder (parentId) or under one created before it (parentRef). */
interface PlannedFolder {
  ref: string;
  name: string;
  parentRef: string | null;
  parentId: string | null;
  createdAt: string | null;
}

/** A prompt to insert: into an existing folder (folderId) or a created one (folderRef). */
export type PlannedPrompt = Omit<ImportPrompt, 'folderRef'> & { folderRef: string | null; folderId: string | null };

export interface ImportPlan {
  folders: PlannedFolder[];
  prompts: PlannedPrompt[];
  /** File folders that went into an existing folder of the same name. */
  mergedFolders: number;
  skipped: SkippedRow[];
}

export interface ExistingLibrary {
  folders: readonly FolderRef[];
  prompts: readonly { name: string; promptText: string; folderId: string | null }[];
}

type Place = { existing: string | null } | { created: string };

const promptKey = (folderId: string | null, name: string, promptText: string) => JSON.stringify([folderId, name, promptText]);

export function planLibraryImport(library: ParsedLibrary, existing: ExistingLibrary, targetFolderId: string | null): ImportPlan {
  const childByName = new Map<string, string>();
  for (const f of existing.folders) {
    const key = JSON.stringify([f.parentId, f.name]);
    if (!childByName.has(key)) childByName.set(key, f.id);
  }
  const existingPrompts = new Set(existing.prompts.map((p) => promptKey(p.folderId, p.name, p.promptText)));

  const places = new Map<string, Place>();
  const folders: PlannedFolder[] = [];
  let mergedFolders = 0;
  for (const folder of library.folders) {
    const parent: Place = folder.parentRef === null ? { existing: targetFolderId } : places.get(folder.parentRef)!;
    if ('existing' in parent) {
      const match = childByName.get(JSON.stringify([parent.existing, folder.name]));
      if (match) {
        places.set(folder.ref, { existing: match });
        mergedFolders++;
        continue;
      }
    }
    places.set(folder.ref, { created: folder.ref });
    folders.push({
      ref: folder.ref,
      name: folder.name,
      parentRef: 'created' in parent ? parent.created : null,
      parentId: 'existing' in parent ? parent.existing : null,
      createdAt: folder.createdAt,
    });
  }

  const skipped = [...library.skipped];
  const prompts: PlannedPrompt[] = [];
  for (const prompt of library.prompts) {
    const place: Place = prompt.folderRef === null ? { existing: targetFolderId } : places.get(prompt.folderRef)!;
    if ('existing' in place && existingPrompts.has(promptKey(place.existing, prompt.name, prompt.promptText))) {
      skipped.push({ row: prompt.row, name: prompt.name, reason: SKIP_REASONS.duplicate });
      continue;
    }
    prompts.push({
      ...prompt,
      folderRef: 'created' in place ? place.created : null,
      folderId: 'existing' in place ? place.existing : null,
    });
  }
  return { folders, prompts, mergedFolders, skipped };
}

export interface ImportReport {
  addedFolders: number;
  addedPrompts: number;
  mergedFolders: number;
  skipped: SkippedRow[];
  /** Set when the import stopped part-way (the rows after it are in `skipped`). */
  error?: string;
}

/** The toast after an import: what was added, and how many rows were skipped. */
export function importReportNotice(report: ImportReport): LibraryNotice {
  const added = `${plural(report.addedPrompts, 'prompt', 'prompts')} and ${plural(report.addedFolders, 'folder', 'folders')} added`;
  const merged = report.mergedFolders ? `, ${plural(report.mergedFolders, 'folder', 'folders')} merged into existing ones` : '';
  const skipped = report.skipped.length ? ` ${plural(report.skipped.length, 'row was', 'rows were')} skipped; see the report.` : '';
  if (report.error)
    return { title: 'Error importing prompts', description: `${added}${merged}. ${report.error}${skipped}`, variant: 'destructive' };
  return { title: 'Library imported', description: `${added}${merged}.${skipped}` };
}
