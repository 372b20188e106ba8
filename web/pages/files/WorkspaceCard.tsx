import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderSpecialIcon from '@mui/icons-material/FolderSpecialOutlined';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { workspacePath } from '@/shared/core/routes.ts';
import { countByType, type WorkspaceStructure } from '@/shared/core/workspaces/tree.ts';
import type { SharedWithMe } from '@/shared/data/shares.ts';
import type { Workspace } from '@/shared/data/workspaces.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import { plural } from '@/shared/core/text.ts';

/** "2 folders · 3 files". */
function contentsLine(structure: WorkspaceStructure): string {
  const { folders, files } = countByType(structure);
  return `${plural(folders, 'folder')} · ${plural(files, 'file')}`;
}

const updated = (iso: string) =>
  `Updated ${new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}`;

function CardBody({ workspace, extra }: { workspace: Workspace; extra?: React.ReactNode }) {
  return (
    <CardContent sx={{ flexGrow: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FolderSpecialIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <div style={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            {workspace.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {contentsLine(workspace.structure)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {updated(workspace.updatedAt)}
          </Typography>
          {extra}
        </div>
      </Stack>
    </CardContent>
  );
}

/** One of the user's workspaces: open, rename, delete (confirmed). */
export function WorkspaceCard({
  workspace,
  onRename,
  renaming: saving,
  onDelete,
}: {
  workspace: Workspace;
  onRename: (workspace: Workspace, name: string) => Promise<string | null>;
  /** While `onRename`'s rename mutation runs. */
  renaming: boolean;
  onDelete: (workspace: Workspace) => Promise<void>;
}) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card component="li" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardBody workspace={workspace} />
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={workspacePath(workspace.id)}
          variant="contained"
          size="small"
          aria-label={`Open ${workspace.name}`}
        >
          Open
        </Button>
        <span>
          <Tooltip title="Rename">
            <IconButton aria-label={`Rename ${workspace.name}`} onClick={() => setRenaming(true)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${workspace.name}`} onClick={() => setConfirming(true)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </span>
      </CardActions>
      <NameDialog
        open={renaming}
        title="Rename workspace"
        label="Workspace name"
        initial={workspace.name}
        submitLabel="Rename"
        busy={saving}
        onCancel={() => setRenaming(false)}
        onSubmit={async (name) => {
          const problem = await onRename(workspace, name);
          if (!problem) setRenaming(false);
          return problem;
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete "${workspace.name}"?`}
        confirmLabel="Delete workspace"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void onDelete(workspace);
        }}
      >
        Its folders and files go with it, and anyone it is shared with loses access. The documents themselves stay in your library.
      </ConfirmDialog>
    </Card>
  );
}

/** A workspace someone shared with the user: open read-only, or remove it from the list. */
export function SharedWorkspaceCard({
  entry,
  onLeave,
}: {
  entry: SharedWithMe<Workspace>;
  onLeave: (entry: SharedWithMe<Workspace>) => Promise<void>;
}) {
  const workspace = entry.item;
  return (
    <Card component="li" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardBody
        workspace={workspace}
        extra={
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label="Read-only" />
            {entry.ownerEmail && (
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                Shared by {entry.ownerEmail}
              </Typography>
            )}
          </Stack>
        }
      />
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={workspacePath(workspace.id)}
          variant="outlined"
          size="small"
          aria-label={`Open ${workspace.name}`}
        >
          Open
        </Button>
        <Tooltip title="Remove from my list">
          <IconButton aria-label={`Remove ${workspace.name} from my list`} onClick={() => void onLeave(entry)}>
            <RemoveIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
