import { findNode, moveTargets, type WorkspaceNode, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import { MoveToDialog } from '@/web/components/MoveToDialog.tsx';

/** "Move to…" for a workspace tree: the top level and every folder but the node itself and its subfolders. */
export function MoveDialog(props: {
  node: WorkspaceNode | null;
  structure: WorkspaceStructure;
  onMove: (id: string, parentId: string | null) => void;
  onCancel: () => void;
}) {
  const { node, structure } = props;
  const current = node ? (findNode(structure, node.id)?.parentId ?? null) : null;
  const targets = node ? moveTargets(structure, node.id).map((t) => ({ ...t, depth: t.id === null ? 0 : t.depth + 1 })) : [];
  return (
    <MoveToDialog
      open={node !== null}
      title={`Move “${node?.name ?? ''}” to…`}
      targets={targets}
      current={current}
      onMove={(parentId) => node && props.onMove(node.id, parentId)}
      onCancel={props.onCancel}
    />
  );
}
