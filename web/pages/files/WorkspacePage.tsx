import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Breadcrumbs, Button, CircularProgress, Container, Link, Typography } from '@mui/material';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import { ROUTES } from '@/shared/core/routes.ts';
import { TEAM_PAGE_TEXTS } from '@/shared/core/teams.ts';
import { findNode, moveNode, nodePath, type WorkspaceNode } from '@/shared/core/workspaces/tree.ts';
import { PageHeader } from '@/web/components/PageHeader.tsx';
import { useUser } from '@/web/lib/sessionState.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { FileDetails } from './FileDetails.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { useWorkspace } from './useWorkspace.ts';
import { useWorkspaceActions } from './useWorkspaceActions.ts';
import { WorkspaceDialogs, type EditRequest } from './WorkspaceDialogs.tsx';
import { WorkspaceTree, type NodeAction } from './WorkspaceTree.tsx';
import { TeamShareButton } from '../team/TeamShareButton.tsx';
import { useMyTeam } from '../team/useTeam.ts';

/**
 * /workspace/{workspaceId}: breadcrumb, the tree of folders and files
 * (files point at generated documents), create/rename/move/delete, drag to move, counted downloads,
 * read-only sharing; a read-only view for a workspace shared with the reader.
 */
export function WorkspacePage() {
  const { workspaceId = '' } = useParams();
  const user = useUser();
  const userId = user?.id ?? '';
  const { team } = useMyTeam(userId, { create: false });
  const ws = useWorkspace(workspaceId, userId, team.data?.role === 'editor' ? team.data.team.id : null);
  const actions = useWorkspaceActions(ws);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expansion, setExpansion] = useState<{ workspaceId: string; open: ReadonlySet<string> } | null>(null);
  const [edit, setEdit] = useState<EditRequest | null>(null);
  const [moving, setMoving] = useState<WorkspaceNode | null>(null);
  const [sharing, setSharing] = useState(false);
  const { workspace, structure, readOnly } = ws;

  // The top-level folders start open, once per workspace shown.
  if (workspace && expansion?.workspaceId !== workspace.id) {
    setExpansion({ workspaceId: workspace.id, open: new Set(structure.filter((n) => n.type === 'folder').map((n) => n.id)) });
  }
  const expanded = expansion?.open ?? new Set<string>();
  const setExpanded = (change: (open: ReadonlySet<string>) => ReadonlySet<string>) =>
    setExpansion((current) => (current ? { ...current, open: change(current.open) } : current));

  const selected = selectedId ? (findNode(structure, selectedId)?.node ?? null) : null;
  const path = selected ? nodePath(structure, selected.id) : [];
  // New items go into the selected folder, or next to the selected file.
  const targetFolder = selected?.type === 'folder' ? selected : ((path.length > 1 ? path[path.length - 2] : null) ?? null);
  const expand = (id: string | null) => {
    if (id) setExpanded((open) => new Set(open).add(id));
  };
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onAction = (action: NodeAction | 'attach', node: WorkspaceNode) => {
    if (action === 'move') setMoving(node);
    else if (action === 'delete') setEdit({ kind: 'delete', node });
    else if (action === 'attach') setEdit({ kind: 'file', node, parentId: null });
    else setEdit(node.type === 'file' ? { kind: 'file', node, parentId: null } : { kind: 'folder', node, parentId: null });
  };
  const move = (id: string, parentId: string | null, index?: number) => {
    const problem = ws.apply((s) => moveNode(s, id, parentId, index));
    if (problem) actions.refused(problem);
    else expand(parentId);
  };

  if (ws.load.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
        <CircularProgress aria-label="Loading the workspace" />
      </Box>
    );
  }
  if (ws.load.status !== 'ready' || !workspace) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
        <PageHeader title={ws.load.status === 'error' ? 'Workspace' : 'Workspace not found'} />
        <Alert
          severity={ws.load.status === 'error' ? 'error' : 'warning'}
          action={ws.load.status === 'error' ? <Button onClick={() => void ws.reload()}>Try again</Button> : undefined}
        >
          {ws.load.status === 'error'
            ? `Error fetching workspace: ${ws.load.message}`
            : 'It may have been deleted, or it is not shared with you.'}
        </Alert>
        <Button component={RouterLink} to={ROUTES.fileManager} sx={{ mt: 2 }}>
          Back to the File Manager
        </Button>
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, '& ol': { flexWrap: 'wrap' } }}>
        <Link component={RouterLink} to={ROUTES.fileManager} underline="hover">
          File Manager
        </Link>
        <Crumb label={workspace.name} current={path.length === 0} onClick={() => setSelectedId(null)} />
        {path.map((node, i) => (
          <Crumb key={node.id} label={node.name} current={i === path.length - 1} onClick={() => setSelectedId(node.id)} />
        ))}
      </Breadcrumbs>
      <PageHeader
        title={workspace.name}
        subtitle={<SaveStatus state={ws.saveState} readOnly={readOnly} onRetry={ws.retry} />}
        actions={
          !readOnly && (
            // One child for the header's row, so wrapped buttons line up (gap, not margins).
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<CreateNewFolderIcon />}
                onClick={() => setEdit({ kind: 'folder', node: null, parentId: targetFolder?.id ?? null })}
              >
                New folder
              </Button>
              <Button
                variant="outlined"
                startIcon={<NoteAddIcon />}
                onClick={() => setEdit({ kind: 'file', node: null, parentId: targetFolder?.id ?? null })}
              >
                New file
              </Button>
              {workspace.userId === userId && team.data?.role === 'owner' && (
                <TeamShareButton workspace={workspace} teamId={team.data.team.id} />
              )}
              {workspace.userId === userId && (
                <Button variant="contained" startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
                  Share
                </Button>
              )}
            </Box>
          )
        }
      />
      {readOnly && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Shared with you, read-only: you can open and download its files, but not change anything.
        </Alert>
      )}
      {!readOnly && workspace.userId !== userId && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {TEAM_PAGE_TEXTS.editorInWorkspace}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 360px' }, alignItems: 'start' }}>
        <Box
          component="section"
          aria-label="Folders and files"
          sx={{ p: { xs: 1, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 3, minWidth: 0 }}
        >
          <WorkspaceTree
            structure={structure}
            readOnly={readOnly}
            selectedId={selectedId}
            expanded={expanded}
            onToggle={toggle}
            onSelect={setSelectedId}
            onMove={move}
            onAction={onAction}
          />
        </Box>
        <FileDetails
          node={selected}
          doc={selected?.type === 'file' && selected.docId ? ws.documents.get(selected.docId) : undefined}
          readOnly={readOnly}
          ownsDocument={selected?.type === 'file' && selected.docId ? ws.documents.get(selected.docId)?.userId === userId : false}
          onAction={onAction}
          onDownload={actions.download}
          downloading={actions.downloading}
          onSetLimit={actions.setLimit}
        />
      </Box>

      <WorkspaceDialogs
        request={edit}
        userId={userId}
        apply={ws.apply}
        onClose={() => setEdit(null)}
        onCreated={(node, parentId) => {
          expand(parentId);
          setSelectedId(node.id);
        }}
        onDeleted={(node) => {
          if (selectedId && (selectedId === node.id || path.some((n) => n.id === node.id))) setSelectedId(null);
        }}
      />
      <MoveDialog
        node={moving}
        structure={structure}
        onCancel={() => setMoving(null)}
        onMove={(id, parentId) => {
          setMoving(null);
          move(id, parentId);
        }}
      />
      {workspace.userId === userId && (
        <ShareDialog open={sharing} target={{ workspaceId: workspace.id }} name={workspace.name} onClose={() => setSharing(false)} />
      )}
      <ConflictDialog
        conflicts={ws.conflict?.merge.conflicts ?? null}
        base={ws.conflict?.base.structure ?? []}
        onResolve={(choices) => void ws.resolve(choices)}
      />
    </Container>
  );
}

function Crumb({ label, current, onClick }: { label: string; current: boolean; onClick: () => void }) {
  if (current) {
    return (
      <Typography color="text.primary" aria-current="page" sx={{ wordBreak: 'break-word' }}>
        {label}
      </Typography>
    );
  }
  return (
    <Link component="button" type="button" underline="hover" onClick={onClick} sx={{ verticalAlign: 'baseline' }}>
      {label}
    </Link>
  );
}
