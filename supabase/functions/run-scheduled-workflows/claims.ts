import { nextRunAfter, parseSchedule, type WorkflowSchedule } from '@/shared/core/workflows/schedule.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { rest } from '../_shared/http.ts';

/** A workflow whose schedule is due, as read with the service role. */
export interface DueWorkflow {
  id: string;
  user_id: string;
  name: string;
  definition: unknown;
  schedule: unknown;
  next_run_at: string;
}

/** A workflow this call took: its schedule (null when it could not be read: it was paused instead). */
export interface ClaimedWorkflow {
  row: DueWorkflow;
  schedule: WorkflowSchedule | null;
  at: Date;
}

const enc = encodeURIComponent;

/** The earliest due, not paused schedules (at most `limit`). */
export async function dueWorkflows(now: Date, limit: number): Promise<DueWorkflow[]> {
  const answer = await rest(
    `workflows?select=id,user_id,name,definition,schedule,next_run_at&next_run_at=lte.${enc(now.toISOString())}` +
      `&schedule_paused_reason=is.null&order=next_run_at.asc,id.asc&limit=${limit}`,
    { method: 'GET' },
    'service',
  );
  if (!answer.ok) throw new Error((answer.body as { message?: string } | null)?.message ?? 'Due workflows could not be read.');
  return answer.body as DueWorkflow[];
}

/**
 * Takes a due workflow for this call: moves its next due time on (or pauses a schedule that cannot
 * be read) only where it still holds the time this call read. Another call that read the same
 * time finds it moved and leaves it, so each due time runs once. null when another call took it.
 */
export async function claimWorkflow(row: DueWorkflow, now: Date): Promise<ClaimedWorkflow | null> {
  const parsed = parseSchedule(row.schedule);
  const values = parsed.ok
    ? { next_run_at: nextRunAfter(parsed.schedule, now).toISOString() }
    : { schedule_paused_reason: SCHEDULE_TEXTS.pausedBadSchedule };
  const answer = await rest(
    `workflows?id=eq.${row.id}&next_run_at=eq.${enc(row.next_run_at)}&schedule_paused_reason=is.null&select=id`,
    { method: 'PATCH', body: JSON.stringify(values), headers: { prefer: 'return=representation' } },
    'service',
  );
  if (!answer.ok || (answer.body as unknown[]).length !== 1) return null;
  return { row, schedule: parsed.ok ? parsed.schedule : null, at: now };
}

/** Pauses a schedule with the sentence the owner is told (saving the schedule again resumes it). */
export async function pauseSchedule(workflowId: string, reason: string): Promise<void> {
  await rest(
    `workflows?id=eq.${workflowId}`,
    { method: 'PATCH', body: JSON.stringify({ schedule_paused_reason: reason }), headers: { prefer: 'return=minimal' } },
    'service',
  );
}
