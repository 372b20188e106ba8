/**
 * Whether scheduled workflows run on this project (public.workflow_schedules_status(), migration
 * 20261202004200), and the one sentence the Schedule card shows when they do not. Pure.
 */

const SCHEDULES_OFF = ['no_extensions', 'no_job', 'no_secrets', 'local_off'] as const;
type SchedulesOff = (typeof SCHEDULES_OFF)[number];

/** 'unknown': the database could not tell (the card then offers schedules as before). */
export type SchedulesStatus = 'on' | 'unknown' | SchedulesOff;

export const schedulesStatusOf = (value: unknown): SchedulesStatus =>
  value === 'on' || (SCHEDULES_OFF as readonly unknown[]).includes(value) ? (value as SchedulesStatus) : 'unknown';

export const isSchedulesOff = (status: SchedulesStatus): status is SchedulesOff => status !== 'on' && status !== 'unknown';

export const SCHEDULES_OFF_TITLE = 'Schedules are off on this project';

/** Why, in one sentence each. */
export const SCHEDULES_OFF_REASONS: Record<SchedulesOff, string> = {
  no_extensions:
    'Its database lacks the pg_cron and pg_net extensions that start scheduled runs, so a schedule saved here would never run.',
  no_job: 'Its database has pg_cron and pg_net but no job that starts scheduled runs, so a schedule saved here would never run.',
  no_secrets:
    'The job that starts scheduled runs has no project URL and service role key in Vault to call them with, so a schedule saved here would never run.',
  local_off: 'This local stack was started without its scheduler (LOCAL_SCHEDULER_INTERVAL_MS=0), so a schedule saved here would not run.',
};

/** Under the reason when the workflow already has a schedule: it stays stored, and can be removed. */
export const SCHEDULES_OFF_STORED = 'Its schedule is kept but does not run; you can remove it.';
