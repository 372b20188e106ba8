import { serviceDb } from '../_shared/db.ts';
import { env, fail, json, preflight } from '../_shared/http.ts';
import { sameSecret } from '../_shared/tokens.ts';
import { segmentDeadline } from '../_shared/workflows/segments.ts';
import { interruptedScheduledRuns } from '../_shared/workflows/store.ts';
import { claimWorkflow, dueWorkflows } from './claims.ts';
import { recordScheduledFailure, resumeScheduled, runScheduled, type Ran } from './scheduled.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * POST /functions/v1/run-scheduled-workflows (the service role only: pg_cron through pg_net on
 * hosted Supabase, the local stack's scheduler here): runs the workflows whose schedule is due,
 * then takes up the scheduled runs left unfinished (a call cut off, or out of time: each goes on
 * from where it stopped once its lease expired; a due workflow whose last run is unfinished resumes
 * that run instead of starting another). Each due workflow is claimed before it runs by moving its
 * next due time on, only if nobody moved it first, so two calls at once never run one workflow
 * twice; the rest of a long list waits for the next call (at most RUNS_PER_CALL,
 * and none started once the call's time is nearly spent: WORKFLOW_WALL_CLOCK_SECONDS, the run
 * under way then stops starting steps and is left for the next call).
 * Answers { ran: [{ workflowId, runId, status, resumed? }] }.
 */

const RUNS_PER_CALL = 5;

export default async function handler(req: Request): Promise<Response> {
  const started = Date.now();
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(token, env('SUPABASE_SERVICE_ROLE_KEY'))) return fail('Only the scheduler may run scheduled workflows.', 403);

  const db = serviceDb();
  const deadline = segmentDeadline(started);
  const now = new Date(started);
  const ran: Ran[] = [];
  const timeLeft = () => ran.length < RUNS_PER_CALL && Date.now() < deadline.softAt;
  // One workflow's trouble (the database or mail unreachable mid-run) never stops the others.
  const failed =
    (workflowId: string, owner: string, runId: string | null) =>
    async (error: unknown): Promise<Ran> => {
      console.error(`[run-scheduled-workflows] ${workflowId}`, error);
      await recordScheduledFailure(workflowId, owner, runId, errorMessage(error));
      return { workflowId, runId, status: 'failed' };
    };

  for (const row of await dueWorkflows(db, now, RUNS_PER_CALL)) {
    if (!timeLeft()) break;
    const claimed = await claimWorkflow(db, row, now);
    if (!claimed) continue;
    ran.push(await runScheduled(db, claimed, deadline).catch(failed(row.id, row.user_id, null)));
  }
  for (const left of await interruptedScheduledRuns(db, now, RUNS_PER_CALL)) {
    if (!timeLeft()) break;
    const resumed = await resumeScheduled(db, left, deadline).catch(failed(left.workflowId, left.userId, left.id));
    if (resumed) ran.push(resumed);
  }
  return json({ ran });
}
