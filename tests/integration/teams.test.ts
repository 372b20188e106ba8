import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_TEXTS } from '@/shared/core/teams.ts';
import { getCurrentPlan } from '@/shared/data/plans.ts';
import * as teams from '@/shared/data/teams.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';
import { invitationToken, joinTeam, subscribe } from './teams-helpers.ts';

/**
 * Teams (migration 20261129000200): a Team subscriber's team, invitations mailed by the team-invite
 * function and accepted while signed in, the limit of 5 people enforced by the database, roles the
 * owner sets, members leaving, and Team entitlements for members while the owner is on Team.
 */

let stack: TestStack;
let owner: Person;
let pro: Person;
let team: teams.Team;

beforeAll(async () => {
  stack = await startTestStack();
  [owner, pro] = [await person(stack, 'team-owner'), await person(stack, 'team-pro')];
  await subscribe(stack, owner, 'team');
  await subscribe(stack, pro, 'pro');
});
afterAll(async () => stack?.close());

describe(`a team (${testDbKind})`, () => {
  it('is created on the first visit of a Team subscriber only, once, and renamed by its owner', async () => {
    expect(must(await teams.getMyTeam(pro.client, pro.userId))).toBeNull();
    expect((await pro.client.from('teams').insert({ owner_id: pro.userId })).error?.code).toBe('42501');
    const first = must(await teams.getMyTeam(owner.client, owner.userId))!;
    expect(first).toMatchObject({ role: 'owner', team: { ownerId: owner.userId, name: 'My team' } });
    expect(must(await teams.getMyTeam(owner.client, owner.userId))!.team.id).toBe(first.team.id);
    team = first.team;
    expect((await teams.renameTeam(owner.client, team.id, '   ')).error?.message).toBe(TEAM_TEXTS.invalidName);
    must(await teams.renameTeam(owner.client, team.id, 'Launch crew'));
    must(await teams.renameTeam(pro.client, team.id, 'Hijacked'));
    expect(must(await teams.getMyTeam(owner.client, owner.userId))!.team.name).toBe('Launch crew');
    team = { ...team, name: 'Launch crew' };
  });

  it('checks invitations: a valid address, a role, not yourself, only a team owner', async () => {
    expect((await teams.inviteToTeam(owner.client, 'nope', 'editor')).error?.message).toBe(TEAM_TEXTS.invalidEmail);
    const adminRole = await owner.client.functions.invoke('team-invite', { body: { email: 'a@example.com', role: 'admin' } });
    expect(adminRole.response?.status).toBe(400);
    expect(await adminRole.response?.json()).toEqual({ error: TEAM_TEXTS.invalidRole });
    expect((await teams.inviteToTeam(owner.client, owner.email.toUpperCase(), 'editor')).error?.message).toBe(TEAM_TEXTS.self);
    expect((await teams.inviteToTeam(pro.client, 'someone@example.com', 'editor')).error).toMatchObject({
      message: TEAM_TEXTS.noTeam,
      kind: 'refused',
    });
  });

  it('mails a single-use link; the account that accepts it joins with the role, others cannot reuse it', async () => {
    const member = await person(stack, 'team-member');
    const invitation = must(await teams.inviteToTeam(owner.client, ` ${member.email.toUpperCase()} `, 'view_only'));
    expect(invitation).toMatchObject({ email: member.email.toLowerCase(), role: 'view_only' });
    const mail = stack.mailbox.latest(member.email.toLowerCase())!;
    expect(mail.subject).toBe(`${owner.email.toLowerCase()} invited you to the team “Launch crew”`);
    expect(mail.text).toContain(`${stack.config.siteUrl}/team/accept#token=`);
    // Inviting again mails a new link with the role given now; the first link stops working.
    const stale = invitationToken(stack, member.email);
    const again = must(await teams.inviteToTeam(owner.client, member.email, 'editor'));
    expect(again.id).toBe(invitation.id);
    expect(must(await teams.listInvitations(owner.client, team.id)).map((i) => [i.email, i.role])).toEqual([
      [member.email.toLowerCase(), 'editor'],
    ]);
    expect((await teams.acceptTeamInvitation(member.client, stale)).error?.message).toBe(
      'This invitation link is not valid any more. Ask the team owner for a new one.',
    );
    const token = invitationToken(stack, member.email);
    expect((await teams.acceptTeamInvitation(owner.client, token)).error?.message).toBe(
      'This is your own team: send the link to the person you invited.',
    );
    expect(must(await teams.acceptTeamInvitation(member.client, token))).toEqual({
      teamId: team.id,
      teamName: 'Launch crew',
      role: 'editor',
    });
    const stranger = await person(stack, 'team-stranger');
    expect((await teams.acceptTeamInvitation(stranger.client, token)).error?.message).toBe(
      'This invitation link is not valid any more. Ask the team owner for a new one.',
    );
    expect(must(await teams.listInvitations(owner.client, team.id))).toEqual([]);
    expect(must(await teams.listMembers(owner.client, team.id)).map((m) => [m.email, m.role])).toEqual([
      [member.email.toLowerCase(), 'editor'],
    ]);
    expect(must(await teams.getMyTeam(member.client, member.userId))).toEqual({ team, role: 'editor' });
    // Members see the team; outsiders see nothing of it.
    expect(must(await teams.listMembers(member.client, team.id))).toHaveLength(1);
    expect(must(await teams.listMembers(stranger.client, team.id))).toEqual([]);
    expect(must(await teams.listInvitations(member.client, team.id))).toEqual([]);
    expect((await teams.inviteToTeam(owner.client, member.email, 'editor')).error?.message).toBe(
      TEAM_TEXTS.alreadyMember(member.email.toLowerCase()),
    );
    // Nobody joins over the API without an invitation, and nothing sets a token or an acceptance.
    expect(
      (
        await stranger.client
          .from('team_members')
          .insert({ team_id: team.id, user_id: stranger.userId, email: stranger.email, role: 'editor' })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await owner.client
          .from('team_invitations')
          .insert({ team_id: team.id, email: 'forged@example.com', role: 'editor', token_hash: 'abc' })
      ).error?.code,
    ).toBe('42501');
    await removeAll();
  });

  it('holds at most 5 people, the owner included, counting open invitations', async () => {
    const people = await Promise.all([1, 2, 3].map((n) => person(stack, `team-seat${n}`)));
    for (const p of people) await joinTeam(stack, owner, p, 'editor');
    must(await teams.inviteToTeam(owner.client, 'fourth@example.com', 'view_only'));
    const refused = await teams.inviteToTeam(owner.client, 'fifth@example.com', 'view_only');
    expect(refused.error).toMatchObject({ message: TEAM_TEXTS.full, kind: 'limit' });
    // The database itself refuses a sixth person, whatever the path.
    const invitations = must(await teams.listInvitations(owner.client, team.id));
    must(await teams.revokeInvitation(owner.client, invitations[0]!.id));
    const fourth = await person(stack, 'team-seat4');
    await joinTeam(stack, owner, fourth, 'view_only');
    const fifth = await person(stack, 'team-seat5');
    await stack.db.query('delete from public.team_invitations where team_id = $1', [team.id]);
    await expect(
      stack.db.query("insert into public.team_members (team_id, user_id, email, role) values ($1, $2, $3, 'editor')", [
        team.id,
        fifth.userId,
        fifth.email,
      ]),
    ).rejects.toThrow(TEAM_TEXTS.full);
    expect(must(await teams.listMembers(owner.client, team.id))).toHaveLength(4);
    await removeAll();
  });

  it('lets the owner change roles and remove members, and a member leave; nobody else', async () => {
    const [a, b] = [await person(stack, 'team-roles-a'), await person(stack, 'team-roles-b')];
    await joinTeam(stack, owner, a, 'editor');
    await joinTeam(stack, owner, b, 'editor');
    expect(must(await teams.setMemberRole(a.client, team.id, b.userId, 'view_only'))).toBe(false);
    expect(must(await teams.setMemberRole(a.client, team.id, a.userId, 'view_only'))).toBe(false);
    expect(must(await teams.setMemberRole(owner.client, team.id, b.userId, 'view_only'))).toBe(true);
    expect(must(await teams.getMyTeam(b.client, b.userId))?.role).toBe('view_only');
    expect((await owner.client.from('team_members').update({ role: 'admin' }).eq('user_id', b.userId)).error?.code).toBe('23514');
    expect((await owner.client.from('team_members').update({ email: 'x@example.com' }).eq('user_id', b.userId)).error?.message).toBe(
      "Only a member's role can be changed.",
    );
    expect(must(await teams.removeMember(a.client, team.id, b.userId))).toBe(false);
    expect(must(await teams.removeMember(a.client, team.id, a.userId))).toBe(true);
    expect(must(await teams.getMyTeam(a.client, a.userId))).toBeNull();
    expect(must(await teams.removeMember(owner.client, team.id, b.userId))).toBe(true);
    expect(must(await teams.listMembers(owner.client, team.id))).toEqual([]);
  });

  it('gives members Team entitlements while the owner’s plan is Team, and not after they leave', async () => {
    const member = await person(stack, 'team-entitled');
    expect(must(await getCurrentPlan(member.client))).toBe('free');
    await joinTeam(stack, owner, member, 'view_only');
    expect(must(await getCurrentPlan(member.client))).toBe('team');
    const limit = await stack.db.query<{ lim: number | null }>('select private.generation_limit_of($1) as lim', [member.userId]);
    expect(limit.rows[0]!.lim).toBeNull();
    // The owner's subscription lapses: the members are back on their own plan.
    await stack.db.query(
      "update public.subscriptions set status = 'canceled', current_period_end = now() - interval '1 day' where user_id = $1",
      [owner.userId],
    );
    expect(must(await getCurrentPlan(member.client))).toBe('free');
    expect(
      (await stack.db.query<{ lim: number | null }>('select private.generation_limit_of($1) as lim', [member.userId])).rows[0]!.lim,
    ).toBe(50);
    expect((await teams.inviteToTeam(owner.client, 'late@example.com', 'editor')).error?.message).toBe(TEAM_TEXTS.noTeam);
    await subscribe(stack, owner, 'team');
    expect(must(await getCurrentPlan(member.client))).toBe('team');
    must(await teams.removeMember(member.client, team.id, member.userId));
    expect(must(await getCurrentPlan(member.client))).toBe('free');
  });
});

/** Empties the team between tests (as the database owner). */
async function removeAll() {
  await stack.db.query('delete from public.team_members where team_id = $1', [team.id]);
  await stack.db.query('delete from public.team_invitations where team_id = $1', [team.id]);
}
