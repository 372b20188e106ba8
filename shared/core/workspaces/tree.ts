import { randomId } from '../ids.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * Workspaces (the File Manager and /workspace/{id}): a named tree of folders and
 * files; files point at generated documents. Pure tree operations, each returning a new structure
 * (or the validation message), the breadcrumb path and the "Move to…" targets. The structure check
 * mirroring the database's (migration 20261123001300_workspaces.sql) is parse.ts; the demo
 * workspace, demo.ts.
 */

export interface WorkspaceFolder {
  id: string;
  type: 'folder';
  name: string;
  children: WorkspaceNode[];
}

export interface WorkspaceFile {
  id: string;
  type: 'file';
  name: string;
  /** The generated document the file opens; null when none is attached yet. */
  docId: string | null;
}

export type WorkspaceNode = WorkspaceFolder | WorkspaceFile;
export type WorkspaceStructure = WorkspaceNode[];
export type NodeType = WorkspaceNode['type'];

/** Validation texts ('… name cannot be empty'); tests check them word for word. */
export const WORKSPACE_TEXTS = {
  workspaceNameRequired: 'Workspace name cannot be empty',
  folderNameRequired: 'Folder name cannot be empty',
  fileNameRequired: 'File name cannot be empty',
} as const;

/** What the database accepts (and checks again). */
export const WORKSPACE_LIMITS = { nameMax: 200, nodeIdMax: 100, nodesMax: 5000, depthMax: 32 } as const;

/** A change to the tree: the new structure, or why it cannot be made. */
export type TreeResult = Check<WorkspaceStructure>;

const fail = (error: string): TreeResult => refused(error);
const done = (structure: WorkspaceStructure): TreeResult => passed(structure);

export function workspaceNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return WORKSPACE_TEXTS.workspaceNameRequired;
  if (trimmed.length > WORKSPACE_LIMITS.nameMax) return `Workspace name must be at most ${WORKSPACE_LIMITS.nameMax} characters.`;
  return null;
}

/** 'Folder name cannot be empty' / 'File name cannot be empty', a length limit, or null. */
export function nodeNameProblem(type: NodeType, name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return type === 'folder' ? WORKSPACE_TEXTS.folderNameRequired : WORKSPACE_TEXTS.fileNameRequired;
  if (trimmed.length > WORKSPACE_LIMITS.nameMax)
    return `${type === 'folder' ? 'Folder' : 'File'} name must be at most ${WORKSPACE_LIMITS.nameMax} characters.`;
  return null;
}

export const newNodeId = (): string => randomId();

export function newFolder(name: string, id = newNodeId()): WorkspaceFolder {
  return { id, type: 'folder', name: name.trim(), children: [] };
}

