import { tzOffset } from '@date-fns/tz';
import { z } from 'zod';
import type { WorkflowDefinition } from './definition.ts';
import { SCHEDULE_TEXTS, WEEKDAY_NAMES } from './scheduleTexts.ts';
import { workflowFields, workflowPageVariables, workflowProblems } from './variables.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * When a scheduled workflow runs: every hour at a minute, every day at a time, or every week on a
 * day at a time — on the wall clock of the schedule's time zone, so 09:00 stays 09:00 across
 * daylight-saving changes. A wall-clock time that a change skips (02:30 on a spring-forward night)
 * runs once, at the first instant after the gap; one that happens twice (02:30 on a fall-back
 * night) runs once, at the first. Pure.
 */

/** A time zone the runtime knows by its IANA name (offsets such as "+02:00" are refused: they ignore daylight saving). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const workflowScheduleSchema = z
  .object({
    frequency: z.enum(['hourly', 'daily', 'weekly'], SCHEDULE_TEXTS.badFrequency),
    time: z.string(SCHEDULE_TEXTS.badTime).regex(TIME, SCHEDULE_TEXTS.badTime),
    weekday: z.number().int().min(0).max(6).nullable(),
    timeZone: z.string(SCHEDULE_TEXTS.badTimeZone).refine(isTimeZone, SCHEDULE_TEXTS.badTimeZone),
  })
  .refine((s) => s.frequency !== 'weekly' || s.weekday !== null, { message: SCHEDULE_TEXTS.weekdayRequired, path: ['weekday'] })
  // Only a weekly schedule has a day: stored as null otherwise, so equal schedules read equal.
  .transform((s) => ({ ...s, weekday: s.frequency === 'weekly' ? s.weekday : null }));

export type WorkflowSchedule = z.output<typeof workflowScheduleSchema>;

/** Reads a submitted or stored schedule; the first problem as a sentence otherwise. */
export function parseSchedule(raw: unknown): Check<WorkflowSchedule> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return refused(SCHEDULE_TEXTS.badSchedule);
  const parsed = workflowScheduleSchema.safeParse(raw);
  return parsed.success ? passed(parsed.data) : refused(parsed.error.issues[0]?.message ?? SCHEDULE_TEXTS.badSchedule);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const offsetAt = (timeZone: string, instant: number): number => tzOffset(timeZone, new Date(instant)) * MINUTE;

/**
 * The instant a wall-clock time happens in the zone. `wall` is the local time written as if it
 * were UTC (Date.UTC of its fields). Twice → the first; never (a gap) → the end of the gap.
 */
function instantOf(wall: number, timeZone: string): number {
  // The offsets in force shortly before and after: a zone changes at most once within a day.
  const before = offsetAt(timeZone, wall - DAY);
  const after = offsetAt(timeZone, wall + DAY);
  const valid = [wall - before, wall - after].filter((t) => offsetAt(timeZone, t) === wall - t);
  if (valid.length) return Math.min(...valid);
  // In the gap: find the change (offsets change on whole minutes) between the day before and after.
  let low = wall - DAY - before;
  let high = wall + DAY - after;
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (offsetAt(timeZone, middle) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** The next time the schedule runs, strictly after `after`. */
export function nextRunAfter(schedule: WorkflowSchedule, after: Date): Date {
  const [, hh, mm] = TIME.exec(schedule.time) ?? [];
  const hour = Number(hh ?? 0);
  const minute = Number(mm ?? 0);
  const from = after.getTime();
  // `after` on the zone's wall clock, its fields read with getUTC*.
  const local = new Date(from + offsetAt(schedule.timeZone, from));
  const [y, mo, d, h] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), local.getUTCHours()];
  // Candidate wall-clock slots in order, from a little before `after` (an offset change can move
  // the first one either side of it); Date.UTC rolls hours and days over.
  const slots: number[] = [];
  if (schedule.frequency === 'hourly') {
    for (let i = -2; i <= 50; i += 1) slots.push(Date.UTC(y, mo, d, h + i, minute));
  } else {
    for (let i = -1; i <= 9; i += 1) {
      const day = Date.UTC(y, mo, d + i, hour, minute);
      if (schedule.frequency === 'daily' || new Date(day).getUTCDay() === schedule.weekday) slots.push(day);
    }
  }
  for (const wall of slots) {
    const instant = instantOf(wall, schedule.timeZone);
    if (instant > from) return new Date(instant);
  }
  // Unreachable for a valid schedule: every slot list spans more than a period.
  throw new Error(`No run found after ${after.toISOString()} for ${describeSchedule(schedule)}`);
}

/** "Every Monday at 09:00 (Europe/Paris)", "Every day at 18:30 (America/New_York)", "Every hour at 15 minutes past (UTC)". */
export function describeSchedule(schedule: WorkflowSchedule): string {
  const zone = schedule.timeZone;
  if (schedule.frequency === 'hourly') return SCHEDULE_TEXTS.everyHour(schedule.time.slice(3), zone);
  if (schedule.frequency === 'daily') return SCHEDULE_TEXTS.everyDay(schedule.time, zone);
  return SCHEDULE_TEXTS.everyWeek(WEEKDAY_NAMES[schedule.weekday ?? 0] ?? WEEKDAY_NAMES[0], schedule.time, zone);
}

/**
 * Why a workflow cannot be scheduled, or null: nobody is there when it runs, so it may not read a
 * page or ask for a field without a default, and it must be able to run as saved.
 */
export function scheduleBlocker(definition: WorkflowDefinition | null): string | null {
  if (!definition) return SCHEDULE_TEXTS.unreadableWorkflow;
  const pageVariables = workflowPageVariables(definition);
  if (pageVariables.length) return SCHEDULE_TEXTS.usesPageVariables(pageVariables);
  const problems = workflowProblems(definition);
  if (problems[0]) return SCHEDULE_TEXTS.hasProblems(problems[0].message);
  const required = workflowFields(definition).filter((f) => f.required);
  if (required.length) return SCHEDULE_TEXTS.requiredFields(required.map((f) => f.label));
  if (!definition.provider || !definition.model) return SCHEDULE_TEXTS.noModel;
  return null;
}

/** When a scheduled run ran, on the schedule's clock, for its document's name: "2026-11-30" (hourly: "2026-11-30 14:15"). */
export function runDateLabel(schedule: WorkflowSchedule, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: schedule.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return schedule.frequency === 'hourly' ? `${date} ${part('hour')}:${part('minute')}` : date;
}
