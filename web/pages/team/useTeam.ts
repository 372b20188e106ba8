import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@/shared/core/teams.ts';
import * as teams from '@/shared/data/teams.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';
import { planQueries } from '@/web/queries/plan.ts';
import { teamQueries } from '@/web/queries/teams.ts';

/** The caller's plan and team (a Team subscriber's team is created on the first visit of the team page: `create`). */
export function useMyTeam(userId: string, options: { create?: boolean } = {}) {
  const plan = useQuery({ ...planQueries.current(), enabled: !!userId });
  const team = useQuery({ ...teamQueries.mine(userId, options), enabled: !!userId });
  return { plan, team };
}

/** The team's members, open invitations (owner only) and shared workspaces. */
export function useTeamLists(teamId: string | undefined, isOwner: boolean) {
  const members = useQuery({ ...teamQueries.members(teamId ?? ''), enabled: !!teamId });
  const invitations = useQuery({ ...teamQueries.invitations(teamId ?? ''), enabled: !!teamId && isOwner });
  const workspaces = useQuery({ ...teamQueries.workspaces(teamId ?? ''), enabled: !!teamId });
  return { members, invitations, workspaces };
}

/** The owner's and members' changes; each refreshes what the team page shows. */
export function useTeamActions(teamId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.teams.all });
  const settle = { onSettled: refresh };
  return {
    invite: useMutation({
      mutationFn: (input: { email: string; role: TeamRole }) => teams.inviteToTeam(supabase, input.email, input.role),
      ...settle,
    }),
    revoke: useMutation({ mutationFn: (invitationId: string) => teams.revokeInvitation(supabase, invitationId), ...settle }),
    setRole: useMutation({
      mutationFn: (input: { userId: string; role: TeamRole }) => teams.setMemberRole(supabase, teamId, input.userId, input.role),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => teams.removeMember(supabase, teamId, userId),
      onSettled: () => {
        void refresh();
        void client.invalidateQueries({ queryKey: queryKeys.plan.all });
      },
    }),
    rename: useMutation({ mutationFn: (name: string) => teams.renameTeam(supabase, teamId, name), ...settle }),
  };
}
