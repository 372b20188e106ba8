/**
 * The local stack's stand-in for pg_cron + pg_net on hosted Supabase: every `intervalMs` it calls
 * the run-scheduled-workflows Edge Function with the service role key, as the cron job does there.
 * A tick that runs longer than the interval delays the next one (ticks never overlap); stop()
 * cancels the wait and the call under way, and resolves once nothing is left running.
 */

import type { Queryable } from './db/types.ts';

/**
 * Tells the database whether this stack runs the scheduler (on hosted Supabase, pg_cron's job says
 * it): public.workflow_schedules_status() reads the declaration, and the workflow page says
 * schedules are off when they are. A database without that migration is left as it is.
 */
export async function declareLocalScheduler(db: Queryable, running: boolean): Promise<void> {
  await db.exec(`do $$ begin
    if to_regprocedure('private.declare_local_scheduler(boolean)') is not null then
      perform private.declare_local_scheduler(${running ? 'true' : 'false'});
    end if;
  end $$`);
}

export interface SchedulerOptions {
  /** The function's URL, e.g. http://127.0.0.1:54321/functions/v1/run-scheduled-workflows. */
  url: string;
  serviceRoleKey: string;
  intervalMs: number;
  /** Where problems and runs are reported (console by default). */
  log?: (message: string) => void;
}

export interface Scheduler {
  /** How many calls were made so far. */
  readonly ticks: number;
  stop(): Promise<void>;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const log = options.log ?? ((message: string) => console.log(message));
  const functionName = new URL(options.url).pathname.split('/').pop() ?? options.url;
  let ticks = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let inFlight: AbortController | undefined;
  // The last problem told, so a function that keeps failing is reported once, not every minute.
  let lastProblem: string | null = null;

  async function tick(): Promise<void> {
    ticks += 1;
    inFlight = new AbortController();
    try {
      const res = await fetch(options.url, {
        method: 'POST',
        headers: {
          apikey: options.serviceRoleKey,
          authorization: `Bearer ${options.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: '{}',
        signal: inFlight.signal,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
      lastProblem = null;
      const ran = (JSON.parse(text || '{}') as { ran?: unknown[] }).ran ?? [];
      if (ran.length) log(`[scheduler] ran ${ran.length} scheduled workflow${ran.length === 1 ? '' : 's'}`);
    } catch (error) {
      if (stopped) return;
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== lastProblem) log(`[scheduler] ${functionName} failed: ${problem}`);
      lastProblem = problem;
    } finally {
      inFlight = undefined;
    }
  }

  function plan(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = Date.now();
      running = tick().finally(() => {
        running = undefined;
        plan(Math.max(0, options.intervalMs - (Date.now() - started)));
      });
    }, delay);
  }

  plan(options.intervalMs);

  return {
    get ticks() {
      return ticks;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      await running;
    },
  };
}
