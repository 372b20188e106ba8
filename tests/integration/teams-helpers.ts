import * as teams from '@/shared/data/teams.ts';
import type { TeamRole } from '@/shared/core/teams.ts';
import type { TestStack } from '../helpers/stack.ts';
import { must, type Person } from './documents-helpers.ts';

/** Shared by the team integration tests: Team subscriptions as the Stripe webhook writes them, and joining through the mailed link. */

/** Puts the person on an active plan (service role, as the webhook would). */
export async function subscribe(stack: TestStack, who: Person, plan: 'pro' | 'team') {
  await stack.db.query(
    `insert into public.subscriptions (user_id, stripe_customer_id, stripe_subscription_id, plan, status, current_period_end)
     values ($1::uuid, 'cus_' || $1::text, 'sub_' || $1::text, $2, 'active', now() + interval '30 days')
     on conflict (user_id) do update set plan = excluded.plan, status = excluded.status, current_period_end = excluded.current_period_end`,
    [who.userId, plan],
  );
}

/** The token of the newest team invitation mailed to the address. */
export function invitationToken(stack: TestStack, email: string): string {
  const mail = stack.mailbox.latest(email.toLowerCase());
  const token = /\/team\/accept#token=([\w%-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no team invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

/** The owner invites the person, who accepts the mailed link. */
export async function joinTeam(stack: TestStack, owner: Person, member: Person, role: TeamRole) {
  must(await teams.inviteToTeam(owner.client, member.email, role));
  return must(await teams.acceptTeamInvitation(member.client, invitationToken(stack, member.email)));
}
