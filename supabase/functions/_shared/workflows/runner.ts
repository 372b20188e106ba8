import { LEASE, resumePosition } from '@/shared/core/workflows/resume.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import type { Db } from '../db.ts';
import { runImageStep } from './imageStep.ts';
import { LeaseLost, save, type KnowledgeSearch, type StepContext, type WebSearch } from './stepContext.ts';
import { leasedRun, loadRun, returnGeneration } from './store.ts';
import { runForEachStep, runPromptStep } from './textSteps.ts';
import { type Deadline, type Held, type RunTarget } from './segments.ts';

/**
 * The workflow engine, shared by interactive runs (run-workflow) and scheduled ones
 * (run-scheduled-workflows): each step's prompt is resolved from the run form, the page variables
 * and the earlier outputs, grounded in the knowledge base when the step asks for it, streamed from
 * the provider, and saved as it ends (each for-each item too). An image step draws one picture from
 * its prompt with its own image model, keeps it in the owner's gallery and passes its description on.
 *
 * A run is worked on in segments (shared/core/workflows/resume.ts): a segment holds the run's lease
 * and renews it while it works; it stops starting steps once the function's time is nearly spent and
 * leaves the run unfinished for the next segment. A segment cut off (the function restarted, the
 * platform's time limit) stops renewing: once its lease expired the run is interrupted, and the next
 * segment goes on from the first step not done, never asking the provider again for a saved step or
 * item and never taking a second generation.
 */

export type { KnowledgeSearch, WebSearch } from './stepContext.ts';

export interface RunOutcome {
  /** interrupted: the segment ended with the run unfinished (out of time, or taken over); it goes on in another segment. */
  status: 'done' | 'failed' | 'stopped' | 'interrupted';
  error: string | null;
  /** shared/ai's AiError kind of the failure ('auth': the provider refused the key). */
  errorKind: string | null;
  finalOutput: string;
}

/** Why a segment stopped before the run ended. */
type Cut = 'caller' | 'deadline' | 'lease';

/**
 * One segment of a run held with `held` (from startRun or resumeRun): runs the steps from
 * `fromPosition` (default: the first not done) until the run ends, the caller leaves (`signal`:
 * the run is stopped), or the segment's time is up (`deadline`: the run is left unfinished for the
 * next segment). A run that ends without any step done gives its generation back.
 */