export function newFile(name: string, docId: string | null, id = newNodeId()): WorkspaceFile {
  return { id, type: 'file', name: name.trim(), docId };
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface FoundNode {
  node: WorkspaceNode;
  /** null: at the workspace's top level. */
  parentId: string | null;
  index: number;
  depth: number;
}

/** Every node, depth first, in display order. */
function* walk(structure: WorkspaceStructure, parentId: string | null = null, depth = 1): Generator<FoundNode> {
  for (const [index, node] of structure.entries()) {
    yield { node, parentId, index, depth };
    if (node.type === 'folder') yield* walk(node.children, node.id, depth + 1);
  }
}

export function findNode(structure: WorkspaceStructure, id: string): FoundNode | null {
  for (const found of walk(structure)) if (found.node.id === id) return found;
  return null;
}

export const countNodes = (structure: WorkspaceStructure): number => Array.from(walk(structure)).length;

/** How many folders and files the structure holds, at every level. */
export function countByType(structure: WorkspaceStructure): { folders: number; files: number } {
  const counts = { folders: 0, files: 0 };
  for (const { node } of walk(structure)) counts[node.type === 'folder' ? 'folders' : 'files']++;
  return counts;
}

/** The folders from the top down to the node (the node included): the breadcrumb. [] when missing. */
export function nodePath(structure: WorkspaceStructure, id: string): WorkspaceNode[] {
  for (const node of structure) {
    if (node.id === id) return [node];
    if (node.type === 'folder') {
      const below = nodePath(node.children, id);
      if (below.length) return [node, ...below];
    }
  }
  return [];
}

/** The children of a folder (null: the top level); [] when the folder does not exist. */
export function childrenOf(structure: WorkspaceStructure, folderId: string | null): WorkspaceNode[] {
  if (folderId === null) return structure;
  const found = findNode(structure, folderId);
  return found?.node.type === 'folder' ? found.node.children : [];
}

/** The ids of the documents the files point at, each once. */
export function documentIds(structure: WorkspaceStructure): string[] {
  const ids = new Set<string>();
  for (const { node } of walk(structure)) if (node.type === 'file' && node.docId) ids.add(node.docId);
  return [...ids];
}

/** Is `id` the folder `ancestorId` itself or somewhere inside it? */
function isInside(structure: WorkspaceStructure, id: string, ancestorId: string): boolean {
  return nodePath(structure, id).some((n) => n.id === ancestorId);
}

export interface MoveTarget {
  /** null: the workspace's top level. */
  id: string | null;
  /** "Marketing / Launch" ('Top level' for null). */
  label: string;
  depth: number;
}

export const TOP_LEVEL_LABEL = 'Top level';

/** Where a node may move: the top level and every folder except the node itself and its descendants. */
export function moveTargets(structure: WorkspaceStructure, movingId: string): MoveTarget[] {
  const targets: MoveTarget[] = [{ id: null, label: TOP_LEVEL_LABEL, depth: 0 }];
  for (const { node, depth } of walk(structure)) {
    if (node.type !== 'folder' || isInside(structure, node.id, movingId)) continue;
    targets.push({
      id: node.id,
      label: nodePath(structure, node.id)
        .map((n) => n.name)
        .join(' / '),
      depth,
    });
  }
  return targets;
}

// ---------------------------------------------------------------------------------------------
// Changing (each returns a new structure; the input is never modified)

/** Rebuilds the tree with `edit` applied to the children list of `parentId` (null: top level). */
function editChildren(
  structure: WorkspaceStructure,
  parentId: string | null,
  edit: (children: WorkspaceNode[]) => WorkspaceNode[],
): WorkspaceStructure | null {
  if (parentId === null) return edit(structure);
  let hit = false;
  const visit = (nodes: WorkspaceNode[]): WorkspaceNode[] =>
    nodes.map((node) => {
      if (node.type !== 'folder') return node;
      if (node.id === parentId) {
        hit = true;
        return { ...node, children: edit(node.children) };
      }
      const children = visit(node.children);
      return children === node.children ? node : { ...node, children };
    });
  const next = visit(structure);
  return hit ? next : null;
}

function mapNode(structure: WorkspaceStructure, id: string, change: (node: WorkspaceNode) => WorkspaceNode): WorkspaceStructure {
  return structure.map((node) => {
    if (node.id === id) return change(node);
    if (node.type !== 'folder') return node;
    const children = mapNode(node.children, id, change);
    return children === node.children ? node : { ...node, children };
  });
}

/** Adds a folder or file into `parentId` (null: top level), at `index` (default: the end). */
export function addNode(structure: WorkspaceStructure, parentId: string | null, node: WorkspaceNode, index?: number): TreeResult {
  const problem = nodeNameProblem(node.type, node.name);
  if (problem) return fail(problem);
  if (findNode(structure, node.id)) return fail('An item with this id already exists.');
  if (countNodes(structure) + countNodes([node]) > WORKSPACE_LIMITS.nodesMax)
    return fail(`A workspace can hold at most ${WORKSPACE_LIMITS.nodesMax.toLocaleString('en-US')} folders and files.`);
  const parentDepth = parentId === null ? 0 : (findNode(structure, parentId)?.depth ?? 0);
  if (parentDepth + depthOf(node) > WORKSPACE_LIMITS.depthMax)
    return fail(`Folders can nest at most ${WORKSPACE_LIMITS.depthMax} levels deep.`);
  const clean = { ...node, name: node.name.trim() };
  const next = editChildren(structure, parentId, (children) => insertAt(children, clean, index));
  return next ? done(next) : fail('That folder no longer exists.');
}

export function renameNode(structure: WorkspaceStructure, id: string, name: string): TreeResult {
  const found = findNode(structure, id);
  if (!found) return fail('That item no longer exists.');
  const problem = nodeNameProblem(found.node.type, name);
  if (problem) return fail(problem);
  return done(mapNode(structure, id, (node) => ({ ...node, name: name.trim() })));
}

/** Points a file at a document (or detaches it with null). */
export function attachDocument(structure: WorkspaceStructure, fileId: string, docId: string | null): TreeResult {
  const found = findNode(structure, fileId);
  if (!found || found.node.type !== 'file') return fail('That file no longer exists.');
  return done(mapNode(structure, fileId, (node) => ({ ...(node as WorkspaceFile), docId })));
}

/** Deletes a node (a folder with everything inside it). */
export function deleteNode(structure: WorkspaceStructure, id: string): TreeResult {
  const found = findNode(structure, id);
  if (!found) return fail('That item no longer exists.');
  return done(editChildren(structure, found.parentId, (children) => children.filter((n) => n.id !== id))!);
}

/**
 * Moves a node into `targetParentId` (null: top level) at `index` among the target's children as
 * they are before the move (default: the end). Refused into itself or one of its subfolders.
 */
export function moveNode(structure: WorkspaceStructure, id: string, targetParentId: string | null, index?: number): TreeResult {
  const found = findNode(structure, id);
  if (!found) return fail('That item no longer exists.');
  if (targetParentId !== null) {
    const target = findNode(structure, targetParentId);
    if (!target || target.node.type !== 'folder') return fail('That folder no longer exists.');
    if (isInside(structure, targetParentId, id)) return fail('A folder cannot be moved into itself or one of its subfolders.');
    if (target.depth + depthOf(found.node) > WORKSPACE_LIMITS.depthMax)
      return fail(`Folders can nest at most ${WORKSPACE_LIMITS.depthMax} levels deep.`);
  }
  // Moving within the same list: the index counts the list without the node.
  const sameList = found.parentId === targetParentId;
  const adjusted = sameList && index !== undefined && index > found.index ? index - 1 : index;
  const removed = editChildren(structure, found.parentId, (children) => children.filter((n) => n.id !== id))!;
  return done(editChildren(removed, targetParentId, (children) => insertAt(children, found.node, adjusted))!);
}

function insertAt<T>(list: readonly T[], item: T, index?: number): T[] {
  const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), item, ...list.slice(at)];
}

/** Levels a node occupies (1 for a file or an empty folder). */
function depthOf(node: WorkspaceNode): number {
  return node.type === 'folder' && node.children.length ? 1 + Math.max(...node.children.map(depthOf)) : 1;
}
