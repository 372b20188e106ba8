import { queryOptions } from '@tanstack/react-query';
import * as teams from '@/shared/data/teams.ts';
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
