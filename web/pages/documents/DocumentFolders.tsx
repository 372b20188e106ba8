import { Box, Button, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpenOutlined';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooksOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import type { FolderRow } from '@/shared/core/documents/generator.ts';
import type { DocumentFolder } from '@/shared/core/documents/documents.ts';
import { RowMenu } from './RowMenu.tsx';

/** What the documents list shows: every document, those in no folder, or one folder's. */
export type Browse = 'all' | 'unfiled' | string;

export interface DocumentFoldersProps {
  rows: FolderRow<DocumentFolder>[];
  browse: Browse;
  counts: (browse: Browse) => number;
  readOnly: boolean;
  onBrowse: (browse: Browse) => void;
  onNewFolder: () => void;
  onRename: (folder: DocumentFolder) => void;
  onDelete: (folder: DocumentFolder) => void;
}

/** The document folders as an indented tree, with "All documents" and "No folder" on top. */
export function DocumentFolders(props: DocumentFoldersProps) {
  const { rows, browse, counts } = props;
  const entry = (target: Browse, label: string, icon: React.ReactNode, depth = 0, folder?: DocumentFolder) => {
    const selected = browse === target;
    const count = counts(target);
    return (
      <ListItem
        key={target}
        disablePadding
        secondaryAction={
          folder &&
          !props.readOnly && (
            <RowMenu
              name={folder.name}
              actions={[
                { label: 'Rename', onClick: () => props.onRename(folder) },
                { label: 'Delete', onClick: () => props.onDelete(folder), danger: true },
              ]}
            />
          )
        }
      >
        <ListItemButton
          selected={selected}
          aria-current={selected ? 'true' : undefined}
          onClick={() => props.onBrowse(target)}
          sx={{ borderRadius: 1.5, pl: 1.5 + depth * 2, pr: folder && !props.readOnly ? 6 : 1.5 }}
        >
          <ListItemIcon sx={{ minWidth: 32 }}>{icon}</ListItemIcon>
          <ListItemText
            primary={label}
            secondary={`${count} document${count === 1 ? '' : 's'}`}
            slotProps={{ primary: { noWrap: true, title: label }, secondary: { noWrap: true } }}
          />
        </ListItemButton>
      </ListItem>
    );
  };

  return (
    <Box component="nav" aria-labelledby="doc-folders-title" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id="doc-folders-title" variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          Folders
        </Typography>
        {!props.readOnly && (
          <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={props.onNewFolder}>
            New folder
          </Button>
        )}
      </Box>
      <List dense aria-label="Document folders" sx={{ maxHeight: { md: 520 }, overflowY: 'auto' }}>
        {entry('all', 'All documents', <LibraryBooksIcon fontSize="small" />)}
        {entry('unfiled', 'No folder', <InboxIcon fontSize="small" />)}
        {rows.map(({ folder, depth }) =>
          entry(
            folder.id,
            folder.name,
            browse === folder.id ? <FolderOpenIcon fontSize="small" /> : <FolderIcon fontSize="small" />,
            depth,
            folder,
          ),
        )}
      </List>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5 }}>
          No folders yet.
        </Typography>
      )}
    </Box>
  );
}
