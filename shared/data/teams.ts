import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import { isSimpleEmail } from '../core/auth.ts';
import { isTeamRole, TEAM_TEXTS, teamNameProblem, type TeamRole } from '../core/teams.ts';
import { functionErrorKind, functionRefusal } from './functions.ts';
import { invitationDelivery, type InvitationDelivery } from './projectStatus.ts';
import { fail, invalid, ok, type DataResult } from './result.ts';
import { toWorkspace, WORKSPACE_COLUMNS, type Workspace } from './workspaces.ts';

/**
 * Teams (tables teams, team_members, team_invitations; migration 20261129000200): a Team-plan
 * subscriber's team (created on their first visit), its members and their roles, invitations by
 * e-mail (the team-invite Edge Function mails a single-use link, accepted while signed in), and
 * the workspaces shared with the team. The database enforces every rule; these calls only shape
 * the answers.
 */

export interface Team {
  id: string;
  ownerId: string;
  name: string;
}

export interface TeamMember {
  userId: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: TeamRole;
  invitedAt: string;
  expiresAt: string;
}

/** The caller's team as its owner or member, and their place in it; null outside any team. */
export interface MyTeam {
  team: Team;
  /** 'owner' for the team's owner, otherwise the member's role. */
  role: 'owner' | TeamRole;
}

type MemberRow = Pick<Tables<'team_members'>, 'user_id' | 'email' | 'role' | 'joined_at'>;
type InvitationRow = Pick<Tables<'team_invitations'>, 'id' | 'email' | 'role' | 'invited_at' | 'expires_at'>;
const roleOf = (value: string): TeamRole => (isTeamRole(value) ? value : 'view_only');
const toMember = (r: MemberRow): TeamMember => ({ userId: r.user_id, email: r.email, role: roleOf(r.role), joinedAt: r.joined_at });
const toInvitation = (r: InvitationRow): TeamInvitation => ({
  id: r.id,
  email: r.email,
  role: roleOf(r.role),
  invitedAt: r.invited_at,
  expiresAt: r.expires_at,
});

/**
 * The caller's team: the one they own (with `create`, a Team subscriber without one gets it created
 * now), or the one they are a member of; null for everyone else.
 */
export async function getMyTeam(client: AppClient, userId: string, options: { create?: boolean } = {}): Promise<DataResult<MyTeam | null>> {
  if (options.create !== false) {
    const ensured = await client.rpc('ensure_team');
    if (ensured.error) return fail(ensured.error);
  }
  const { data, error } = await client.from('teams').select('id, owner_id, name').limit(1).maybeSingle();
  if (error) return fail(error);
  if (!data) return ok(null);
  const team: Team = { id: data.id, ownerId: data.owner_id, name: data.name };
  if (team.ownerId === userId) return ok({ team, role: 'owner' });
  const member = await client.from('team_members').select('role').eq('user_id', userId).maybeSingle();
  if (member.error) return fail(member.error);
  return ok({ team, role: roleOf(member.data?.role ?? 'view_only') });
}

export async function renameTeam(client: AppClient, teamId: string, name: string): Promise<DataResult<void>> {
  const problem = teamNameProblem(name);
  if (problem) return invalid(problem);
  const { error } = await client.from('teams').update({ name: name.trim() }).eq('id', teamId);
  return error ? fail(error) : ok();
}

/** The team's members (the owner not included), in the order they joined. */
export async function listMembers(client: AppClient, teamId: string): Promise<DataResult<TeamMember[]>> {
  const { data, error } = await client
    .from('team_members')
    .select('user_id, email, role, joined_at')
    .eq('team_id', teamId)
    .order('joined_at')
    .order('user_id');
  return error ? fail(error) : ok(data.map(toMember));
}

/** Invitations not accepted yet (expired ones included, to send again or revoke), newest first. Owner only. */
export async function listInvitations(client: AppClient, teamId: string): Promise<DataResult<TeamInvitation[]>> {
  const { data, error } = await client
    .from('team_invitations')
    .select('id, email, role, invited_at, expires_at')
    .eq('team_id', teamId)
    .is('accepted_at', null)
    .order('invited_at', { ascending: false });
  return error ? fail(error) : ok(data.map(toInvitation));
}

/** An invitation just made or renewed, and how it went out. */
export type SentTeamInvitation = TeamInvitation & { delivery: InvitationDelivery };

/**
 * Mails the address a single-use link to join the caller's team with the role (again: a new
 * link); when mail is off on the project or the mailer refused it, the link comes back to pass on.
 */
export async function inviteToTeam(client: AppClient, email: string, role: TeamRole): Promise<DataResult<SentTeamInvitation>> {
  const address = email.trim().toLowerCase();
  if (!isSimpleEmail(address) || address.length > 320) return invalid(TEAM_TEXTS.invalidEmail);
  const { data, error } = await client.functions.invoke<{ invitation: InvitationRow; mail?: unknown; link?: unknown }>('team-invite', {
    body: { email: address, role },
  });
  if (!error && data) return ok({ ...toInvitation(data.invitation), delivery: invitationDelivery(data) });
  const detail = await functionRefusal(error);
  const message = detail?.error ?? error?.message ?? 'The invitation could not be sent.';
  if (detail?.code === 'invalid' || (!detail?.code && functionErrorKind(error, detail) === 'invalid')) return invalid(message);
  if (detail?.code === 'full') return fail({ message, code: '23514' }, 'limit');
  return fail({ message, code: detail?.code ?? undefined }, functionErrorKind(error, detail));
}

export async function revokeInvitation(client: AppClient, invitationId: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('team_invitations').delete().eq('id', invitationId).select('id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

/** Accepts an invitation link's token as the signed-in user: they join the team. */
export async function acceptTeamInvitation(
  client: AppClient,
  token: string,
): Promise<DataResult<{ teamId: string; teamName: string; role: TeamRole }>> {
  const { data, error } = await client.rpc('accept_team_invitation', { token });
  if (error) return fail(error);
  // The function answers json (typed Json): the team joined and the role given.
  const row = data as { team_id: string; team_name: string; role: string };
  return ok({ teamId: row.team_id, teamName: row.team_name, role: roleOf(row.role) });
}

/** The owner changes a member's role. data: whether a member was changed. */
export async function setMemberRole(client: AppClient, teamId: string, userId: string, role: TeamRole): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('team_members').update({ role }).eq('team_id', teamId).eq('user_id', userId).select('user_id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

/** The owner removes a member, or a member leaves (their own user id). data: whether someone left. */
export async function removeMember(client: AppClient, teamId: string, userId: string): Promise<DataResult<boolean>> {
  const { data, error } = await client.from('team_members').delete().eq('team_id', teamId).eq('user_id', userId).select('user_id');
  return error ? fail(error) : ok((data ?? []).length > 0);
}

/** The workspaces shared with the team, oldest first. */
export async function listTeamWorkspaces(client: AppClient, teamId: string): Promise<DataResult<Workspace[]>> {
  const { data, error } = await client.from('workspaces').select(WORKSPACE_COLUMNS).eq('team_id', teamId).order('created_at').order('id');
  return error ? fail(error) : ok(data.map(toWorkspace));
}

/** The workspace's owner shares it with their team (teamId) or takes it back (null). */
export async function setWorkspaceTeam(client: AppClient, workspaceId: string, teamId: string | null): Promise<DataResult<void>> {
  const { data, error } = await client.from('workspaces').update({ team_id: teamId }).eq('id', workspaceId).select('id');
  if (error) return fail(error);
  return data.length ? ok() : fail({ message: 'Only the workspace’s owner can do that.', code: '42501' }, 'refused');
}
