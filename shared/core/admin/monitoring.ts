/**
 * Monitoring alert contacts (the master admins' monitoring card; the original kept
 * them in the browser as monitoringEmail / monitoringPhone). Stored in monitoring_settings; pure rules here.
 */
import { isSimpleEmail } from '../auth.ts';
import { isValidPhone, normalizePhone, USER_FIELD_MESSAGES } from './users.ts';

export interface MonitoringSettings {
  alertEmail: string;
  alertPhone: string;
  updatedAt: string | null;
}

export const EMPTY_MONITORING: MonitoringSettings = { alertEmail: '', alertPhone: '', updatedAt: null };

/** Either may be left blank (no alerts that way); a given one must be well formed. */
export function validateMonitoring(input: Pick<MonitoringSettings, 'alertEmail' | 'alertPhone'>): {
  alertEmail?: string;
  alertPhone?: string;
} {
  const errors: { alertEmail?: string; alertPhone?: string } = {};
  if (input.alertEmail.trim() && !isSimpleEmail(input.alertEmail)) errors.alertEmail = USER_FIELD_MESSAGES.email;
  if (input.alertPhone.trim() && !isValidPhone(input.alertPhone)) errors.alertPhone = USER_FIELD_MESSAGES.phone;
  return errors;
}

export const normalizeMonitoring = (input: Pick<MonitoringSettings, 'alertEmail' | 'alertPhone'>) => ({
  alertEmail: input.alertEmail.trim().toLowerCase(),
  alertPhone: normalizePhone(input.alertPhone.trim()),
});

/** The card's honest note: what is sent where. */
export const MONITORING_NOTE =
  'Alerts go by e-mail to the alert address: at most one per kind of problem each hour, listing what happened since the last one.';

/** No text-message service is configured in this product: the number is kept for people to call. */
export const MONITORING_PHONE_HELP = 'Stored for contact only: alerts are not sent by text message.';
