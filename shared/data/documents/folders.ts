import type { Tables } from '../database.types.ts';
import type { AppClient } from '../supabase.ts';
import type { DocumentFolder } from '../../core/documents/documents.ts';
import { sortOrder, type LibrarySort } from '../../core/promptLibrary/sort.ts';
import { folderNameProblem } from '../../core/promptLibrary/validation.ts';
import { fetchAllPages, MAX_ROWS } from '../paging.ts';
import { fail, invalid, notFound, ok, type DataResult } from '../result.ts';

/**
 * Document folders (table document_folders; nested like the prompt library's, listed by user and
 * parent, sorted by name or created_at). Deleting a folder deletes
 * its subfolders and documents; a folder never moves into its own subtree (the database refuses).
 * The breadcrumb and "Move to…" helpers of shared/core/promptLibrary.ts (folderPathFromTree,
 * moveTargets) work on these folders as they are.
 */

const COLUMNS = 'id, name, parent_folder_id, created_at';
type FolderRow = Pick<Tables<'document_folders'>, 'id' | 'name' | 'parent_folder_id' | 'created_at'>;
const toFolder = (r: FolderRow): DocumentFolder => ({ id: r.id, name: r.name, parentId: r.parent_folder_id, createdAt: r.created_at });

/** A folder's subfolders (null: the top level) in the chosen order. */
export async function listDocumentFolders(
  client: AppClient,
  userId: string,
  parentId: string | null,
  sort: LibrarySort = 'name_asc',
): Promise<DataResult<DocumentFolder[]>> {
  const { column, ascending } = sortOrder(sort);
  const query = client.from('document_folders').select(COLUMNS).eq('user_id', userId);
  const { data, error } = await (parentId ? query.eq('parent_folder_id', parentId) : query.is('parent_folder_id', null))
    .order(column, { ascending })
    .order('id', { ascending })
    .limit(MAX_ROWS);
  return error ? fail(error) : ok(data.map(toFolder));
}

/** Every folder of the user (for a tree or a "Move to…" dialog). */
export async function listAllDocumentFolders(client: AppClient, userId: string): Promise<DataResult<DocumentFolder[]>> {
  const result = await fetchAllPages((from, to) =>
    client.from('document_folders').select(COLUMNS).eq('user_id', userId).order('sort_name').order('id').range(from, to),
  );
  return result.error ? result : ok(result.data.map(toFolder));
}

/** Creates a folder ('Folder name cannot be empty' when blank). */
export async function createDocumentFolder(
  client: AppClient,
  name: string,
  parentId: string | null = null,
): Promise<DataResult<DocumentFolder>> {
  const problem = folderNameProblem(name);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('document_folders')
    .insert({ name: name.trim(), parent_folder_id: parentId })
    .select(COLUMNS)
    .single();
  return error ? fail(error) : ok(toFolder(data));
}

export async function renameDocumentFolder(client: AppClient, id: string, name: string): Promise<DataResult<DocumentFolder>> {
  const problem = folderNameProblem(name);
  if (problem) return invalid(problem);
  const { data, error } = await client.from('document_folders').update({ name: name.trim() }).eq('id', id).select(COLUMNS).maybeSingle();
  if (error) return fail(error);
  return data ? ok(toFolder(data)) : notFound('Folder not found');
}

/** Moves a folder (null: the top level); error code '23514' for a move into its own subtree. */
export async function moveDocumentFolder(client: AppClient, id: string, parentId: string | null): Promise<DataResult<DocumentFolder>> {
  const { data, error } = await client
    .from('document_folders')
    .update({ parent_folder_id: parentId })
    .eq('id', id)
    .select(COLUMNS)
    .maybeSingle();
  if (error) return fail(error);
  return data ? ok(toFolder(data)) : notFound('Folder not found');
}

/** Deletes a folder with its subfolders and documents. data: whether a folder was deleted. */
export async function deleteDocumentFolder(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('document_folders').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}
