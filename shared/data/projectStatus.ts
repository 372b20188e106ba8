import type { MailDelivery, MailStatus } from '../core/mail.ts';
import { schedulesStatusOf, type SchedulesStatus } from '../core/workflows/schedulesStatus.ts';
import type { AppClient } from './supabase.ts';
import { fail, ok, type DataResult } from './result.ts';

/**
 * What this project can do that depends on how it is set up, for the places that would otherwise
 * promise it: whether it has a mailer (the mail-status Edge Function, which sees the functions'
 * secrets) and whether scheduled workflows run (the database: pg_cron's job, or the local stack's
 * own scheduler).
 */

/** 'on' or 'off'. A failed call is an error: the dashboard then says nothing about mail rather than guess. */
export async function getMailStatus(client: AppClient): Promise<DataResult<MailStatus>> {
  const { data, error } = await client.functions.invoke<{ mail?: unknown }>('mail-status', { method: 'GET' });
  if (error) return fail({ message: error instanceof Error ? error.message : 'Mail status unavailable.' }, 'server');
  return ok(data?.mail === 'off' ? 'off' : 'on');
}

export async function getSchedulesStatus(client: AppClient): Promise<DataResult<SchedulesStatus>> {
  const { data, error } = await client.rpc('workflow_schedules_status');
  return error ? fail(error) : ok(schedulesStatusOf(data));
}

/**
 * How an invitation went out: mailed, or not (mail off, or the mailer refused it) — then with the
 * link for the inviter to pass on.
 */
export type InvitationDelivery = { mail: 'sent' } | { mail: Exclude<MailDelivery, 'sent'>; link: string };

/** The delivery part of an invite function's answer (an older function without it: mailed). */
export function invitationDelivery(answer: { mail?: unknown; link?: unknown }): InvitationDelivery {
  if ((answer.mail === 'off' || answer.mail === 'refused') && typeof answer.link === 'string')
    return { mail: answer.mail, link: answer.link };
  return { mail: 'sent' };
}
