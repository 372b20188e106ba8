import type { RunItem } from './runEvents.ts';

/**
 * How a workflow run survives the limits of the server it runs on (pure; the Edge Functions, the
 * dashboard and the side panel share it). A hosted Edge Function lives a few minutes at most (150 s
 * of wall clock on Supabase's free plan, 400 s on paid ones) and can be restarted at any moment, so
 * a long run goes in segments:
 *
 * - a segment holds the run's lease (renewed by a heartbeat) while it works; a run not finished
 *   whose lease expired, or was given up at a segment's end, is interrupted (`runPhase`);
 * - a segment stops starting work once its time is nearly spent (`segmentBudget`) and gives the run
 *   up unfinished, so the next segment (the dashboard at once, the scheduler at its next call) goes
 *   on from where it stopped instead of being cut off mid-step;
 * - a segment goes on from the first step not done (`resumePosition`), and a for-each step from its
 *   items not done (`keptItems`): what was saved is never asked of the provider again.
 */

/** A run as its owner sees it: `interrupted` is a run not finished that nobody works on. */
export type RunPhase = 'running' | 'interrupted' | 'done' | 'failed' | 'stopped';

/** How long a segment's lease lasts without a heartbeat, and how often the heartbeat renews it. */
export const LEASE = { seconds: 30, renewEvery: 1 / 3 } as const;

/** The scheduler gives up on a scheduled run after this many segments (each one cut off or out of time). */
export const MAX_SCHEDULED_ATTEMPTS = 8;

/** A dashboard or side panel run goes on by itself after this many segments at most. */
export const MAX_AUTO_SEGMENTS = 50;

interface LeasedRun {
  status: string;
  leaseExpiresAt: string | null;
}

export function runPhase(run: LeasedRun, now: number): RunPhase {
  switch (run.status) {
    case 'done':
    case 'failed':
    case 'stopped':
      return run.status;
    default:
      return run.leaseExpiresAt !== null && Date.parse(run.leaseExpiresAt) > now ? 'running' : 'interrupted';
  }
}

/** Milliseconds until a running run's lease expires (when to look again whether it was cut off); null otherwise. */
export function leaseLeftMs(run: LeasedRun, now: number): number | null {
  if (runPhase(run, now) !== 'running' || run.leaseExpiresAt === null) return null;
  return Date.parse(run.leaseExpiresAt) - now;
}

/** The lease time a setting asks for (WORKFLOW_LEASE_SECONDS), within sane bounds; the default otherwise. */
export function leaseSeconds(setting: string | undefined): number {
  const value = Number(setting);
  return Number.isFinite(value) && value >= 1 ? Math.min(Math.round(value), 600) : LEASE.seconds;
}

/** A step as stored, for deciding where a run goes on from. */
interface StepState {
  status: string;
  editedAt: string | null;
}

/** A step a run goes on after: done, or stopped with an output the owner kept by editing it. */
export const settledStep = (step: StepState): boolean => step.status === 'done' || (step.status === 'stopped' && step.editedAt !== null);

/**
 * Where a segment starts: the position asked for (a retry, or going on after an edited output),
 * else the first step not settled; `total` when every step is.
 */
export function resumePosition(steps: readonly StepState[], total: number, requested?: number): number {
  const firstOpen = steps.findIndex((s) => !settledStep(s));
  const from = requested ?? (firstOpen < 0 ? Math.min(steps.length, total) : firstOpen);
  return Math.max(0, Math.min(from, total));
}

/**
 * The items of a for-each step a segment keeps: those done with the same input at the same index.
 * The others (failed, stopped, never reached, or from an earlier output that changed) run again.
 */
export function keptItems(inputs: readonly string[], stored: readonly RunItem[]): (RunItem | null)[] {
  // Items saved before runs were resumable have no index: their place in the list is theirs.
  const byIndex = new Map<number, RunItem>();
  stored.forEach((item, i) => byIndex.set(item.index ?? i, item));
  return inputs.map((input, index) => {
    const old = byIndex.get(index);
    return old && old.status === 'done' && old.input === input
      ? { index, input: old.input, output: old.output, status: old.status, error: old.error }
      : null;
  });
}

/**
 * What one segment may spend, from the server's wall-clock limit (WORKFLOW_WALL_CLOCK_SECONDS:
 * 150 on the free plan, 400 on paid ones): after `softMs` no step or item starts; at `hardMs` the
 * calls still going are cut, and what they wrote is kept, before the platform cuts the function.
 */
export function segmentBudget(wallClockSeconds: number): { softMs: number; hardMs: number } {
  const limit = Math.max(1, wallClockSeconds) * 1000;
  // A minute before the limit for a call started last (a long answer), 10 s to save and answer.
  if (limit >= 120_000) return { softMs: limit - 60_000, hardMs: limit - 10_000 };
  return { softMs: Math.round(limit * 0.5), hardMs: Math.round(limit * 0.9) };
}

/** The wall-clock limit a setting names, or the free plan's. */
export function wallClockSeconds(setting: string | undefined): number {
  const value = Number(setting);
  return Number.isFinite(value) && value > 0 ? value : 150;
}

/**
 * Whether a client goes on by itself after a segment ended unfinished: only when that segment
 * finished something (a segment that could not finish a single step would only repeat itself) and
 * not beyond MAX_AUTO_SEGMENTS.
 */
export const autoResume = (segments: number, progressed: boolean): boolean => progressed && segments < MAX_AUTO_SEGMENTS;
