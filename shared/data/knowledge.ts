import type { KnowledgeScope } from '../core/knowledge/grounding.ts';
import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import type { KnowledgeDocument } from '../core/offers/prompts.ts';
import { removeKnowledgeFiles, type StoredKnowledgeFile } from './knowledgeFiles.ts';
import { fail, invalid, notFound, ok, type DataResult } from './result.ts';

/**
 * The knowledge base (tables kb_folders, kb_documents, kb_settings; owner-only): folders,
 * documents (text, URL text, uploaded file text), and which of them feed generation.
 */

export interface KbFolder {
  id: string;
  name: string;
  createdAt: string;
}

export type KbDocumentType = 'text' | 'url' | 'file';

export interface KbDocument {
  id: string;
  name: string;
  type: KbDocumentType;
  content: string;
  /** URL for url documents, file name for files. */
  source: string | null;
  folderId: string | null;
  createdAt: string;
  /** An uploaded file's original, kept in Storage (null: typed text, a web page, or a file from before originals were kept). */
  file: StoredKnowledgeFile | null;
}

/** Which documents feed generation: all, the uncategorized ones, or one folder's. */
export type KbSelection = KnowledgeScope;

const FOLDER_COLUMNS = 'id, name, created_at';
const DOCUMENT_COLUMNS = 'id, name, type, content, source, folder_id, created_at, file_path, file_size';

const toKbFolder = (f: Pick<Tables<'kb_folders'>, 'id' | 'name' | 'created_at'>): KbFolder => ({
  id: f.id,
  name: f.name,
  createdAt: f.created_at,
});
const toKbDocument = (d: Omit<Tables<'kb_documents'>, 'user_id' | 'updated_at'>): KbDocument => ({
  id: d.id,
  name: d.name,
  // type is text to the generated types; its check constraint holds it to KbDocumentType.
  type: d.type as KbDocumentType,
  content: d.content,
  source: d.source,
  folderId: d.folder_id,
  createdAt: d.created_at,
  file: d.file_path ? { path: d.file_path, size: d.file_size ?? 0 } : null,
});

/** The knowledge base's validation messages (shown as they are). */
export const KB_TEXTS = {
  nameRequired: 'Document name is required',
  textEmpty: 'Text content cannot be empty',
  urlEmpty: 'URL cannot be empty',
} as const;

export async function listKnowledge(client: AppClient): Promise<DataResult<{ folders: KbFolder[]; documents: KbDocument[] }>> {
  const [folders, documents] = await Promise.all([
    client.from('kb_folders').select(FOLDER_COLUMNS).order('name'),
    client.from('kb_documents').select(DOCUMENT_COLUMNS).order('created_at', { ascending: false }),
  ]);
  if (folders.error) return fail(folders.error);
  if (documents.error) return fail(documents.error);
  return ok({
    folders: folders.data.map(toKbFolder),
    documents: documents.data.map(toKbDocument),
  });
}

/** The folder name is trimmed; a blank one creates nothing (data null) rather than failing. */
export async function createKbFolder(client: AppClient, name: string): Promise<DataResult<KbFolder | null>> {
  const trimmed = name.trim();
  if (!trimmed) return ok(null);
  const { data, error } = await client.from('kb_folders').insert({ name: trimmed }).select(FOLDER_COLUMNS).single();
  return error ? fail(error) : ok(toKbFolder(data));
}

/** Deletes a folder and, with it, its documents (no document is left without its folder). */
/** Deletes a folder, its documents (by cascade) and their stored originals. */
export async function deleteKbFolder(client: AppClient, id: string): Promise<DataResult<void>> {
  const files = await client.from('kb_documents').select('file_path').eq('folder_id', id).not('file_path', 'is', null);
  if (files.error) return fail(files.error);
  const { error } = await client.from('kb_folders').delete().eq('id', id);
  if (error) return fail(error);
  await forgetFiles(client, files.data);
  return ok();
}

/**
 * Removes the originals of deleted documents. The documents are gone whatever happens here: a
 * file that could not be removed is only unreachable, never shown again.
 */
async function forgetFiles(client: AppClient, rows: readonly { file_path: string | null }[]): Promise<void> {
  const paths = rows.flatMap((row) => (row.file_path ? [row.file_path] : []));
  await removeKnowledgeFiles(client, paths);
}

export interface NewKbDocument {
  name: string;
  type: KbDocumentType;
  content: string;
  source?: string | null;
  folderId: string | null;
  /** The uploaded original, already stored (uploadKnowledgeFile). */
  file?: StoredKnowledgeFile | null;
}

/** The validation message for a new document, or null when it may be saved. */
export function kbDocumentProblem(doc: { name: string; type: KbDocumentType; content: string; source?: string | null }): string | null {
  if (!doc.name.trim()) return KB_TEXTS.nameRequired;
  if (doc.type === 'url' && !(doc.source ?? '').trim()) return KB_TEXTS.urlEmpty;
  if (!doc.content.trim()) return doc.type === 'url' ? KB_TEXTS.urlEmpty : KB_TEXTS.textEmpty;
  return null;
}

export async function addKbDocument(client: AppClient, doc: NewKbDocument): Promise<DataResult<KbDocument>> {
  const problem = kbDocumentProblem(doc);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('kb_documents')
    .insert({
      name: doc.name.trim(),
      type: doc.type,
      content: doc.content,
      source: doc.source ?? null,
      folder_id: doc.folderId,
      file_path: doc.file?.path ?? null,
      file_size: doc.file?.size ?? null,
    })
    .select(DOCUMENT_COLUMNS)
    .single();
  return error ? fail(error) : ok(toKbDocument(data));
}

/** One document with its text (a cited source, opened). */
export async function getKbDocument(client: AppClient, id: string): Promise<DataResult<KbDocument>> {
  const { data, error } = await client.from('kb_documents').select(DOCUMENT_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return data ? ok(toKbDocument(data)) : notFound('Document not found');
}

export async function deleteKbDocument(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('kb_documents').delete().eq('id', id).select('file_path');
  if (error) return fail(error);
  await forgetFiles(client, data);
  return ok();
}

export async function getKbSelection(client: AppClient): Promise<DataResult<KbSelection>> {
  const { data, error } = await client.from('kb_settings').select('selection, selected_folder_id').maybeSingle();
  if (error) return fail(error);
  const row = data;
  if (!row || row.selection === 'all') return ok({ kind: 'all' });
  if (row.selection === 'uncategorized' || !row.selected_folder_id) return ok({ kind: 'uncategorized' });
  return ok({ kind: 'folder', folderId: row.selected_folder_id });
}

export async function setKbSelection(client: AppClient, userId: string, selection: KbSelection): Promise<DataResult<void>> {
  const { error } = await client.from('kb_settings').upsert(
    {
      user_id: userId,
      selection: selection.kind,
      selected_folder_id: selection.kind === 'folder' ? selection.folderId : null,
      updated_at: new Date().toISOString(),
    },
    { onConflict: 'user_id' },
  );
  return error ? fail(error) : ok();
}

/** The documents the selection feeds into generation, oldest first (as the user built them up). */
export function selectedDocuments(documents: readonly KbDocument[], selection: KbSelection): KnowledgeDocument[] {
  return documents
    .filter((d) =>
      selection.kind === 'all' ? true : selection.kind === 'uncategorized' ? d.folderId === null : d.folderId === selection.folderId,
    )
    .slice()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((d) => ({ name: d.name, content: d.content }));
}
