import { useState } from 'react';
import { Button } from '@mui/material';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import type { Workspace } from '@/shared/data/workspaces.ts';
import { useWorkspaceTeamMutation } from '@/web/queries/teams.ts';

/** The team owner shares their workspace with the team, or takes it back. */
export function TeamShareButton({ workspace, teamId }: { workspace: Workspace; teamId: string }) {
  const { mutateAsync: setWorkspaceTeam, isPending: busy } = useWorkspaceTeamMutation();
  // Held here: the page keeps its copy of the workspace until the structure changes.
  const [shared, setShared] = useState(workspace.teamId === teamId);
  const toggle = async () => {
    const done = await setWorkspaceTeam({ workspaceId: workspace.id, teamId: shared ? null : teamId }).then(
      () => true,
      () => false,
    );
    if (done) setShared(!shared);
  };
  return (
    <Button variant="outlined" startIcon={<GroupsIcon />} onClick={() => void toggle()} disabled={busy} aria-pressed={shared}>
      {shared ? 'Shared with team' : 'Share with team'}
    </Button>
  );
}
