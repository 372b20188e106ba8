import { nextRunAfter, parseSchedule, type WorkflowSchedule } from '@/shared/core/workflows/schedule.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import type { Tables } from '@/shared/data/database.types.ts';
import type { Db } from '../_shared/db.ts';

/** A scheduled workflow, as read with the service role. */
export type DueWorkflow = Pick<Tables<'workflows'>, 'id' | 'user_id' | 'name' | 'definition' | 'schedule' | 'next_run_at'>;

/** A workflow this call runs: its schedule (null when it could not be read: it was paused instead) and the run's date. */
export interface ClaimedWorkflow {
  row: DueWorkflow;
  schedule: WorkflowSchedule | null;
  at: Date;
}

const COLUMNS = 'id, user_id, name, definition, schedule, next_run_at';

/** The earliest due, not paused schedules (at most `limit`). */
export async function dueWorkflows(db: Db, now: Date, limit: number): Promise<DueWorkflow[]> {
  const { data, error } = await db
    .from('workflows')
    .select(COLUMNS)
    .lte('next_run_at', now.toISOString())
    .is('schedule_paused_reason', null)
    .order('next_run_at')
    .order('id')
    .limit(limit);
  if (error) throw new Error(error.message || 'Due workflows could not be read.');
  return data;
}

/** A workflow by id (the one an unfinished scheduled run belongs to), or null when it is gone. */
export async function scheduledWorkflow(db: Db, workflowId: string): Promise<DueWorkflow | null> {
  const { data, error } = await db.from('workflows').select(COLUMNS).eq('id', workflowId).maybeSingle();
  if (error) throw new Error(error.message || 'The workflow could not be read.');
  return data;
}

/**
 * Takes a due workflow for this call: moves its next due time on (or pauses a schedule that cannot
 * be read) only where it still holds the time this call read. Another call that read the same
 * time finds it moved and leaves it, so each due time runs once. null when another call took it.
 */
export async function claimWorkflow(db: Db, row: DueWorkflow, now: Date): Promise<ClaimedWorkflow | null> {
  const parsed = parseSchedule(row.schedule);
  const values = parsed.ok
    ? { next_run_at: nextRunAfter(parsed.value, now).toISOString() }
    : { schedule_paused_reason: SCHEDULE_TEXTS.pausedBadSchedule };
  const { data, error } = await db
    .from('workflows')
    .update(values)
    .eq('id', row.id)
    .eq('next_run_at', row.next_run_at!)
    .is('schedule_paused_reason', null)
    .select('id');
  if (error || data.length !== 1) return null;
  return { row, schedule: parsed.ok ? parsed.value : null, at: now };
}

/** Pauses a schedule with the sentence the owner is told (saving the schedule again resumes it). */
export async function pauseSchedule(db: Db, workflowId: string, reason: string): Promise<void> {
  await db.from('workflows').update({ schedule_paused_reason: reason }).eq('id', workflowId);
}
