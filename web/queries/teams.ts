import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { TEAM_ROLE_LABELS, TEAM_TEXTS, type TeamRole } from '@/shared/core/teams.ts';
import * as teams from '@/shared/data/teams.ts';
import { useNotify } from '@/shared/ui/notices.tsx';
import { unwrap } from '@/shared/ui/query.ts';
import { queryKeys } from '@/shared/ui/queryKeys.ts';
import { supabase } from '@/web/lib/supabase.ts';

/** The caller's team (a Team subscriber's is created on the team page's first visit: `create`), its members, invitations and workspaces. */
export const teamQueries = {
  mine: (userId: string, options: { create?: boolean } = {}) =>
    queryOptions({ queryKey: queryKeys.teams.mine(), queryFn: async () => unwrap(await teams.getMyTeam(supabase, userId, options)) }),
  members: (teamId: string) =>
    queryOptions({ queryKey: queryKeys.teams.members(teamId), queryFn: async () => unwrap(await teams.listMembers(supabase, teamId)) }),
  invitations: (teamId: string) =>
    queryOptions({
      queryKey: queryKeys.teams.invitations(teamId),
      queryFn: async () => unwrap(await teams.listInvitations(supabase, teamId)),
    }),
  workspaces: (teamId: string) =>
    queryOptions({
      queryKey: queryKeys.teams.workspaces(teamId),
      queryFn: async () => unwrap(await teams.listTeamWorkspaces(supabase, teamId)),
    }),
};

/**
 * The owner's and members' changes; each reads the team page's lists again before it resolves.
 * They resolve with the DataResult: the page says how each went.
 */
export function useTeamMutations(teamId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.teams.all });
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
    // A member who leaves (or is removed) may lose the plan the team gave them.
    remove: useMutation({
      mutationFn: (userId: string) => teams.removeMember(supabase, teamId, userId),
      onSettled: () => {
        void refresh();
        void queryClient.invalidateQueries({ queryKey: queryKeys.plan.all });
      },
    }),
    rename: useMutation({ mutationFn: (name: string) => teams.renameTeam(supabase, teamId, name), ...settle }),
  };
}

/** Accepts a team invitation with the signed-in account; the team and the plan it gives are read again before the welcome. */
export function useAcceptTeamInvitationMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (token: string) => unwrap(await teams.acceptTeamInvitation(supabase, token)),
    onSuccess: async (joined) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.teams.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.plan.all });
      notify({
        title: `You joined ${joined.teamName}`,
        description: `Your role: ${TEAM_ROLE_LABELS[joined.role].toLowerCase()}. The team’s workspaces are listed on the team page.`,
      });
    },
  });
}

/** The owner shares a workspace with the team (`teamId`), or takes it back (null). */
export function useWorkspaceTeamMutation() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ workspaceId, teamId }: { workspaceId: string; teamId: string | null }) =>
      unwrap(await teams.setWorkspaceTeam(supabase, workspaceId, teamId)),
    onSuccess: (_done, { workspaceId, teamId }) => {
      notify({ title: teamId ? TEAM_TEXTS.sharedWithTeam : TEAM_TEXTS.unsharedFromTeam });
      void queryClient
        .invalidateQueries({ queryKey: queryKeys.workspaces.detail(workspaceId) })
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }));
    },
    onError: (error) => notify({ title: 'Not changed', description: error.message, variant: 'destructive' }),
  });
}
