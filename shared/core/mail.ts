/**
 * Mail the Edge Functions send (supabase/functions/_shared/mail.ts): each mail names its kind, so
 * one that cannot be sent is recorded in monitoring as such, with why. And what the apps say where
 * someone would expect a mail on a project that has no mailer. Pure.
 */

export type MailKind = 'share_invitation' | 'team_invitation' | 'receipt' | 'schedule_result' | 'monitoring_alert' | 'feature_shipped';

const MAIL_KIND_LABELS: Record<MailKind, string> = {
  share_invitation: 'Share invitation',
  team_invitation: 'Team invitation',
  receipt: 'Purchase receipt',
  schedule_result: 'Scheduled run result',
  monitoring_alert: 'Monitoring alert',
  feature_shipped: 'Feature-shipped mail',
};

/** Why a mail was not sent: the project has no mailer (RESEND_API_KEY unset), or the mailer refused it (or could not be reached). */
export type UnsentReason = 'no_mailer' | 'mailer_refused';

/** Whether the project can send mail at all (the mail-status function's answer). */
export type MailStatus = 'on' | 'off';

/** How one mail went: sent, not sent because mail is off, or refused by the mailer. */
export type MailDelivery = 'sent' | 'off' | 'refused';

/** The monitoring event's sentence for a mail that was not sent. `recipients` counts a mail meant for several people. */
export function unsentMailMessage(input: {
  kind: MailKind;
  to: string | null;
  recipients?: number;
  reason: UnsentReason;
  problem?: string | null;
}): string {
  const count = input.recipients ?? 1;
  const to = input.to ?? `${count} ${count === 1 ? 'person' : 'people'}`;
  const why =
    input.reason === 'no_mailer'
      ? 'no mailer is set up on this project (RESEND_API_KEY is not set)'
      : `the mailer refused it${input.problem ? ` (${input.problem})` : ''}`;
  return `${MAIL_KIND_LABELS[input.kind]} to ${to} not sent: ${why}.`;
}

/** What the dashboard says where a mail would be expected while mail is off on the project. */
export const MAIL_TEXTS = {
  offTitle: 'E-mail is off on this project',
  /** The Schedule card's introduction while mail is off (instead of "…and sent to you by e-mail"). */
  scheduleIntro:
    'Run this workflow on its own, with your saved API key. Each result is saved as a document; e-mail is off on this project, so results are not mailed.',
  monitoringAlerts:
    'Events are still recorded here, but no alert is mailed to this address until the project’s functions have a mailer (RESEND_API_KEY).',
  /** The invitation link, shown once when it was not mailed. */
  linkLabel: 'Invitation link',
  copy: 'Copy link',
  copied: 'Copied',
  copiedStatus: 'Link copied to the clipboard.',
  copyFailed: 'The link could not be copied: select it and copy it by hand.',
} as const;
