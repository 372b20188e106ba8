import type { SupabaseClient } from '@supabase/supabase-js';
import type { KnowledgeDocument } from '../core/offers/prompts.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';

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
}

/** Which documents feed generation: all, the uncategorized ones, or one folder's. */
export type KbSelection = { kind: 'all' } | { kind: 'uncategorized' } | { kind: 'folder'; folderId: string };

/** The knowledge base's validation messages (shown as they are). */
export const KB_TEXTS = {
  nameRequired: 'Document name is required',
  textEmpty: 'Text content cannot be empty',
  urlEmpty: 'URL cannot be empty',
} as const;

export async function listKnowledge(client: SupabaseClient): Promise<DataResult<{ folders: KbFolder[]; documents: KbDocument[] }>> {
  const [folders, documents] = await Promise.all([
    client.from('kb_folders').select('id, name, created_at').order('name'),
    client.from('kb_documents').select('id, name, type, content, source, folder_id, created_at').order('created_at', { ascending: false }),
  ]);
  if (folders.error) return fail(folders.error);
  if (documents.error) return fail(documents.error);
  return ok({
    folders: (folders.data as { id: string; name: string; created_at: string }[]).map((f) => ({ id: f.id, name: f.name, createdAt: f.created_at })),
    documents: (documents.data as { id: string; name: string; type: KbDocumentType; content: string; source: string | null; folder_id: string | null; created_at: string }[]).map(
      (d) => ({ id: d.id, name: d.name, type: d.type, content: d.content, source: d.source, folderId: d.folder_id, createdAt: d.created_at }),
    ),
  });
}

/** The folder name is trimmed; a blank one creates nothing (data null) rather than failing. */
export async function createKbFolder(client: SupabaseClient, name: string): Promise<DataResult<KbFolder | null>> {
  const trimmed = name.trim();
  if (!trimmed) return ok(null);
  const { data, error } = await client.from('kb_folders').insert({ name: trimmed }).select('id, name, created_at').single();
  if (error) return fail(error);
  const row = data as { id: string; name: string; created_at: string };
  return ok({ id: row.id, name: row.name, createdAt: row.created_at });
}

/** Deletes a folder and, with it, its documents (no document is left without its folder). */
export async function deleteKbFolder(client: SupabaseClient, id: string): Promise<DataResult<void>> {
  const { error } = await client.from('kb_folders').delete().eq('id', id);
  return error ? fail(error) : ok();
}

export interface NewKbDocument {
  name: string;
  type: KbDocumentType;
  content: string;
  source?: string | null;
  folderId: string | null;
}

/** The validation message for a new document, or null when it may be saved. */
export function kbDocumentProblem(doc: { name: string; type: KbDocumentType; content: string; source?: string | null }): string | null {
  if (!doc.name.trim()) return KB_TEXTS.nameRequired;
  if (doc.type === 'url' && !(doc.source ?? '').trim()) return KB_TEXTS.urlEmpty;
  if (!doc.content.trim()) return doc.type === 'url' ? KB_TEXTS.urlEmpty : KB_TEXTS.textEmpty;
  return null;
}

export async function addKbDocument(client: SupabaseClient, doc: NewKbDocument): Promise<DataResult<KbDocument>> {
  const problem = kbDocumentProblem(doc);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('kb_documents')
    .insert({ name: doc.name.trim(), type: doc.type, content: doc.content, source: doc.source ?? null, folder_id: doc.folderId })
    .select('id, name, type, content, source, folder_id, created_at')
    .single();
  if (error) return fail(error);
  const d = data as { id: string; name: string; type: KbDocumentType; content: string; source: string | null; folder_id: string | null; created_at: string };
  return ok({ id: d.id, name: d.name, type: d.type, content: d.content, source: d.source, folderId: d.folder_id, createdAt: d.created_at });
}

export async function deleteKbDocument(client: SupabaseClient, id: string): Promise<DataResult<void>> {
  const { error } = await client.from('kb_documents').delete().eq('id', id);
  return error ? fail(error) : ok();
}

export async function getKbSelection(client: SupabaseClient): Promise<DataResult<KbSelection>> {
  const { data, error } = await client.from('kb_settings').select('selection, selected_folder_id').maybeSingle();
  if (error) return fail(error);
  const row = data as { selection: 'all' | 'uncategorized' | 'folder'; selected_folder_id: string | null } | null;
  if (!row || row.selection === 'all') return ok({ kind: 'all' });
  if (row.selection === 'uncategorized' || !row.selected_folder_id) return ok({ kind: 'uncategorized' });
  return ok({ kind: 'folder', folderId: row.selected_folder_id });
}

export async function setKbSelection(client: SupabaseClient, userId: string, selection: KbSelection): Promise<DataResult<void>> {
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
    .filter((d) => (selection.kind === 'all' ? true : selection.kind === 'uncategorized' ? d.folderId === null : d.folderId === selection.folderId))
    .slice()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((d) => ({ name: d.name, content: d.content }));
}
