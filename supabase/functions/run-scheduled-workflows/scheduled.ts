import { passageFrom, type KnowledgePassage, type KnowledgeScope, type MatchedRow } from '@/shared/core/knowledge/grounding.ts';
import { initialValues } from '@/shared/core/placeholders.ts';
import { PROVIDER_KEYS } from '@/shared/core/providerKeys.ts';
import { workflowEditPath, workflowRunDetailPath, ROUTES } from '@/shared/core/routes.ts';
import { parseWorkflowDefinition, type WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { runDateLabel, scheduleBlocker } from '@/shared/core/workflows/schedule.ts';
import { scheduledRunMail, type ScheduledRunMailInput } from '@/shared/core/workflows/scheduleMail.ts';
import { SCHEDULE_TEXTS } from '@/shared/core/workflows/scheduleTexts.ts';
import { workflowFields } from '@/shared/core/workflows/variables.ts';
import { authAdmin, optionalEnv, rest } from '../_shared/http.ts';
import { sendMail } from '../_shared/mail.ts';
import { recordEvent } from '../_shared/monitoring.ts';
import { storedBaseUrl, storedProviderKey } from '../_shared/providerKey.ts';
import { executeRun, startRun, type RunTarget } from '../_shared/workflows/runner.ts';
import { insertRun, updateRun } from '../_shared/workflows/store.ts';
import { pauseSchedule, type ClaimedWorkflow } from './claims.ts';

/** What one scheduled workflow came to (the function's answer lists them). */
export interface Ran {
  workflowId: string;
  runId: string | null;
  status: 'done' | 'failed' | 'stopped' | 'paused';
}

/** How many passages go with a step's prompt (as for interactive runs). */
const PASSAGES = 5;

/** The owner's knowledge base only: match_knowledge_as runs the search under the owner's own row-level security. */
async function ownerPassages(owner: string, query: string, scope: KnowledgeScope): Promise<KnowledgePassage[] | string> {
  const answer = await rest(
    'rpc/match_knowledge_as',
    {
      method: 'POST',
      body: JSON.stringify({
        owner,
        query,
        selection: scope.kind,
        folder: scope.kind === 'folder' ? scope.folderId : null,
        match_count: PASSAGES,
      }),
    },
    'service',
  );
  if (!answer.ok) return (answer.body as { message?: string } | null)?.message ?? 'The knowledge base could not be searched.';
  return (answer.body as MatchedRow[]).map(passageFrom);
}

const siteUrl = () => (optionalEnv('SITE_URL') ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');

async function ownerEmail(owner: string): Promise<string | null> {
  const res = await authAdmin(`users/${owner}`).catch(() => null);
  if (!res?.ok) return null;
  const user = (await res.json()) as { email?: string | null };
  return user.email || null;
}

async function mailOwner(owner: string, input: ScheduledRunMailInput): Promise<void> {
  const to = await ownerEmail(owner);
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

/** A run that could not start, kept in the history with its error (not counted: nothing ran). */
async function storeRefusedRun(claimed: ClaimedWorkflow, definition: WorkflowDefinition, error: string): Promise<string | null> {
  try {
    const runId = await insertRun(
      {
        user_id: claimed.row.user_id,
        workflow_id: claimed.row.id,
        workflow_name: claimed.row.name.slice(0, 100),
        definition,
        // The run's columns need a provider and model; a workflow without them says so.
        provider: definition.provider ?? 'none',
        model: definition.model?.trim() || 'none',
        trigger: 'schedule',
        field_values: {},
      },
      definition.steps,
    );
    await updateRun(runId, { status: 'failed', error: error.slice(0, 2000), finished_at: new Date().toISOString() });
    return runId;
  } catch {
    return null;
  }
}

/** Saves the final output as the owner's document and links it to the run. */
async function saveDocument(claimed: ClaimedWorkflow, runId: string, content: string): Promise<string> {
  const name = SCHEDULE_TEXTS.documentName(claimed.row.name, claimed.schedule ? runDateLabel(claimed.schedule, claimed.at) : '').slice(
    0,
    300,
  );
  const answer = await rest(
    'generated_documents?select=id',
    {
      method: 'POST',
      body: JSON.stringify({ user_id: claimed.row.user_id, name, content, format: 'md' }),
      headers: { prefer: 'return=representation' },
    },
    'service',
  );
  if (!answer.ok) throw new Error((answer.body as { message?: string } | null)?.message ?? 'The document could not be saved.');
  const documentId = (answer.body as { id: string }[])[0]!.id;
  await updateRun(runId, { document_id: documentId });
  return name;
}

/** Pauses the schedule, keeps a run saying why when there is one, and tells the owner. */
async function pause(claimed: ClaimedWorkflow, reason: string, runId: string | null): Promise<Ran> {
  const { row } = claimed;
  await pauseSchedule(row.id, reason);
  await recordScheduledFailure(row.id, row.user_id, runId, `Schedule paused: ${reason}`);
  const runLink = runId ? `${siteUrl()}${workflowRunDetailPath(runId)}` : null;
  // The schedule is changed where the workflow is edited.
  const workflowLink = `${siteUrl()}${workflowEditPath(row.id)}`;
  await mailOwner(row.user_id, { kind: 'paused', workflowName: row.name, runLink, workflowLink, reason });
  return { workflowId: row.id, runId, status: 'paused' };
}

/**
 * Runs one claimed workflow as its owner would from the dashboard, with the key synced to their
 * account: a result becomes a document and a mail; a failure stays in the history and is mailed;
 * a workflow that cannot run unattended any more, or a key that is missing or refused, pauses the
 * schedule (saving it again resumes it).
 */
export async function runScheduled(claimed: ClaimedWorkflow): Promise<Ran> {
  const { row } = claimed;
  const owner = row.user_id;
  if (!claimed.schedule) return pause(claimed, SCHEDULE_TEXTS.pausedBadSchedule, null);
  const parsed = parseWorkflowDefinition(row.definition);
  const definition = parsed.ok ? parsed.definition : null;
  const blocker = scheduleBlocker(definition);
  if (blocker || !definition?.provider || !definition.model) {
    const reason = SCHEDULE_TEXTS.pausedBlocked(blocker ?? SCHEDULE_TEXTS.noModel);
    return pause(claimed, reason, definition ? await storeRefusedRun(claimed, definition, reason) : null);
  }
  const provider = definition.provider;
  const label = PROVIDER_KEYS[provider].label;
  const apiKey = await storedProviderKey(owner, provider, 'service');
  if (!apiKey) {
    const reason = SCHEDULE_TEXTS.pausedNoKey(label);
    return pause(claimed, reason, await storeRefusedRun(claimed, definition, reason));
  }
  const target: RunTarget = {
    provider,
    model: definition.model,
    apiKey,
    customBaseUrl: provider === 'chatgpt_custom' ? await storedBaseUrl(owner, 'service') : null,
  };
  const started = await startRun({
    owner,
    source: { workflowId: row.id, name: row.name, definition },
    trigger: 'schedule',
    // Nobody fills the form: every field takes its default (a field without one blocks scheduling).
    fieldValues: initialValues(workflowFields(definition)),
    target,
  });
  if (!started.ok) {
    const runId = await storeRefusedRun(claimed, definition, started.message);
    const runLink = runId ? `${siteUrl()}${workflowRunDetailPath(runId)}` : null;
    await mailOwner(owner, { kind: 'failed', workflowName: row.name, runLink, error: started.message });
    await recordScheduledFailure(row.id, owner, runId, started.message);
    return { workflowId: row.id, runId, status: 'failed' };
  }
  const runId = started.runId;
  const runLink = `${siteUrl()}${workflowRunDetailPath(runId)}`;
  const outcome = await executeRun({
    runId,
    owner,
    target,
    searchKnowledge: (query, scope) => ownerPassages(owner, query, scope),
  });
  if (outcome.status === 'done') {
    const documentName = await saveDocument(claimed, runId, outcome.finalOutput).catch((thrown: Error) => thrown);
    if (documentName instanceof Error) {
      await mailOwner(owner, {
        kind: 'failed',
        workflowName: row.name,
        runLink,
        error: SCHEDULE_TEXTS.documentFailed(documentName.message),
      });
      return { workflowId: row.id, runId, status: 'done' };
    }
    await mailOwner(owner, {
      kind: 'done',
      workflowName: row.name,
      runLink,
      documentName,
      documentsLink: `${siteUrl()}${ROUTES.fileManager}`,
      output: outcome.finalOutput,
    });
    return { workflowId: row.id, runId, status: 'done' };
  }
  if (outcome.errorKind === 'auth') return pause(claimed, SCHEDULE_TEXTS.pausedBadKey(label), runId);
  const error = outcome.error ?? SCHEDULE_TEXTS.runStopped;
  await mailOwner(owner, { kind: 'failed', workflowName: row.name, runLink, error });
  if (outcome.status === 'failed') await recordScheduledFailure(row.id, owner, runId, error);
  return { workflowId: row.id, runId, status: outcome.status };
}
