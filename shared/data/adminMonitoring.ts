import type { SupabaseClient } from '@supabase/supabase-js';
import { EMPTY_MONITORING, type MonitoringSettings } from '../core/adminMonitoring.ts';
import { fail, ok, type DataResult } from './result.ts';

/** The one monitoring_settings row (master admins only: RLS refuses everyone else). */

interface MonitoringRow {
  alert_email: string;
  alert_phone: string;
  updated_at: string;
}

const fromRow = (row: MonitoringRow | null): MonitoringSettings =>
  row ? { alertEmail: row.alert_email, alertPhone: row.alert_phone, updatedAt: row.updated_at } : EMPTY_MONITORING;

export async function getMonitoringSettings(client: SupabaseClient): Promise<DataResult<MonitoringSettings>> {
  const { data, error } = await client.from('monitoring_settings').select('alert_email, alert_phone, updated_at').maybeSingle();
  if (error) return fail(error);
  return ok(fromRow(data as MonitoringRow | null));
}

/** Stores the alert contacts (already validated and normalized). */
export async function saveMonitoringSettings(
  client: SupabaseClient,
  settings: Pick<MonitoringSettings, 'alertEmail' | 'alertPhone'>,
): Promise<DataResult<MonitoringSettings>> {
  const { data, error } = await client
    .from('monitoring_settings')
    .upsert({ id: true, alert_email: settings.alertEmail, alert_phone: settings.alertPhone }, { onConflict: 'id' })
    .select('alert_email, alert_phone, updated_at')
    .single();
  if (error) return fail(error);
  return ok(fromRow(data as MonitoringRow));
}
