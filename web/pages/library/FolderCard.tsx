import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderIcon from '@mui/icons-material/Folder';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { LIBRARY_TEXTS, type LibraryFolder } from '@/shared/core/promptLibrary/library.ts';
import { ABOVE_LINK, CardTitleLink, DragHandle, dragId, dropId, LinkedCard } from './cardParts.tsx';

export interface FolderCardProps {
  folder: LibraryFolder;
  /** Where the card's link goes (the same library screen with this folder open). */
  to: string;
  draggable: boolean;
  onRename: (folder: LibraryFolder) => void;
  onMove: (folder: LibraryFolder) => void;
  onDelete: (folder: LibraryFolder) => void;
}

/**
 * Folder card: delete, 'Open Folder' and 'Contains other prompts and folders.'
 * (the card itself opens the folder too); added by this build: rename, move, and a drop target for drags.
 */
export const FolderCard = memo(function FolderCard({ folder, to, draggable, onRename, onMove, onDelete }: FolderCardProps) {
  const drag = useDraggable({
    id: dragId({ kind: 'folder', id: folder.id }),
    data: { kind: 'folder', id: folder.id, name: folder.name },
    disabled: !draggable,
  });
  const drop = useDroppable({ id: dropId(folder.id), disabled: !draggable });

  return (
    <LinkedCard
      label={`Folder ${folder.name}`}
      dataId={folder.id}
      dimmed={drag.isDragging}
      tinted
      highlighted={drop.isOver && !drag.isDragging}
      cardRef={(element) => {
        drag.setNodeRef(element);
        drop.setNodeRef(element);
      }}
    >
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
        {draggable && <DragHandle setRef={drag.setActivatorNodeRef} listeners={drag.listeners} />}
        <FolderIcon sx={{ color: 'primary.main' }} aria-hidden />
        <CardTitleLink to={to}>{folder.name}</CardTitleLink>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {LIBRARY_TEXTS.folderCardText}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <IconButton size="small" aria-label={`Rename folder ${folder.name}`} onClick={() => onRename(folder)} sx={ABOVE_LINK}>
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={`Move folder ${folder.name} to…`} onClick={() => onMove(folder)} sx={ABOVE_LINK}>
          <MoveIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={`Delete folder ${folder.name}`} onClick={() => onDelete(folder)} sx={ABOVE_LINK}>
          <DeleteIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <Button component={RouterLink} to={to} size="small" variant="outlined" sx={ABOVE_LINK} aria-label={`Open Folder ${folder.name}`}>
          {LIBRARY_TEXTS.openFolder}
        </Button>
      </Stack>
    </LinkedCard>
  );
});