export async function executeRun(input: {
  db: Db;
  held: Held;
  owner: string;
  target: RunTarget;
  searchKnowledge: KnowledgeSearch;
  searchWeb: WebSearch;
  fromPosition?: number;
  signal?: AbortSignal;
  deadline?: Deadline;
  onEvent?: (event: RunEvent) => void;
}): Promise<RunOutcome> {
  const emit = (event: RunEvent) => input.onEvent?.(event);
  const { db } = input;
  const { runId, lease, seconds } = input.held;
  const held = leasedRun(db, runId, lease, seconds);

  // `work` stops what is going; `noNewWork` also stops starting anything (at the soft deadline).
  const work = new AbortController();
  const noNewWork = new AbortController();
  let cut: Cut | null = null;
  const stop = (why: Cut) => {
    cut ??= why;
    work.abort();
    noNewWork.abort();
  };
  const onCallerGone = () => stop('caller');
  if (input.signal?.aborted) stop('caller');
  input.signal?.addEventListener('abort', onCallerGone, { once: true });
  const timers: ReturnType<typeof setTimeout>[] = [];
  if (input.deadline) {
    timers.push(setTimeout(() => noNewWork.abort(), Math.max(0, input.deadline.softAt - Date.now())));
    timers.push(setTimeout(() => stop('deadline'), Math.max(0, input.deadline.hardAt - Date.now())));
  }
  // The heartbeat: a segment that cannot renew its lease before it expires stops (someone else may take the run).
  let renewedAt = Date.now();
  const heartbeat = setInterval(
    () => {
      held.renew().then(
        (kept) => (kept ? (renewedAt = Date.now()) : stop('lease')),
        () => {
          if (Date.now() - renewedAt >= seconds * 1000) stop('lease');
        },
      );
    },
    Math.max(200, seconds * 1000 * LEASE.renewEvery),
  );

  const usageWrites: Promise<unknown>[] = [];
  const end = async (outcome: RunOutcome, anyDone: boolean): Promise<RunOutcome> => {
    // The calls' usage rows are written before the run says it ended (the page then reads them).
    await Promise.allSettled(usageWrites);
    if (cut === 'lease') {
      // Another segment has the run: it is theirs to save and end.
      const taken: RunOutcome = { status: 'interrupted', error: WORKFLOW_RUN_TEXTS.running, errorKind: null, finalOutput: '' };
      emit({ type: 'end', status: taken.status, error: taken.error });
      return taken;
    }
    await held.release(outcome.status, outcome.error);
    if (!anyDone && (outcome.status === 'stopped' || outcome.status === 'failed'))
      await returnGeneration(db, input.owner, runId).catch(() => undefined);
    emit({ type: 'end', status: outcome.status, error: outcome.error });
    return outcome;
  };

  try {
    const run = await loadRun(db, runId, input.owner);
    if (!run) return { status: 'failed', error: WORKFLOW_RUN_TEXTS.runNotFound, errorKind: null, finalOutput: '' };
    if (!run.definition) return end({ status: 'failed', error: run.definitionError, errorKind: null, finalOutput: '' }, false);
    const steps = run.definition.steps;
    const from = resumePosition(run.steps, steps.length, input.fromPosition);
    if (!(await held.restartFrom(from))) stop('lease');
    emit({ type: 'run', runId: run.id, status: 'running', from });

    const outputs: Record<string, string> = {};
    run.steps.slice(0, from).forEach((s) => (outputs[s.name] = s.output));
    const ctx: StepContext = {
      db,
      held,
      owner: input.owner,
      runId,
      usageWrites,
      target: input.target,
      fieldValues: run.fieldValues,
      outputs,
      searchKnowledge: input.searchKnowledge,
      searchWeb: input.searchWeb,
      signal: work.signal,
      noNewWork: noNewWork.signal,
      emit,
    };
    let outcome: RunOutcome = { status: 'done', error: null, errorKind: null, finalOutput: run.steps[steps.length - 1]?.output ?? '' };
    for (let position = from; position < steps.length; position += 1) {
      const step = steps[position]!;
      const stored = run.steps[position] ?? { position, name: step.name, status: 'pending', output: '', items: [], editedAt: null };
      if (cut || noNewWork.signal.aborted) {
        outcome = { status: cut === 'caller' ? 'stopped' : 'interrupted', error: null, errorKind: null, finalOutput: '' };
        break;
      }
      const ended =
        step.kind === 'for_each'
          ? await runForEachStep(ctx, step, position, stored)
          : step.kind === 'image'
            ? await runImageStep(ctx, step, position)
            : await runPromptStep(ctx, step, position);
      const picture = ended.imageId ? { imageId: ended.imageId } : {};
      const web = ended.web ? { webSources: ended.web.sources, webSearchPath: ended.web.path } : {};
      await save(
        ctx,
        held.saveStep(position, { status: ended.status, output: ended.output, error: ended.error, finished: true, ...picture, ...web }),
      );
      emit({
        type: 'step-end',
        position,
        status: ended.status,
        output: ended.output,
        error: ended.error,
        passages: ended.passages,
        ...picture,
        web: ended.web ?? null,
      });
      if (ended.status !== 'done') {
        // A step cut by the segment's end (not by the caller) goes on in the next segment.
        const status = ended.status === 'stopped' && cut !== 'caller' ? 'interrupted' : ended.status;
        outcome = { status, error: ended.error, errorKind: ended.errorKind, finalOutput: '' };
        break;
      }
      outputs[step.name] = ended.output;
      outcome = { status: 'done', error: null, errorKind: null, finalOutput: ended.output };
    }
    return await end(outcome, Object.keys(outputs).length > 0);
  } catch (thrown) {
    if (!(thrown instanceof LeaseLost)) throw thrown;
    stop('lease');
    return end({ status: 'interrupted', error: null, errorKind: null, finalOutput: '' }, true);
  } finally {
    clearInterval(heartbeat);
    timers.forEach(clearTimeout);
    input.signal?.removeEventListener('abort', onCallerGone);
  }
}
