import { isUuid } from '../core/ids.ts';
import type { Tables } from './database.types.ts';
import { asJson, type AppClient } from './supabase.ts';
import { demoWorkspace } from '../core/workspaces/demo.ts';
import { parseStructure } from '../core/workspaces/parse.ts';
import { workspaceNameProblem, type WorkspaceStructure } from '../core/workspaces/tree.ts';
import { mergeStructures, type ConflictChoice, type MergeConflict, type MergeResult } from '../core/workspaces/merge.ts';
import { fail, invalid, notFound, ok, type DataResult } from './result.ts';

/**
 * Workspaces of the file manager (table workspaces; migration 20261123001300): the list (the
 * first visit with none creates the demo workspace), create, open, rename, delete, and saving the
 * tree with optimistic concurrency: a save states the version it started from; when another tab
 * saved first, the two edits are merged (shared/core/workspaceMerge.ts) and only real conflicts
 * go back to the user. Shared workspaces come from shares.ts.
 */

export interface Workspace {
  id: string;
  /** The owner (someone else for a workspace shared with the reader). */
  userId: string;
  name: string;
  /** The team it is shared with (its members read it; editors edit it), or null. */
  teamId: string | null;
  structure: WorkspaceStructure;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const WORKSPACE_COLUMNS = 'id, user_id, team_id, name, structure, version, created_at, updated_at';
export type WorkspaceRow = Tables<'workspaces'>;

/** A row as a workspace; a structure the app cannot read shows as empty rather than breaking the page. */
export const toWorkspace = (r: WorkspaceRow): Workspace => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  teamId: r.team_id,
  structure: parseStructure(r.structure) ?? [],
  version: r.version,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

async function listOwn(client: AppClient, userId: string): Promise<DataResult<Workspace[]>> {
  const { data, error } = await client.from('workspaces').select(WORKSPACE_COLUMNS).eq('user_id', userId).order('created_at').order('id');
  return error ? fail(error) : ok(data.map(toWorkspace));
}

/**
 * The caller's workspaces, oldest first. On the first visit of an account that has none, the
 * database creates the demo workspace (with its welcome document) first — once per account, so a
 * deleted demo does not come back, and two tabs opening at once get one demo.
 */
export async function listWorkspaces(client: AppClient, userId: string): Promise<DataResult<Workspace[]>> {
  const first = await listOwn(client, userId);
  if (first.error || first.data.length) return first;
  const { data: created, error } = await client.rpc('ensure_demo_workspace', { demo: asJson(demoWorkspace()) });
  if (error) return fail(error);
  return created ? listOwn(client, userId) : first;
}

/** Creates an empty workspace ('Workspace name cannot be empty'). */
export async function createWorkspace(client: AppClient, name: string, structure: WorkspaceStructure = []): Promise<DataResult<Workspace>> {
  const problem = workspaceNameProblem(name);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('workspaces')
    .insert({ name: name.trim(), structure: asJson(structure) })
    .select(WORKSPACE_COLUMNS)
    .single();
  return error ? fail(error) : ok(toWorkspace(data));
}

/** One workspace the caller may read (own or shared), or null (also for an id that is no uuid, e.g. a mistyped link). */
export async function getWorkspace(client: AppClient, id: string): Promise<DataResult<Workspace | null>> {
  if (!isUuid(id)) return ok(null);
  const { data, error } = await client.from('workspaces').select(WORKSPACE_COLUMNS).eq('id', id).maybeSingle();
  if (error) return fail(error);
  return ok(data ? toWorkspace(data) : null);
}

export async function renameWorkspace(client: AppClient, id: string, name: string): Promise<DataResult<Workspace>> {
  const problem = workspaceNameProblem(name);
  if (problem) return invalid(problem);
  const { data, error } = await client
    .from('workspaces')
    .update({ name: name.trim() })
    .eq('id', id)
    .select(WORKSPACE_COLUMNS)
    .maybeSingle();
  if (error) return fail(error);
  return data ? ok(toWorkspace(data)) : notFound('Workspace not found');
}

/** Deletes a workspace (its documents stay in the library). data: whether one was deleted. */
export async function deleteWorkspace(client: AppClient, id: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('workspaces').delete().eq('id', id).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

/** A save refused because the workspace is shared read-only (or the account is view_only). */
export const READ_ONLY_MESSAGE = 'This workspace is read-only for you.';

export type StructureSave = { status: 'saved'; workspace: Workspace } | { status: 'conflict'; current: Workspace | null };

/**
 * Saves the tree if the workspace is still at `baseVersion` (the database raises the version on
 * every change). Otherwise nothing is written and the current version comes back (null: deleted or
 * no longer visible); a workspace the caller may only read gives error code '42501'.
 */
export async function saveStructure(
  client: AppClient,
  id: string,
  structure: WorkspaceStructure,
  baseVersion: number,
): Promise<DataResult<StructureSave>> {
  const { data, error } = await client
    .from('workspaces')
    .update({ structure: asJson(structure) })
    .eq('id', id)
    .eq('version', baseVersion)
    .select(WORKSPACE_COLUMNS)
    .maybeSingle();
  if (error) return fail(error);
  if (data) return ok({ status: 'saved', workspace: toWorkspace(data) });
  const current = await getWorkspace(client, id);
  if (current.error) return current;
  // Still at the same version, yet nothing was written: the caller may read but not change it.
  if (current.data?.version === baseVersion) return fail({ message: READ_ONLY_MESSAGE, code: '42501' });
  return ok({ status: 'conflict', current: current.data });
}

export type EditSave =
  /** Saved; `merged` when another tab's changes were merged in (`notes`: merges decided for the user). */
  | { status: 'saved'; workspace: Workspace; merged: boolean; notes: MergeConflict[] }
  /** Both tabs changed the same thing: ask, then call again with `choices` (conflict key → side). */
  | { status: 'conflicts'; merge: MergeResult; current: Workspace }
  /** The workspace was deleted meanwhile (or can no longer be changed by the caller). */
  | { status: 'gone' };

/**
 * Saves this tab's edit (`mine`, made on top of `base`). When another tab saved first, merges the
 * two: with no real conflict the merge is saved right away; otherwise the conflicts come back to
 * be decided, and a later call with `choices` (by conflict key) finishes the merge. Retries while
 * other saves keep landing in between (at most 5 times).
 */
export async function saveWorkspaceEdit(
  client: AppClient,
  base: Workspace,
  mine: WorkspaceStructure,
  choices: Readonly<Record<string, ConflictChoice>> = {},
): Promise<DataResult<EditSave>> {
  let known = base;
  let structure = mine;
  const notes: MergeConflict[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const saved = await saveStructure(client, known.id, structure, known.version);
    if (saved.error) return saved;
    if (saved.data.status === 'saved') return ok({ status: 'saved', workspace: saved.data.workspace, merged: attempt > 0, notes });
    const current = saved.data.current;
    if (!current) return ok({ status: 'gone' });
    let unresolved = false;
    const merge = mergeStructures(known.structure, structure, current.structure, (conflict) => {
      const choice = choices[conflict.key];
      if (!choice) unresolved = true;
      return choice ?? 'mine';
    });
    if (unresolved) return ok({ status: 'conflicts', merge, current });
    notes.push(...merge.conflicts);
    known = current;
    structure = merge.structure;
  }
  return fail({ message: 'The workspace keeps changing in another tab. Reload it and try again.', code: 'busy' });
}
