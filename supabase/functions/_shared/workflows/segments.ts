import type { ImageProvider } from '@/shared/core/images/imageModels.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { parseWorkflowDefinition, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { leaseSeconds, segmentBudget, wallClockSeconds } from '@/shared/core/workflows/resume.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { missingFields, workflowProblems } from '@/shared/core/workflows/variables.ts';
import type { Db } from '../db.ts';
import { optionalEnv } from '../http.ts';
import { claimRun, deleteRun, insertRun, loadRun, takeGeneration } from './store.ts';

/**
 * Starting and resuming a workflow run: a segment of work takes the run's lease (a new run takes
 * one generation first) and knows when it must stop (its deadline from the platform's wall clock).
 */

export interface RunTarget {
  provider: ProviderId;
  model: string;
  apiKey: string | null;
  customBaseUrl: string | null;
  /** The key an image step draws with: its provider may not be the run's (asked only when such a step runs). */
  pictureKey: (provider: ImageProvider) => Promise<string | null>;
}

export type RunSource =
  | { workflowId: string; templateId?: undefined; name: string; definition: WorkflowDefinition }
  | { templateId: string; workflowId?: undefined; name: string; definition: WorkflowDefinition };

/** When a segment stops starting work (softAt) and cuts what is still going (hardAt), in epoch milliseconds. */
export interface Deadline {
  softAt: number;
  hardAt: number;
}

/** A segment started at `startedAt` on this platform (WORKFLOW_WALL_CLOCK_SECONDS, the free plan's 150 s by default). */
export function segmentDeadline(startedAt: number): Deadline {
  const budget = segmentBudget(wallClockSeconds(optionalEnv('WORKFLOW_WALL_CLOCK_SECONDS')));
  return { softAt: startedAt + budget.softMs, hardAt: startedAt + budget.hardMs };
}

/** The lease a segment takes (WORKFLOW_LEASE_SECONDS, 30 s by default). */
const segmentLeaseSeconds = (): number => leaseSeconds(optionalEnv('WORKFLOW_LEASE_SECONDS'));

/** A run held for a segment. */
export interface Held {
  runId: string;
  lease: string;
  seconds: number;
}

type Refusal = { ok: false; status: number; code: string; message: string };
export type StartResult = ({ ok: true } & Held) | Refusal;

/** Creates the run and its steps, held for its first segment, and takes the month's generation (refused at the limit). */
export async function startRun(
  db: Db,
  input: {
    owner: string;
    source: RunSource;
    trigger: 'dashboard' | 'panel' | 'schedule';
    fieldValues: Record<string, string>;
    target: RunTarget;
  },
): Promise<StartResult> {
  const parsed = parseWorkflowDefinition(input.source.definition);
  if (!parsed.ok) return { ok: false, status: 400, code: 'invalid', message: parsed.error };
  const problem = workflowProblems(parsed.value)[0];
  if (problem) return { ok: false, status: 400, code: 'invalid', message: problem.message };
  const missing = missingFields(parsed.value, input.fieldValues);
  if (missing.length)
    return { ok: false, status: 400, code: 'invalid', message: WORKFLOW_RUN_TEXTS.missingFields(missing.map((f) => f.label)) };
  const lease = crypto.randomUUID();
  const seconds = segmentLeaseSeconds();
  const runId = await insertRun(
    db,
    {
      user_id: input.owner,
      workflow_id: input.source.workflowId ?? null,
      template_id: input.source.templateId ?? null,
      workflow_name: input.source.name.slice(0, 100),
      definition: parsed.value as never,
      provider: input.target.provider,
      model: input.target.model,
      trigger: input.trigger,
      field_values: input.fieldValues,
    },
    parsed.value.steps,
    { id: lease, seconds },
  );
  const taken = await takeGeneration(db, input.owner, runId);
  if (!taken.ok) {
    await deleteRun(db, runId);
    return taken.limit
      ? { ok: false, status: 429, code: 'generation_limit', message: WORKFLOW_RUN_TEXTS.limit }
      : { ok: false, status: 500, code: 'server', message: taken.message };
  }
  return { ok: true, runId, lease, seconds };
}

export type ResumeResult = ({ ok: true } & Held) | Refusal;

/**
 * Takes an existing run up for a segment (a retry, a continue, a resume after it was cut off):
 * refused while another segment holds a live lease on it. A run that gave its generation back
 * (it ended without output) takes one again first; one that holds it is never charged again.
 */
export async function resumeRun(db: Db, input: { runId: string; owner: string; target: RunTarget }): Promise<ResumeResult> {
  const run = await loadRun(db, input.runId, input.owner);
  if (!run) return { ok: false, status: 404, code: 'not_found', message: WORKFLOW_RUN_TEXTS.runNotFound };
  if (!run.counted) {
    const taken = await takeGeneration(db, input.owner, run.id);
    if (!taken.ok)
      return taken.limit
        ? { ok: false, status: 429, code: 'generation_limit', message: WORKFLOW_RUN_TEXTS.limit }
        : { ok: false, status: 500, code: 'server', message: taken.message };
  }
  const lease = crypto.randomUUID();
  const seconds = segmentLeaseSeconds();
  const claimed = await claimRun(db, {
    runId: run.id,
    owner: input.owner,
    lease,
    seconds,
    provider: input.target.provider,
    model: input.target.model,
  });
  if (!claimed) return { ok: false, status: 409, code: 'running', message: WORKFLOW_RUN_TEXTS.running };
  return { ok: true, runId: run.id, lease, seconds };
}
