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

/** The card's honest note: what this build does with the contacts. */
export const MONITORING_NOTE =
  'Stored for server alerts. Sending alert e-mails and text messages is not part of this build yet: nothing is sent to these contacts.';
