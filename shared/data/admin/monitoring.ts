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
