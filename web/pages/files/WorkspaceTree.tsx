import { useState } from 'react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Box, ButtonBase, IconButton, Menu, MenuItem, Paper, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DragIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import MoreIcon from '@mui/icons-material/MoreVert';
import { findNode, type WorkspaceNode, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';

export type NodeAction = 'rename' | 'move' | 'delete';

export interface WorkspaceTreeProps {
  structure: WorkspaceStructure;
  readOnly: boolean;
  selectedId: string | null;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onSelect: (id: string) => void;
  /** Moves a node into a folder (null: top level) before position `index` (default: at the end). */
  onMove: (id: string, parentId: string | null, index?: number) => void;
  onAction: (action: NodeAction, node: WorkspaceNode) => void;
}

const ROOT_DROP = 'root';

/**
 * The workspace's folders and files as nested lists. Drag a row by its handle onto a folder to move
 * it inside, onto a file to place it before that file, or onto the top-level strip; the row menu's
 * "Move to…" does the same from the keyboard.
 */
export function WorkspaceTree(props: WorkspaceTreeProps) {
  const { structure, readOnly } = props;
  const [dragging, setDragging] = useState<WorkspaceNode | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const id = String(active.id);
    if (!over || over.id === `node:${id}`) return;
    if (over.id === ROOT_DROP) return props.onMove(id, null);
    const target = findNode(structure, String(over.id).slice('node:'.length));
    if (!target) return;
    if (target.node.type === 'folder') props.onMove(id, target.node.id);
    else props.onMove(id, target.parentId, target.index);
  };

  if (structure.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 5, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          This workspace is empty
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {readOnly ? 'Its owner has not added anything yet.' : 'Create a folder or a file to get started.'}
        </Typography>
      </Box>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      onDragStart={({ active }) => setDragging(findNode(structure, String(active.id))?.node ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <NodeList nodes={structure} depth={0} label="Workspace contents" {...props} />
      {!readOnly && <RootDrop visible={dragging !== null} />}
      <DragOverlay>
        {dragging && (
          <Paper elevation={6} sx={{ px: 1.5, py: 1, display: 'inline-flex', gap: 1, alignItems: 'center' }}>
            {dragging.type === 'folder' ? <FolderIcon fontSize="small" aria-hidden /> : <FileIcon fontSize="small" aria-hidden />}
            <Typography variant="body2">{dragging.name}</Typography>
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function NodeList({ nodes, depth, label, ...props }: WorkspaceTreeProps & { nodes: WorkspaceNode[]; depth: number; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {nodes.map((node) => (
        <Box component="li" key={node.id}>
          <NodeRow node={node} depth={depth} {...props} />
          {node.type === 'folder' && props.expanded.has(node.id) && node.children.length > 0 && (
            <NodeList nodes={node.children} depth={depth + 1} {...props} label={`Inside ${node.name}`} />
          )}
        </Box>
      ))}
    </Box>
  );
}

function NodeRow({
  node,
  depth,
  readOnly,
  selectedId,
  expanded,
  onToggle,
  onSelect,
  onAction,
}: WorkspaceTreeProps & { node: WorkspaceNode; depth: number }) {
  const drag = useDraggable({ id: node.id, disabled: readOnly });
  const drop = useDroppable({ id: `node:${node.id}`, disabled: readOnly });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const isFolder = node.type === 'folder';
  const open = isFolder && expanded.has(node.id);
  const selected = selectedId === node.id;
  const Icon = isFolder ? (open ? FolderOpenIcon : FolderIcon) : FileIcon;
  const act = (action: NodeAction) => {
    setMenu(null);
    onAction(action, node);
  };

  return (
    <Box
      ref={(element: HTMLElement | null) => {
        drop.setNodeRef(element);
        drag.setNodeRef(element);
      }}
      data-node-id={node.id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: { xs: depth * 1.5, sm: depth * 3 },
        pr: 0.5,
        minHeight: 44,
        borderRadius: 2,
        opacity: drag.isDragging ? 0.4 : 1,
        bgcolor: drop.isOver ? 'action.hover' : selected ? 'action.selected' : 'transparent',
        outline: drop.isOver ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
      }}
    >
      {!readOnly && (
        <Box
          ref={drag.setActivatorNodeRef}
          {...drag.listeners}
          aria-hidden
          data-drag-handle
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 24,
            height: 32,
            cursor: 'grab',
            color: 'text.secondary',
            touchAction: 'none',
            flexShrink: 0,
          }}
        >
          <DragIcon fontSize="small" />
        </Box>
      )}
      {isFolder ? (
        <IconButton
          size="small"
          aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
          aria-expanded={open}
          onClick={() => onToggle(node.id)}
        >
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
      ) : (
        <Box sx={{ width: 34, flexShrink: 0 }} />
      )}
      <ButtonBase
        onClick={() => {
          onSelect(node.id);
          if (isFolder && !open) onToggle(node.id);
        }}
        aria-pressed={selected}
        sx={{ flexGrow: 1, minWidth: 0, justifyContent: 'flex-start', gap: 1, py: 1, px: 0.5, borderRadius: 1.5, textAlign: 'left' }}
      >
        <Icon fontSize="small" color={isFolder ? 'primary' : 'action'} aria-hidden />
        <Typography variant="body2" noWrap sx={{ fontWeight: selected ? 700 : 500 }}>
          {node.name}
        </Typography>
      </ButtonBase>
      {!readOnly && (
        <>
          <IconButton
            size="small"
            aria-label={`More actions for ${node.name}`}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <MoreIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem onClick={() => act('rename')}>Rename</MenuItem>
            <MenuItem onClick={() => act('move')}>Move to…</MenuItem>
            <MenuItem onClick={() => act('delete')} sx={{ color: 'error.main' }}>
              Delete
            </MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}

function RootDrop({ visible }: { visible: boolean }) {
  const drop = useDroppable({ id: ROOT_DROP });
  return (
    <Box
      ref={drop.setNodeRef}
      aria-hidden
      sx={{
        display: visible ? 'block' : 'none',
        mt: 1,
        p: 1.5,
        textAlign: 'center',
        border: 2,
        borderStyle: 'dashed',
        borderColor: drop.isOver ? 'primary.main' : 'divider',
        borderRadius: 2,
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      Drop here to move to the top level
    </Box>
  );
}
