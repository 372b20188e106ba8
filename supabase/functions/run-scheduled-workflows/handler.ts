import { env, fail, json, preflight } from '../_shared/http.ts';
import { sameSecret } from '../_shared/tokens.ts';
import { claimWorkflow, dueWorkflows } from './claims.ts';
import { recordScheduledFailure, runScheduled, type Ran } from './scheduled.ts';

/**
 * POST /functions/v1/run-scheduled-workflows (the service role only: pg_cron through pg_net on
 * hosted Supabase, the local stack's scheduler here): runs the workflows whose schedule is due.
 * Each is claimed before it runs by moving its next due time on, only if nobody moved it first,
 * so two calls at once never run one workflow twice; the rest of a long list waits for the next
 * call (at most RUNS_PER_CALL, and none started after CALL_BUDGET_MS, within a function's time).
 * Answers { ran: [{ workflowId, runId, status }] }.
 */

const RUNS_PER_CALL = 5;
const CALL_BUDGET_MS = 240_000;

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const token = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(token, env('SUPABASE_SERVICE_ROLE_KEY'))) return fail('Only the scheduler may run scheduled workflows.', 403);

  const started = Date.now();
  const now = new Date(started);
  const ran: Ran[] = [];
  for (const row of await dueWorkflows(now, RUNS_PER_CALL)) {
    if (Date.now() - started > CALL_BUDGET_MS) break;
    const claimed = await claimWorkflow(row, now);
    if (!claimed) continue;
    // One workflow's trouble (the database or mail unreachable mid-run) never stops the others.
    ran.push(
      await runScheduled(claimed).catch(async (error: unknown): Promise<Ran> => {
        console.error(`[run-scheduled-workflows] ${row.id}`, error);
        await recordScheduledFailure(row.id, row.user_id, null, error instanceof Error ? error.message : String(error));
        return { workflowId: row.id, runId: null, status: 'failed' };
      }),
    );
  }
  return json({ ran });
}
