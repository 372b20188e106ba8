import { invitationMail, type InvitationMail } from './invitationMail.ts';
/**
 * Teams: the words people see on the team settings and invitation pages, the invitation mail, and
 * the rules the page checks before asking the server (which enforces them again). Pure.
 */

export type TeamRole = 'editor' | 'view_only';
export const TEAM_ROLES: readonly TeamRole[] = ['editor', 'view_only'];
/** People in a team, the owner included. */
const TEAM_SIZE_LIMIT = 5;

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { editor: 'Editor', view_only: 'View only' };
export const TEAM_ROLE_HINTS: Record<TeamRole, string> = {
  editor: 'Reads and edits the team’s workspaces and documents.',
  view_only: 'Reads the team’s workspaces and documents, changes nothing.',
};

export const TEAM_TEXTS = {
  invalidEmail: 'Please enter a valid email address.',
  invalidRole: 'Choose Editor or View only.',
  self: 'You are already in your team.',
  alreadyMember: (email: string) => `${email} is already in your team.`,
  full: 'A team has at most 5 people, the owner included. Remove a member or revoke an invitation first.',
  noTeam: 'Only Team-plan subscribers have a team.',
  invited: (email: string) => `Invitation sent to ${email}. They join once they accept it from that e-mail.`,
  revoked: (email: string) => `The invitation to ${email} was revoked.`,
  removed: (email: string) => `${email} is no longer in the team.`,
  roleChanged: (email: string, role: TeamRole) => `${email} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}.`,
  left: 'You left the team.',
  renamed: 'Team name saved.',
  invalidName: 'Give the team a name of at most 100 characters.',
  sharedWithTeam: 'The team can now open this workspace.',
  unsharedFromTeam: 'This workspace is yours alone again.',
  /** Under the invitation form while mail is off on the project. */
  mailOff: 'E-mail is off on this project: invitations are not mailed. You get a link to send yourself.',
  linkTitle: 'Send them this link',
  linkOff: (email: string) =>
    `E-mail is off on this project, so nothing was sent to ${email}. Copy this link and pass it on yourself: it works once, for 14 days.`,
  linkRefused: (email: string) =>
    `The invitation could not be mailed to ${email}. Copy this link and pass it on yourself: it works once, for 14 days.`,
  linkReady: (email: string) => `Copy the invitation link for ${email} and send it yourself.`,
} as const;

/** The team settings page's words. */
export const TEAM_PAGE_TEXTS = {
  subtitle: 'Who is in your team, what they may do, and the workspaces you share with them.',
  loading: 'Loading your team…',
  upsellTitle: 'Work together with Team',
  upsellIntro: 'Teams are part of the Team plan. With it you get:',
  toBilling: 'See plans on Billing',
  memberOf: (role: TeamRole) =>
    role === 'editor'
      ? 'You are a member, editor. You may edit the team’s workspaces.'
      : 'You are a member, view only. You may read the team’s workspaces.',
  noWorkspacesOwner: 'None yet. Open one of your workspaces and choose “Share with team”.',
  noWorkspacesMember: 'The owner has not shared any workspace with the team yet.',
  leaveQuestion: 'Leave the team?',
  leaveEffect: 'You will no longer see the team’s workspaces, and Team features end for you unless you subscribe yourself.',
  removeEffect: 'They will no longer see the team’s workspaces. You can invite them again later.',
  editorInWorkspace: 'Your team’s workspace: as an editor you can change its folders and files.',
} as const;

/** What Team gives, for someone not on it. */
export const TEAM_BENEFITS: readonly string[] = [
  'Up to 5 people, you included, with Team entitlements while your plan is Team',
  'Share workspaces and their documents with your team',
  'Choose who edits and who only reads',
  'Invite by e-mail; remove members or revoke invitations at any time',
];

/** A team name as stored, or null when it cannot be one. */
export function teamNameProblem(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > 100 ? TEAM_TEXTS.invalidName : null;
}

/** Seats left for invitations: the limit less the owner, the members and the invitations still open. */
export const seatsLeft = (members: number, pendingInvitations: number): number =>
  Math.max(0, TEAM_SIZE_LIMIT - 1 - members - pendingInvitations);

export const isTeamRole = (value: unknown): value is TeamRole => value === 'editor' || value === 'view_only';

/** The address an invitation link opens in the dashboard; the token stays in the fragment (never sent to a server). */
export const teamAcceptUrl = (siteUrl: string, token: string): string =>
  `${siteUrl.replace(/\/+$/, '')}/team/accept#token=${encodeURIComponent(token)}`;

/** The invitation e-mail. */
export function teamInvitationMail(input: { ownerEmail: string; teamName: string; role: TeamRole; link: string }): InvitationMail {
  const subject = `${input.ownerEmail} invited you to the team “${input.teamName}”`;
  const intro = `${input.ownerEmail} invited you to join the team “${input.teamName}” on AI Vault as ${TEAM_ROLE_LABELS[input.role].toLowerCase()}. Open this link and sign in (or create an account) to accept:`;
  return invitationMail({ kind: 'team_invitation', subject, intro, button: 'Join the team', link: input.link });
}
