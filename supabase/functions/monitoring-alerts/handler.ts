import { isMonitoringKind, monitoringAlertMail, type AlertEvent } from '@/shared/core/admin/monitoringEvents.ts';
import { env, fail, json, optionalEnv, preflight, rest } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { sameSecret } from '../_shared/tokens.ts';

/**
 * POST /functions/v1/monitoring-alerts (the service role only: pg_cron through pg_net on hosted
 * Supabase every minute, the local stack's scheduler here): e-mails the alert address about the
 * monitoring events not yet alerted, one mail per kind, at most one per kind per hour (the database
 * claims them, so two calls at once never send one twice). A mail that cannot be sent gives its
 * events back for the next call. Answers { sent: [{ kind, count }], failed: [kind] }.
 */

interface ClaimedAlert {
  kind: string;
  recipient: string;
  event_count: number;
  events: (AlertEvent & { id: number })[];
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(token, env('SUPABASE_SERVICE_ROLE_KEY'))) return fail('Only the scheduler may send monitoring alerts.', 403);

  const claimed = await rest('rpc/claim_monitoring_alerts', { method: 'POST', body: '{}' }, 'service');
  if (!claimed.ok) return fail('Could not read the monitoring events.', 500);
  const adminUrl = `${(optionalEnv('SITE_URL') ?? '').replace(/\/+$/, '')}/admin/dashboard`;
  const sent: { kind: string; count: number }[] = [];
  const failed: string[] = [];
  for (const alert of claimed.body as ClaimedAlert[]) {
    if (!isMonitoringKind(alert.kind)) continue;
    const mail = monitoringAlertMail({ kind: alert.kind, count: alert.event_count, events: alert.events, adminUrl });
    if (await sendMail({ to: alert.recipient, ...mail })) {
      sent.push({ kind: alert.kind, count: alert.event_count });
      continue;
    }
    failed.push(alert.kind);
    await rest(
      'rpc/release_monitoring_alert',
      { method: 'POST', body: JSON.stringify({ alert_kind: alert.kind, event_ids: alert.events.map((e) => e.id) }) },
      'service',
    );
  }
  return json({ sent, failed });
}
