import { isUuid } from '../ids.ts';
import { WORKSPACE_LIMITS, type WorkspaceNode, type WorkspaceStructure } from './tree.ts';

/**
 * Checking a workspace structure read from the database or another tab, as the database checks it
 * (migration 20261123001300_workspaces.sql). Pure.
 */

/** The structure if it has the workspace shape (as the database checks it), else null. */
export function parseStructure(value: unknown): WorkspaceStructure | null {
  if (!Array.isArray(value)) return null;
  const ids = new Set<string>();
  let count = 0;
  const parse = (nodes: unknown[], depth: number): WorkspaceNode[] | null => {
    if (depth > WORKSPACE_LIMITS.depthMax) return null;
    const out: WorkspaceNode[] = [];
    for (const raw of nodes) {
      if (!raw || typeof raw !== 'object') return null;
      const n = raw as Record<string, unknown>;
      if (typeof n.id !== 'string' || !n.id || n.id.length > WORKSPACE_LIMITS.nodeIdMax || ids.has(n.id)) return null;
      if (typeof n.name !== 'string' || !n.name.trim() || n.name.length > WORKSPACE_LIMITS.nameMax) return null;
      ids.add(n.id);
      if (++count > WORKSPACE_LIMITS.nodesMax) return null;
      if (n.type === 'folder' && Array.isArray(n.children)) {
        const children = parse(n.children, depth + 1);
        if (!children) return null;
        out.push({ id: n.id, type: 'folder', name: n.name, children });
      } else if (n.type === 'file' && (n.docId === undefined || n.docId === null || (typeof n.docId === 'string' && isUuid(n.docId)))) {
        out.push({ id: n.id, type: 'file', name: n.name, docId: (n.docId as string | null | undefined) ?? null });
      } else return null;
    }
    return out;
  };
  return parse(value, 1);
}
