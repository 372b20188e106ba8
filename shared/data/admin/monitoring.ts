import type { Tables } from '../database.types.ts';
import type { AppClient } from '../supabase.ts';
import { EMPTY_MONITORING, type MonitoringSettings } from '../../core/admin/monitoring.ts';
import { fail, ok, type DataResult } from '../result.ts';

/** The one monitoring_settings row (master admins only: RLS refuses everyone else). */

type MonitoringRow = Pick<Tables<'monitoring_settings'>, 'alert_email' | 'alert_phone' | 'updated_at'>;

const fromRow = (row: MonitoringRow | null): MonitoringSettings =>
  row ? { alertEmail: row.alert_email, alertPhone: row.alert_phone, updatedAt: row.updated_at } : EMPTY_MONITORING;

export async function getMonitoringSettings(client: AppClient): Promise<DataResult<MonitoringSettings>> {
  const { data, error } = await client.from('monitoring_settings').select('alert_email, alert_phone, updated_at').maybeSingle();
  if (error) return fail(error);
  return ok(fromRow(data));
}

/** Stores the alert contacts (already validated and normalized). */
export async function saveMonitoringSettings(
  client: AppClient,
  settings: Pick<MonitoringSettings, 'alertEmail' | 'alertPhone'>,
): Promise<DataResult<MonitoringSettings>> {
  const { data, error } = await client
    .from('monitoring_settings')
    .upsert({ id: true, alert_email: settings.alertEmail, alert_phone: settings.alertPhone }, { onConflict: 'id' })
    .select('alert_email, alert_phone, updated_at')
    .single();
  if (error) return fail(error);
  return ok(fromRow(data));
}

export interface MonitoringEventRow {
  id: number;
  kind: string;
  source: string;
  message: string;
  createdAt: string;
  alerted: boolean;
}

export interface MonitoringCount {
  kind: string;
  lastDay: number;
  lastWeek: number;
  lastAt: string | null;
}

/** The newest operational events and the counts per kind (master admins only: RLS refuses everyone else). */
export async function getMonitoringActivity(
  client: AppClient,
  limit = 20,
): Promise<DataResult<{ events: MonitoringEventRow[]; counts: MonitoringCount[] }>> {
  const [events, counts] = await Promise.all([
    client
      .from('monitoring_events')
      .select('id, kind, source, message, created_at, alerted_at')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit),
    client.rpc('monitoring_event_counts'),
  ]);
  if (events.error) return fail(events.error);
  if (counts.error) return fail(counts.error);
  return ok({
    events: events.data.map((e) => ({
      id: e.id,
      kind: e.kind,
      source: e.source,
      message: e.message,
      createdAt: e.created_at,
      alerted: e.alerted_at !== null,
    })),
    counts: counts.data.map((c) => ({ kind: c.kind, lastDay: c.last_day, lastWeek: c.last_week, lastAt: c.last_at })),
  });
}
