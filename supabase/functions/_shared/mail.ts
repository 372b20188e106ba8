import { unsentMailMessage, type MailDelivery, type MailKind, type MailStatus, type UnsentReason } from '@/shared/core/mail.ts';
import { serviceDb } from './db.ts';
import { optionalEnv } from './http.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * Mail from the Edge Functions, through Resend's HTTP API (POST /emails with RESEND_API_KEY);
 * RESEND_API_URL points elsewhere (the local stack sets its mailbox). MAIL_FROM is the sender.
 * A project without RESEND_API_KEY has no mailer: nothing is sent. Every mail that is not sent (no
 * mailer, or the mailer refused it or could not be reached) is recorded in monitoring as
 * `mail_unsent`, with the kind of mail and why, so callers need do nothing for it to show.
 */
export interface OutgoingMail {
  /** What the mail is (a receipt, a scheduled run's result…): named in monitoring when it cannot be sent. */
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Whether this project has a mailer (RESEND_API_KEY set). */
export const mailStatus = (): MailStatus => (optionalEnv('RESEND_API_KEY') ? 'on' : 'off');

/** What the mailer said when it refused: its status and its own message (Resend answers { name, message }). */
async function refusalOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message.slice(0, 300) : res.statusText;
  return `${res.status}${message ? `: ${message}` : ''}`;
}

/**
 * Records a mail that was not sent (never throws: a monitoring outage must not fail the caller).
 * `recipients` counts the people a mail meant for several was not sent to (`to` is null then).
 */
export async function recordUnsentMail(input: {
  kind: MailKind;
  to: string | null;
  subject: string;
  reason: UnsentReason;
  problem?: string | null;
  recipients?: number;
}): Promise<void> {
  try {
    const { error } = await serviceDb().rpc('record_unsent_mail', {
      mail_kind: input.kind,
      reason: input.reason,
      recipient: input.to ?? '',
      event_message: unsentMailMessage(input).slice(0, 2000),
      event_detail: {
        subject: input.subject.slice(0, 300),
        ...(input.problem ? { problem: input.problem } : {}),
        ...(input.recipients !== undefined ? { recipients: input.recipients } : {}),
      },
    });
    if (error) console.error('[mail] could not record an unsent mail', error);
  } catch (error) {
    console.error('[mail] could not record an unsent mail', error);
  }
}

/** Sends the mail: 'sent', 'off' (no mailer) or 'refused' (the mailer said no, or could not be reached); unsent mail is recorded. */
export async function deliverMail(mail: OutgoingMail): Promise<MailDelivery> {
  const key = optionalEnv('RESEND_API_KEY');
  if (!key) {
    await recordUnsentMail({ kind: mail.kind, to: mail.to, subject: mail.subject, reason: 'no_mailer' });
    return 'off';
  }
  const api = (optionalEnv('RESEND_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, '');
  let problem: string;
  try {
    const res = await fetch(`${api}/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: optionalEnv('MAIL_FROM') ?? 'AI Vault <noreply@ai-vault.local>',
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        // Resend keeps tags with the mail: its dashboard can be filtered by the kind.
        tags: [{ name: 'kind', value: mail.kind }],
      }),
    });
    if (res.ok) return 'sent';
    problem = await refusalOf(res);
  } catch (error) {
    problem = `unreachable: ${errorMessage(error)}`.slice(0, 300);
  }
  await recordUnsentMail({ kind: mail.kind, to: mail.to, subject: mail.subject, reason: 'mailer_refused', problem });
  return 'refused';
}

/** Sends the mail; false when it was not sent (recorded in monitoring with why). */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  return (await deliverMail(mail)) === 'sent';
}
