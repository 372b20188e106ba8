import { z } from 'zod';
import { isMonitoringKind, monitoringAlertMail } from '@/shared/core/admin/monitoringEvents.ts';
import { serviceDb } from '../_shared/db.ts';
import { env, fail, json, optionalEnv, preflight } from '../_shared/http.ts';
import { deliverMail } from '../_shared/mail.ts';
import { sameSecret } from '../_shared/tokens.ts';

/**
 * POST /functions/v1/monitoring-alerts (the service role only: pg_cron through pg_net on hosted
 * Supabase every minute, the local stack's scheduler here): e-mails the alert address about the
 * monitoring events not yet alerted, one mail per kind, at most one per kind per hour (the database
 * claims them, so two calls at once never send one twice). A mail that cannot be sent gives its
 * events back for the next call, and is recorded as an unsent mail (mail.ts; once per hour).
 * Answers { sent: [{ kind, count }], failed: [kind] }.
 */

/** The events a claimed alert lists (claim_monitoring_alerts builds them as JSON). */
const AlertEvents = z.array(z.object({ id: z.number(), source: z.string(), message: z.string(), at: z.string() }));

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(token, env('SUPABASE_SERVICE_ROLE_KEY'))) return fail('Only the scheduler may send monitoring alerts.', 403);

  const db = serviceDb();
  const claimed = await db.rpc('claim_monitoring_alerts');
  if (claimed.error) return fail('Could not read the monitoring events.', 500);
  const adminUrl = `${(optionalEnv('SITE_URL') ?? '').replace(/\/+$/, '')}/admin/dashboard`;
  const sent: { kind: string; count: number }[] = [];
  const failed: string[] = [];
  for (const alert of claimed.data) {
    const events = AlertEvents.safeParse(alert.events);
    if (!isMonitoringKind(alert.kind) || !events.success) continue;
    const mail = monitoringAlertMail({ kind: alert.kind, count: alert.event_count, events: events.data, adminUrl });
    if ((await deliverMail({ ...mail, to: alert.recipient })) === 'sent') {
      sent.push({ kind: alert.kind, count: alert.event_count });
      continue;
    }
    failed.push(alert.kind);
    await db.rpc('release_monitoring_alert', { alert_kind: alert.kind, event_ids: events.data.map((e) => e.id) });
  }
  return json({ sent, failed });
}
