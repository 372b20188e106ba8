import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { KbDocument, KbFolder } from '@/shared/data/knowledge.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';

/** What the document list shows: everything, the uncategorized documents, or one folder. */
export type KbBrowse = 'all' | 'uncategorized' | string;

export function FolderNav(props: {
  folders: KbFolder[];
  documents: KbDocument[];
  browse: KbBrowse;
  onBrowse: (browse: KbBrowse) => void;
  onCreate: (name: string) => Promise<KbFolder | null>;
  onDelete: (folder: KbFolder) => Promise<boolean>;
}) {
  const { folders, documents, browse } = props;
  const [name, setName] = useState('');
  const [confirm, setConfirm] = useState<KbFolder | null>(null);
  const count = (target: KbBrowse) =>
    documents.filter((d) => (target === 'all' ? true : target === 'uncategorized' ? d.folderId === null : d.folderId === target)).length;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const folder = await props.onCreate(name);
    setName('');
    if (folder) props.onBrowse(folder.id);
  };

  const entry = (target: KbBrowse, label: string, folder?: KbFolder) => (
    <ListItem
      key={target}
      disablePadding
      secondaryAction={
        folder && (
          <Tooltip title="Delete folder">
            <IconButton edge="end" size="small" aria-label={`Delete folder ${folder.name}`} onClick={() => setConfirm(folder)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )
      }
    >
      <ListItemButton
        selected={browse === target}
        aria-current={browse === target ? 'true' : undefined}
        onClick={() => props.onBrowse(target)}
        sx={{ borderRadius: 2, pr: folder ? 6 : 2 }}
      >
        <ListItemText
          primary={label}
          secondary={`${count(target)} document${count(target) === 1 ? '' : 's'}`}
          slotProps={{ primary: { noWrap: true } }}
        />
      </ListItemButton>
    </ListItem>
  );

  const doomed = confirm ? count(confirm.id) : 0;
  return (
    <Card component="nav" aria-labelledby="kb-folders-title">
      <CardContent sx={{ p: 2 }}>
        <Typography id="kb-folders-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 1 }}>
          Folders
        </Typography>
        <List dense>
          {entry('all', 'All documents')}
          {entry('uncategorized', 'Uncategorized')}
          {folders.map((folder) => entry(folder.id, folder.name, folder))}
        </List>
        <Stack component="form" direction="row" spacing={1} onSubmit={(e) => void create(e)} aria-label="Create a folder">
          <TextField size="small" label="New folder" value={name} onChange={(e) => setName(e.target.value)} fullWidth />
          <Button type="submit" variant="outlined" disabled={!name.trim()}>
            Add
          </Button>
        </Stack>
      </CardContent>

      <ConfirmDialog
        open={confirm !== null}
        title={`Delete folder "${confirm?.name ?? ''}"?`}
        confirmLabel="Delete folder"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const folder = confirm;
          setConfirm(null);
          if (folder) void props.onDelete(folder).then((ok) => ok && browse === folder.id && props.onBrowse('all'));
        }}
      >
        {doomed === 0 ? 'The folder is empty.' : `Its ${doomed} document${doomed === 1 ? '' : 's'} will be deleted too.`} This cannot be
        undone.
      </ConfirmDialog>
    </Card>
  );
}
