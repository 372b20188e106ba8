import type { AppClient } from '../supabase.ts';
import type { LibraryFolder, LibraryPrompt } from '../../core/promptLibrary/library.ts';
import { libraryFileName, libraryToCsv, libraryToJson, type SkippedRow } from '../../core/promptLibrary/file.ts';
import { parseLibraryFile } from '../../core/promptLibrary/fileRead.ts';
import { planLibraryImport, type ImportReport, type PlannedPrompt } from '../../core/promptLibrary/import.ts';
import { fetchAllPages } from '../paging.ts';
import { listAllFolders } from './library.ts';
import { PROMPT_COLUMNS, toPrompt } from './rows.ts';
import { fail, invalid, ok, type DataResult } from '../result.ts';

/**
 * Export and import of the whole prompt library: JSON or CSV files in the formats of
 * shared/core/promptLibraryFile.ts, lossless both ways.
 *
 *   fetchWholeLibrary(client)                     every folder and prompt of the user
 *   exportLibrary(client, 'json' | 'csv', now)    { fileName, mimeType, content } to download
 *   importLibrary(client, fileText, targetFolder) ImportReport: added, merged, skipped with reasons
 *
 * The import creates the new folders in one call (create_prompt_folder_tree: all or nothing),
 * then inserts the prompts in batches that fit a request (the local stack takes 1 MB). If a
 * batch fails, it stops: the report says so, and lists every prompt not imported as skipped.
 */

export async function fetchWholeLibrary(client: AppClient): Promise<DataResult<{ folders: LibraryFolder[]; prompts: LibraryPrompt[] }>> {
  const [folders, prompts] = await Promise.all([
    listAllFolders(client),
    fetchAllPages((from, to) => client.from('saved_prompts').select(PROMPT_COLUMNS).order('id').range(from, to)),
  ]);
  if (folders.error) return folders;
  if (prompts.error) return prompts;
  return ok({ folders: folders.data, prompts: prompts.data.map(toPrompt) });
}

export interface LibraryDownload {
  fileName: string;
  mimeType: string;
  content: string;
}

export async function exportLibrary(client: AppClient, kind: 'json' | 'csv', now = new Date()): Promise<DataResult<LibraryDownload>> {
  const library = await fetchWholeLibrary(client);
  if (library.error) return library;
  const { folders, prompts } = library.data;
  return ok({
    fileName: libraryFileName(kind, now),
    mimeType: kind === 'json' ? 'application/json' : 'text/csv',
    content: kind === 'json' ? libraryToJson(folders, prompts, now) : libraryToCsv(folders, prompts),
  });
}

/** Bytes per insert request, under the 1 MB request limit with room for the JSON around rows. */
const BATCH_BYTES = 700_000;
const BATCH_ROWS = 1000;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

function batches<T>(rows: readonly T[], size: (row: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const rowBytes = size(row);
    if (current.length && (bytes + rowBytes > BATCH_BYTES || current.length === BATCH_ROWS)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += rowBytes;
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * Imports a library file into a folder (null: the root). File folders that already exist at the
 * same place are merged, prompts already there (same name and text) are skipped. A file that
 * cannot be read gives code 'invalid' with the reason.
 */
export async function importLibrary(client: AppClient, fileText: string, targetFolderId: string | null): Promise<DataResult<ImportReport>> {
  const parsed = parseLibraryFile(fileText);
  if (!parsed.ok) return invalid(parsed.error);
  const existing = await fetchAllPages((from, to) =>
    client.from('saved_prompts').select('id, name, prompt_text, folder_id').order('id').range(from, to),
  );
  if (existing.error) return existing;
  const folders = await listAllFolders(client);
  if (folders.error) return folders;
  const plan = planLibraryImport(
    parsed.value,
    { folders: folders.data, prompts: existing.data.map((p) => ({ name: p.name, promptText: p.prompt_text, folderId: p.folder_id })) },
    targetFolderId,
  );

  let ids: Record<string, string> = {};
  if (plan.folders.length) {
    const { data, error } = await client.rpc('create_prompt_folder_tree', {
      folders: plan.folders.map((f) => ({
        ref: f.ref,
        name: f.name,
        parent_ref: f.parentRef,
        parent_id: f.parentId,
        created_at: f.createdAt,
      })),
    });
    if (error) return fail(error);
    // The function answers json (typed Json): each new folder's id by its ref.
    ids = data as Record<string, string>;
  }

  const report: ImportReport = {
    addedFolders: plan.folders.length,
    addedPrompts: 0,
    mergedFolders: plan.mergedFolders,
    skipped: plan.skipped,
  };
  const toRow = (p: PlannedPrompt) => ({
    name: p.name,
    prompt_text: p.promptText,
    description: p.description,
    tags: p.tags,
    is_favorite: p.isFavorite,
    llm_provider: p.llmProvider,
    model: p.model,
    template_id: p.templateId,
    folder_id: p.folderRef ? ids[p.folderRef] : p.folderId,
    ...(p.createdAt ? { created_at: p.createdAt } : {}),
  });
  const groups = batches(plan.prompts, (p) => utf8Length(JSON.stringify(toRow(p))));
  for (const [index, group] of groups.entries()) {
    // missing=default: rows without created_at get now() rather than null.
    const { error } = await client.from('saved_prompts').insert(group.map(toRow), { defaultToNull: false });
    if (error) {
      const notImported: SkippedRow[] = groups
        .slice(index)
        .flat()
        .map((p) => ({ row: p.row, name: p.name, reason: `Not imported: ${error.message}` }));
      return ok({ ...report, skipped: [...report.skipped, ...notImported], error: error.message });
    }
    report.addedPrompts += group.length;
  }
  return ok(report);
}
