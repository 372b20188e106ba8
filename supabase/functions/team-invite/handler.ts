import { isSimpleEmail } from '@/shared/core/auth.ts';
import { isTeamRole, TEAM_TEXTS, teamAcceptUrl, teamInvitationMail } from '@/shared/core/teams.ts';
import { callerOf, env, fail, json, preflight, rest } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { newToken, sha256Hex } from '../_shared/tokens.ts';

/**
 * POST /functions/v1/team-invite { email, role } (signed in, Team plan, team owner): invites the
 * address to the caller's team. The invitation is created as the caller (RLS: the team's owner on
 * Team; the database refuses a sixth person); its single-use token is stored hashed (service role)
 * and mailed as a link. Nobody joins until someone accepts the link while signed in
 * (accept_team_invitation), which makes that account a member. Inviting an address again mails a
 * new link with the role given now. Answers { invitation } or { error, code }.
 */

const COLUMNS = 'id,team_id,email,role,invited_at,expires_at';
type InvitationRow = { id: string; team_id: string; email: string; role: string; invited_at: string; expires_at: string };

const refusal = (answer: { status: number; body: unknown }) => {
  const body = (answer.body ?? {}) as { message?: string; code?: string };
  if (body.code === '23514') return json({ error: body.message ?? TEAM_TEXTS.full, code: 'full' }, 409);
  if (body.code === '42501') return json({ error: TEAM_TEXTS.noTeam, code: body.code }, 403);
  return json(
    { error: body.message ?? 'The invitation could not be created.', code: body.code ?? null },
    answer.status >= 400 ? answer.status : 500,
  );
};

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const body = (await req.json().catch(() => null)) as { email?: unknown; role?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!isSimpleEmail(email) || email.length > 320) return json({ error: TEAM_TEXTS.invalidEmail, code: 'invalid' }, 400);
  if (!isTeamRole(body?.role)) return json({ error: TEAM_TEXTS.invalidRole, code: 'invalid' }, 400);
  const role = body.role;
  if (email === caller.email.toLowerCase()) return json({ error: TEAM_TEXTS.self, code: 'invalid' }, 400);

  const teams = await rest(`teams?select=id,name&owner_id=eq.${caller.id}`, { method: 'GET' }, caller.token);
  const team = teams.ok ? (teams.body as { id: string; name: string }[])[0] : undefined;
  if (!team) return json({ error: TEAM_TEXTS.noTeam, code: 'no_team' }, 403);
  const members = await rest(
    `team_members?select=user_id&team_id=eq.${team.id}&email=eq.${encodeURIComponent(email)}`,
    { method: 'GET' },
    caller.token,
  );
  if (members.ok && (members.body as unknown[]).length > 0) return json({ error: TEAM_TEXTS.alreadyMember(email), code: 'invalid' }, 400);

  const created = await rest(
    `team_invitations?select=${COLUMNS}`,
    { method: 'POST', headers: { prefer: 'return=representation' }, body: JSON.stringify({ team_id: team.id, email, role }) },
    caller.token,
  );
  let invitation: InvitationRow | undefined;
  if (created.ok) invitation = (created.body as InvitationRow[])[0];
  else if ((created.body as { code?: string } | null)?.code === '23505') {
    const open = await rest(
      `team_invitations?select=${COLUMNS}&team_id=eq.${team.id}&email=eq.${encodeURIComponent(email)}&accepted_at=is.null`,
      { method: 'GET' },
      caller.token,
    );
    invitation = open.ok ? (open.body as InvitationRow[])[0] : undefined;
  } else return refusal(created);
  if (!invitation) return fail('The invitation could not be created.', 500);

  const token = newToken();
  const now = new Date();
  const stored = await rest(
    `team_invitations?id=eq.${invitation.id}&accepted_at=is.null&select=${COLUMNS}`,
    {
      method: 'PATCH',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({
        role,
        token_hash: await sha256Hex(token),
        invited_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 14 * 24 * 3600 * 1000).toISOString(),
      }),
    },
    'service',
  );
  const saved = stored.ok ? (stored.body as InvitationRow[])[0] : undefined;
  if (!saved) return fail('The invitation could not be stored. Please try again.', 502);
  const mail = teamInvitationMail({ ownerEmail: caller.email, teamName: team.name, role, link: teamAcceptUrl(env('SITE_URL'), token) });
  if (!(await sendMail({ to: email, ...mail }))) return json({ error: TEAM_TEXTS.mailFailed, code: 'mail' }, 502);
  return json({ invitation: saved });
}
