import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { TEAM_TEXTS } from '@/shared/core/teams.ts';
import { setWorkspaceTeam } from '@/shared/data/teams.ts';
import type { Workspace } from '@/shared/data/workspaces.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The team owner shares their workspace with the team, or takes it back. */
export function TeamShareButton({ workspace, teamId }: { workspace: Workspace; teamId: string }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Held here: the page keeps its copy of the workspace until the structure changes.
  const [shared, setShared] = useState(workspace.teamId === teamId);
  const toggle = async () => {
    setBusy(true);
    const result = await setWorkspaceTeam(supabase, workspace.id, shared ? null : teamId);
    setBusy(false);
    if (result.error) return notify({ title: 'Not changed', description: result.error.message, variant: 'destructive' });
    setShared(!shared);
    notify({ title: shared ? TEAM_TEXTS.unsharedFromTeam : TEAM_TEXTS.sharedWithTeam });
    await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.detail(workspace.id) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.teams.all });
  };
  return (
    <Button variant="outlined" startIcon={<GroupsIcon />} onClick={() => void toggle()} disabled={busy} aria-pressed={shared}>
      {shared ? 'Shared with team' : 'Share with team'}
    </Button>
  );
}
