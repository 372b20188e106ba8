import { passageFrom, type KnowledgePassage, type KnowledgeScope } from '@/shared/core/knowledge/grounding.ts';
import { initialValues } from '@/shared/core/placeholders.ts';
import { PROVIDER_IDS, PROVIDER_KEYS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { workflowEditPath, workflowRunDetailPath, ROUTES } from '@/shared/core/routes.ts';
import { parseWorkflowDefinition, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { MAX_SCHEDULED_ATTEMPTS } from '@/shared/core/workflows/resume.ts';
import { parseSchedule, runDateLabel, scheduleBlocker } from '@/shared/core/workflows/schedule.ts';
import { scheduledRunMail, type ScheduledRunMailInput } from '@/shared/core/workflows/scheduleMail.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { workflowFields } from '@/shared/core/workflows/variables.ts';
import { budgetRefusal } from '../_shared/budgets.ts';
import type { Db } from '../_shared/db.ts';
import { optionalEnv } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { recordEvent } from '../_shared/monitoring.ts';
import { storedBaseUrl, storedProviderKey } from '../_shared/providerKey.ts';
import { executeRun, type RunOutcome } from '../_shared/workflows/runner.ts';
import { resumeRun, startRun, type Deadline, type Held, type RunTarget } from '../_shared/workflows/segments.ts';
import {
  claimRun,
  hasUnfinishedScheduledRun,
  insertRun,
  interruptedScheduledRuns,
  leasedRun,
  updateRun,
  type UnfinishedRun,
} from '../_shared/workflows/store.ts';
import { pauseSchedule, scheduledWorkflow, type ClaimedWorkflow } from './claims.ts';
import { workflowWebSearch } from '../_shared/webSearch.ts';

/** What one scheduled workflow came to (the function's answer lists them). */
export interface Ran {
  workflowId: string;
  runId: string | null;
  /**
   * interrupted: this call's time ran out first, the next call goes on with it; running: the
   * workflow's previous run is still being worked on, so none was started.
   */
  status: 'done' | 'failed' | 'stopped' | 'paused' | 'interrupted' | 'running';
  /** The run was one left unfinished by an earlier call, taken up where it stopped. */
  resumed?: true;
}

/** How many passages go with a step's prompt (as for interactive runs). */
const PASSAGES = 5;

/** The owner's knowledge base only: match_knowledge_as runs the search under the owner's own row-level security. */
async function ownerPassages(db: Db, owner: string, query: string, scope: KnowledgeScope): Promise<KnowledgePassage[] | string> {
  const { data, error } = await db.rpc('match_knowledge_as', {
    owner,
    query,
    selection: scope.kind,
    folder: scope.kind === 'folder' ? scope.folderId : undefined,
    match_count: PASSAGES,
  });
  if (error) return error.message || 'The knowledge base could not be searched.';
  return data.map(passageFrom);
}

const siteUrl = () => (optionalEnv('SITE_URL') ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');
const runLinkOf = (runId: string | null) => (runId ? `${siteUrl()}${workflowRunDetailPath(runId)}` : null);

async function mailOwner(db: Db, owner: string, input: ScheduledRunMailInput): Promise<void> {
  const { data } = await db.auth.admin.getUserById(owner);
  const to = data.user?.email;
  if (to) await sendMail({ to, ...scheduledRunMail(input) });
}

/** A scheduled run that failed or paused its schedule, for the monitoring card. */
export const recordScheduledFailure = (workflowId: string, owner: string | null, runId: string | null, message: string) =>
  recordEvent({
    kind: 'scheduled_run_failed',
    source: 'run-scheduled-workflows',
    message: message.slice(0, 2000),
    detail: { workflowId, runId },
    userId: owner,
  });

/**
 * A run that could not start, kept in the history with its error (not counted: nothing ran):
 * failed, or stopped when the owner's budget stopped it.
 */
async function storeRefusedRun(
  db: Db,
  claimed: ClaimedWorkflow,
  definition: WorkflowDefinition,
  error: string,
  status: 'failed' | 'stopped' = 'failed',
): Promise<string | null> {
  try {
    const runId = await insertRun(
      db,
      {
        user_id: claimed.row.user_id,
        workflow_id: claimed.row.id,
        workflow_name: claimed.row.name.slice(0, 100),
        definition: definition as never,
        // The run's columns need a provider and model; a workflow without them says so.
        provider: definition.provider ?? 'none',
        model: definition.model?.trim() || 'none',
        trigger: 'schedule',
        field_values: {},
      },
      definition.steps,
    );
    await updateRun(db, runId, { status, error: error.slice(0, 2000), finished_at: new Date().toISOString() });
    return runId;
  } catch {
    return null;
  }
}

/** Saves the final output as the owner's document and links it to the run. */
async function saveDocument(db: Db, claimed: ClaimedWorkflow, runId: string, content: string): Promise<string> {
  const name = SCHEDULE_TEXTS.documentName(claimed.row.name, claimed.schedule ? runDateLabel(claimed.schedule, claimed.at) : '').slice(
    0,
    300,
  );
  const { data, error } = await db
    .from('generated_documents')
    .insert({ user_id: claimed.row.user_id, name, content, format: 'md' })
    .select('id')
    .single();
  if (error) throw new Error(error.message || 'The document could not be saved.');
  await updateRun(db, runId, { document_id: data.id });
  return name;
}

/** Pauses the schedule, keeps a run saying why when there is one, and tells the owner. */
async function pause(db: Db, claimed: ClaimedWorkflow, reason: string, runId: string | null): Promise<Ran> {
  const { row } = claimed;
  await pauseSchedule(db, row.id, reason);
  await recordScheduledFailure(row.id, row.user_id, runId, `Schedule paused: ${reason}`);
  // The schedule is changed where the workflow is edited.
  const workflowLink = `${siteUrl()}${workflowEditPath(row.id)}`;
  await mailOwner(db, row.user_id, { kind: 'paused', workflowName: row.name, runLink: runLinkOf(runId), workflowLink, reason });
  return { workflowId: row.id, runId, status: 'paused' };
}

/** The Usage page, where a budget is raised or set to warn only. */
const usageLink = () => `${siteUrl()}/usage`;

/**
 * A run the owner's budget stopped before anything was sent: kept stopped with the budget's
 * sentence, the owner mailed, the schedule left on (the budget starts again next month).
 */
async function stoppedByBudget(db: Db, claimed: ClaimedWorkflow, reason: string, runId: string | null): Promise<Ran> {
  const { row } = claimed;
  await mailOwner(db, row.user_id, { kind: 'budget', workflowName: row.name, runLink: runLinkOf(runId), reason, usageLink: usageLink() });
  return { workflowId: row.id, runId, status: 'stopped' };
}

/** The owner's stored key and base URL for a provider, as the target of a run; null without a key. */
async function ownerTarget(owner: string, provider: ProviderId, model: string): Promise<RunTarget | null> {
  const apiKey = await storedProviderKey(owner, provider, 'service');
  if (!apiKey) return null;
  return {
    provider,
    model,
    apiKey,
    customBaseUrl: provider === 'chatgpt_custom' ? await storedBaseUrl(owner, 'service') : null,
    pictureKey: async (of) => (of === provider ? apiKey : storedProviderKey(owner, of, 'service')),
  };
}

/** One segment of a scheduled run, then what its end means: a document and a mail, a failure mailed, or the schedule paused. */
async function runSegment(
  db: Db,
  claimed: ClaimedWorkflow,
  held: Held,
  target: RunTarget,
  deadline: Deadline,
  resumed: boolean,
): Promise<Ran> {
  const { row } = claimed;
  const owner = row.user_id;
  const runId = held.runId;
  const marked = (ran: Ran): Ran => (resumed ? { ...ran, resumed: true } : ran);
  const outcome: RunOutcome = await executeRun({
    db,
    held,
    owner,
    target,
    searchKnowledge: (query, scope) => ownerPassages(db, owner, query, scope),
    searchWeb: workflowWebSearch(db, owner, runId),
    deadline,
  });
  const runLink = `${siteUrl()}${workflowRunDetailPath(runId)}`;
  if (outcome.status === 'interrupted') return marked({ workflowId: row.id, runId, status: 'interrupted' });
  if (outcome.status === 'done') {
    const documentName = await saveDocument(db, claimed, runId, outcome.finalOutput).catch((thrown: Error) => thrown);
    if (documentName instanceof Error) {
      await mailOwner(db, owner, {
        kind: 'failed',
        workflowName: row.name,
        runLink,
        error: SCHEDULE_TEXTS.documentFailed(documentName.message),
      });
      return marked({ workflowId: row.id, runId, status: 'done' });
    }
    await mailOwner(db, owner, {
      kind: 'done',
      workflowName: row.name,
      runLink,
      documentName,
      documentsLink: `${siteUrl()}${ROUTES.fileManager}`,
      output: outcome.finalOutput,
    });
    return marked({ workflowId: row.id, runId, status: 'done' });
  }
  if (outcome.errorKind === 'auth')
    return marked(await pause(db, claimed, SCHEDULE_TEXTS.pausedBadKey(PROVIDER_KEYS[target.provider].label), runId));
  const error = outcome.error ?? SCHEDULE_TEXTS.runStopped;
  // The budget ran out during the run: its next step was refused before reaching the provider.
  if (outcome.errorKind === 'budget') {
    await updateRun(db, runId, { status: 'stopped' });
    return marked(await stoppedByBudget(db, claimed, error, runId));
  }
  await mailOwner(db, owner, { kind: 'failed', workflowName: row.name, runLink, error });
  if (outcome.status === 'failed') await recordScheduledFailure(row.id, owner, runId, error);
  return marked({ workflowId: row.id, runId, status: outcome.status });
}

/**
 * Takes up a scheduled run left unfinished (its segment was cut off, or ran out of time) where it
 * stopped, with the owner's stored key: what it saved is not asked for again and no second
 * generation is taken. A run cut off MAX_SCHEDULED_ATTEMPTS times is given up as failed; one whose
 * key is gone pauses the schedule. null when there is nothing to do (the workflow is gone, or
 * another call took the run first).
 */
export async function resumeScheduled(db: Db, left: UnfinishedRun, deadline: Deadline): Promise<Ran | null> {
  const row = await scheduledWorkflow(db, left.workflowId);
  if (!row) return null;
  const parsed = parseSchedule(row.schedule);
  const claimed: ClaimedWorkflow = { row, schedule: parsed.ok ? parsed.value : null, at: new Date(left.createdAt) };
  const owner = row.user_id;
  const provider = PROVIDER_IDS.find((p) => p === left.provider);
  const target = provider ? await ownerTarget(owner, provider, left.model) : null;
  const tooOften = left.attempts >= MAX_SCHEDULED_ATTEMPTS;
  if (!target || tooOften) {
    // The run ends here, failed with the reason (taken first, so a run someone else took up is left to them).
    const lease = crypto.randomUUID();
    const taken = await claimRun(db, { runId: left.id, owner, lease, seconds: 60, provider: left.provider, model: left.model });
    if (!taken) return null;
    const reason = tooOften
      ? SCHEDULE_TEXTS.gaveUp(left.attempts)
      : SCHEDULE_TEXTS.pausedNoKey(provider ? PROVIDER_KEYS[provider].label : left.provider);
    await leasedRun(db, left.id, lease, 60).release('failed', reason);
    if (!tooOften) return { ...(await pause(db, claimed, reason, left.id)), resumed: true };
    await mailOwner(db, owner, { kind: 'failed', workflowName: row.name, runLink: runLinkOf(left.id), error: reason });
    await recordScheduledFailure(row.id, owner, left.id, reason);
    return { workflowId: row.id, runId: left.id, status: 'failed', resumed: true };
  }
  const overBudget = await budgetRefusal(db, owner, target.provider);
  if (overBudget) {
    const lease = crypto.randomUUID();
    const taken = await claimRun(db, { runId: left.id, owner, lease, seconds: 60, provider: left.provider, model: left.model });
    if (!taken) return null;
    await leasedRun(db, left.id, lease, 60).release('stopped', overBudget);
    return { ...(await stoppedByBudget(db, claimed, overBudget, left.id)), resumed: true };
  }
  const held = await resumeRun(db, { runId: left.id, owner, target });
  if (!held.ok) return null;
  return runSegment(db, claimed, held, target, deadline, true);
}

/**
 * Runs one claimed workflow as its owner would from the dashboard, with the key synced to their
 * account: a result becomes a document and a mail; a failure stays in the history and is mailed;
 * a workflow that cannot run unattended any more, or a key that is missing or refused, pauses the
 * schedule (saving it again resumes it). A previous run of the workflow left unfinished is resumed
 * instead of starting a new one (or, while it is still being worked on, nothing starts).
 */
export async function runScheduled(db: Db, claimed: ClaimedWorkflow, deadline: Deadline): Promise<Ran> {
  const { row } = claimed;
  const owner = row.user_id;
  if (!claimed.schedule) return pause(db, claimed, SCHEDULE_TEXTS.pausedBadSchedule, null);
  const parsed = parseWorkflowDefinition(row.definition);
  const definition = parsed.ok ? parsed.value : null;
  const blocker = scheduleBlocker(definition);
  if (blocker || !definition?.provider || !definition.model) {
    const reason = SCHEDULE_TEXTS.pausedBlocked(blocker ?? SCHEDULE_TEXTS.noModel);
    return pause(db, claimed, reason, definition ? await storeRefusedRun(db, claimed, definition, reason) : null);
  }
  if (await hasUnfinishedScheduledRun(db, row.id)) {
    const [left] = await interruptedScheduledRuns(db, new Date(), 1, row.id);
    const resumed = left ? await resumeScheduled(db, left, deadline) : null;
    return resumed ?? { workflowId: row.id, runId: null, status: 'running' };
  }
  const provider = definition.provider;
  const target = await ownerTarget(owner, provider, definition.model);
  if (!target) {
    const reason = SCHEDULE_TEXTS.pausedNoKey(PROVIDER_KEYS[provider].label);
    return pause(db, claimed, reason, await storeRefusedRun(db, claimed, definition, reason));
  }
  // Over a budget set to stop: nothing is sent to the provider and no generation is taken.
  const overBudget = await budgetRefusal(db, owner, provider);
  if (overBudget) return stoppedByBudget(db, claimed, overBudget, await storeRefusedRun(db, claimed, definition, overBudget, 'stopped'));
  const started = await startRun(db, {
    owner,
    source: { workflowId: row.id, name: row.name, definition },
    trigger: 'schedule',
    // Nobody fills the form: every field takes its default (a field without one blocks scheduling).
    fieldValues: initialValues(workflowFields(definition)),
    target,
  });
  if (!started.ok) {
    const runId = await storeRefusedRun(db, claimed, definition, started.message);
    await mailOwner(db, owner, { kind: 'failed', workflowName: row.name, runLink: runLinkOf(runId), error: started.message });
    await recordScheduledFailure(row.id, owner, runId, started.message);
    return { workflowId: row.id, runId, status: 'failed' };
  }
  return runSegment(db, claimed, started, target, deadline, false);
}
