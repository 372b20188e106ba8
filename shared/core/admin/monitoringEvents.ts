import { escapeHtml } from '../text.ts';

/**
 * What is monitored (public.monitoring_events), how the monitoring card names it, and the alert
 * e-mail sent to the configured address (at most one per kind per hour). Pure.
 */

export const MONITORING_KINDS = [
  'stripe_webhook_failed',
  'function_error',
  'scheduled_run_failed',
  'sign_in_lockout',
  'quota_exhausted',
  'client_error',
  'mail_unsent',
] as const;
export type MonitoringKind = (typeof MONITORING_KINDS)[number];

export const MONITORING_KIND_LABELS: Record<MonitoringKind, string> = {
  stripe_webhook_failed: 'Stripe webhooks failed or unverifiable',
  function_error: 'Edge Function errors',
  scheduled_run_failed: 'Scheduled runs failed',
  sign_in_lockout: 'Sign-in lockouts',
  quota_exhausted: 'Generation quotas exhausted',
  client_error: 'Page errors (dashboard, side panel, popup)',
  mail_unsent: 'Mails not sent (no mailer, or refused)',
};

export const isMonitoringKind = (value: string): value is MonitoringKind => (MONITORING_KINDS as readonly string[]).includes(value);

export interface AlertEvent {
  source: string;
  message: string;
  /** ISO time. */
  at: string;
}

/** How many events an alert lists; the count says how many there were in all. */
export const ALERT_LISTED_EVENTS = 10;

export function monitoringAlertMail(input: { kind: MonitoringKind; count: number; events: readonly AlertEvent[]; adminUrl: string }) {
  const label = MONITORING_KIND_LABELS[input.kind];
  const subject = `AI Vault alert: ${label} (${input.count})`;
  const listed = input.events.slice(0, ALERT_LISTED_EVENTS);
  const more = input.count - listed.length;
  const line = (e: AlertEvent) => `${e.at} · ${e.source || 'unknown'} · ${e.message}`;
  const intro = `${input.count} new ${input.count === 1 ? 'event' : 'events'}: ${label}. At most one alert per kind is sent each hour; later events wait for the next.`;
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; max-width: 640px; margin: 0 auto; padding: 24px">
<h2 style="margin-top: 0">AI Vault monitoring</h2>
<p>${escapeHtml(intro)}</p>
<ul>${listed.map((e) => `<li>${escapeHtml(line(e))}</li>`).join('')}</ul>
${more > 0 ? `<p>…and ${more} more.</p>` : ''}
<p><a href="${escapeHtml(input.adminUrl)}">Open the monitoring card</a></p>
</body></html>`;
  const text = `AI Vault monitoring\n\n${intro}\n\n${listed.map((e) => `- ${line(e)}`).join('\n')}\n${more > 0 ? `…and ${more} more.\n` : ''}\nOpen the monitoring card: ${input.adminUrl}\n`;
  return { kind: 'monitoring_alert' as const, subject, html, text };
}
