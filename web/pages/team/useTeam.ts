import { useQuery } from '@tanstack/react-query';
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
