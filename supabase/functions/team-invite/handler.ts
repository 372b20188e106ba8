import { z } from 'zod';
import { isSimpleEmail } from '@/shared/core/auth.ts';
import { isTeamRole, TEAM_TEXTS, teamAcceptUrl, teamInvitationMail, type TeamRole } from '@/shared/core/teams.ts';
import { readBody } from '../_shared/body.ts';
import { callerDb, serviceDb } from '../_shared/db.ts';
import { callerOf, env, fail, json, preflight } from '../_shared/http.ts';
import { deliverMail } from '../_shared/mail.ts';
import { newToken, sha256Hex } from '../_shared/tokens.ts';

/**
 * POST /functions/v1/team-invite { email, role } (signed in, Team plan, team owner): invites the
 * address to the caller's team. The invitation is created as the caller (RLS: the team's owner on
 * Team; the database refuses a sixth person); its single-use token is stored hashed (service role)
 * and mailed as a link. Nobody joins until someone accepts the link while signed in
 * (accept_team_invitation), which makes that account a member. Inviting an address again mails a
 * new link with the role given now. Answers { invitation, mail: 'sent' } — or, when the link could
 * not be mailed (mail is off on the project, or the mailer refused it), { invitation, mail: 'off' |
 * 'refused', link } for the owner to pass on themselves — or { error, code }.
 */

const COLUMNS = 'id, team_id, email, role, invited_at, expires_at';

const InviteRequest = z.preprocess(
  // Anything but an object reads as one without an address.
  (raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}),
  z.object({
    email: z
      .unknown()
      .transform((value) => (typeof value === 'string' ? value.trim().toLowerCase() : ''))
      .refine((email) => isSimpleEmail(email) && email.length <= 320, TEAM_TEXTS.invalidEmail),
    role: z.custom<TeamRole>(isTeamRole, TEAM_TEXTS.invalidRole),
  }),
);

/** The database's refusal as the form shows it. */
const refusal = (error: { message: string; code: string }, status: number) => {
  if (error.code === '23514') return json({ error: error.message || TEAM_TEXTS.full, code: 'full' }, 409);
  if (error.code === '42501') return json({ error: TEAM_TEXTS.noTeam, code: error.code }, 403);
  return json({ error: error.message || 'The invitation could not be created.', code: error.code || null }, status >= 400 ? status : 500);
};

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const read = await readBody(req, InviteRequest);
  if (!read.ok) return read.response;
  const { email, role } = read.body;
  if (email === caller.email.toLowerCase()) return json({ error: TEAM_TEXTS.self, code: 'invalid' }, 400);
  const db = callerDb(caller.token);

  const { data: team } = await db.from('teams').select('id, name').eq('owner_id', caller.id).maybeSingle();
  if (!team) return json({ error: TEAM_TEXTS.noTeam, code: 'no_team' }, 403);
  const members = await db.from('team_members').select('user_id').eq('team_id', team.id).eq('email', email);
  if ((members.data ?? []).length > 0) return json({ error: TEAM_TEXTS.alreadyMember(email), code: 'invalid' }, 400);

  const created = await db.from('team_invitations').insert({ team_id: team.id, email, role }).select(COLUMNS).single();
  let invitation = created.data;
  if (created.error?.code === '23505') {
    const open = await db
      .from('team_invitations')
      .select(COLUMNS)
      .eq('team_id', team.id)
      .eq('email', email)
      .is('accepted_at', null)
      .maybeSingle();
    invitation = open.data;
  } else if (created.error) return refusal(created.error, created.status);
  if (!invitation) return fail('The invitation could not be created.', 500);

  const token = newToken();
  const now = new Date();
  const { data: saved } = await serviceDb()
    .from('team_invitations')
    .update({
      role,
      token_hash: await sha256Hex(token),
      invited_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 14 * 24 * 3600 * 1000).toISOString(),
    })
    .eq('id', invitation.id)
    .is('accepted_at', null)
    .select(COLUMNS)
    .maybeSingle();
  if (!saved) return fail('The invitation could not be stored. Please try again.', 502);
  const link = teamAcceptUrl(env('SITE_URL'), token);
  const mail = teamInvitationMail({ ownerEmail: caller.email, teamName: team.name, role, link });
  const delivery = await deliverMail({ ...mail, to: email });
  // Not mailed: the owner gets the link to pass on (it grants what the mail would have, no more).
  return json(delivery === 'sent' ? { invitation: saved, mail: delivery } : { invitation: saved, mail: delivery, link });
}
