import { z } from 'zod';
import { isUuid } from '@/shared/core/ids.ts';
import type { ImageProvider } from '@/shared/core/images/imageModels.ts';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { workflowTemplate } from '@/shared/core/workflows/templates.ts';
import { readBody } from '../_shared/body.ts';
import { budgetRefusal } from '../_shared/budgets.ts';
import { customServerRefusal } from '../_shared/customServer.ts';
import { callerDb, serviceDb } from '../_shared/db.ts';
import { callerOf, fail, json, preflight, type Caller } from '../_shared/http.ts';
import { passagesFor } from '../_shared/knowledge.ts';
import { storedBaseUrl, storedProviderKey } from '../_shared/providerKey.ts';
import { executeRun } from '../_shared/workflows/runner.ts';
import { resumeRun, segmentDeadline, startRun, type RunSource, type RunTarget } from '../_shared/workflows/segments.ts';
import { workflowWebSearch } from '../_shared/webSearch.ts';

/**
 * POST /functions/v1/run-workflow (signed in): runs a workflow's steps on the server with the
 * caller's provider key, saving every step (and for-each item) as it ends, and streams the progress back.
 *   { action: 'start', workflowId | templateId, fieldValues, provider, model, apiKey?, customBaseUrl?, imageApiKeys?, trigger? }
 *   { action: 'continue', runId, fromPosition?, provider, model, apiKey?, customBaseUrl?, imageApiKeys? }
 * `start` takes one of the month's generations (429 at the limit, before anything runs);
 * `continue` runs from `fromPosition` (a retry, or after editing an output) or from the first step
 * not done — also a run that was cut off (the function restarted, its time ran out): it resumes
 * without asking again for what was saved and without a second generation. A run another request
 * is working on is refused (409) until that one ends or its lease expires. Without apiKey the key
 * synced to the account is used; an image step drawing with another provider uses imageApiKeys'
 * key for it ({ openai?, gemini? }), else the one synced. The answer is server-sent events, each `data: <RunEvent json>`,
 * ending with {"type":"end"}: `interrupted` when this request's time was spent first (continue to
 * go on); closing the request stops the run (what arrived is kept). Errors before the stream: JSON
 * { error, code? } with 400/403/404/409/429 (403 'budget': the caller's budget for the provider, or
 * overall, is used up and set to stop).
 */

const optionalText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && value.trim() ? value.trim() : null));

const RunRequest = z.object({
  provider: z.enum(PROVIDER_IDS, { error: WORKFLOW_RUN_TEXTS.chooseModel }),
  model: z.string({ error: WORKFLOW_RUN_TEXTS.chooseModel }).trim().min(1, WORKFLOW_RUN_TEXTS.chooseModel),
  action: z.enum(['start', 'continue'], { error: 'Unknown action.' }),
  apiKey: optionalText,
  customBaseUrl: optionalText,
  // Keys that are not text are left out, as is anything that is not an object.
  imageApiKeys: z
    .unknown()
    .optional()
    .transform((value): Partial<Record<ImageProvider, string>> => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
      const keys = value as Record<string, unknown>;
      return Object.fromEntries(
        (['openai', 'gemini'] as const).flatMap((p) => {
          const key = keys[p];
          return typeof key === 'string' && key.trim() ? [[p, key.trim()]] : [];
        }),
      );
    }),
  workflowId: optionalText,
  templateId: optionalText,
  runId: optionalText,
  // Values that are not text are left out, as is a form that is not an object.
  fieldValues: z
    .unknown()
    .optional()
    .transform((value): Record<string, string> =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {},
    ),
  trigger: z
    .unknown()
    .optional()
    .transform((value) => (value === 'panel' ? 'panel' : 'dashboard')),
  fromPosition: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined)),
});
type RunRequest = z.infer<typeof RunRequest>;

async function sourceFor(caller: Caller, body: RunRequest): Promise<RunSource | Response> {
  if (body.templateId) {
    const template = workflowTemplate(body.templateId);
    return template
      ? { templateId: body.templateId, name: template.name, definition: template.definition }
      : json({ error: WORKFLOW_RUN_TEXTS.templateNotFound, code: 'not_found' }, 404);
  }
  const workflowId = body.workflowId;
  if (!workflowId || !isUuid(workflowId)) return json({ error: WORKFLOW_RUN_TEXTS.workflowNotFound, code: 'not_found' }, 404);
  // As the caller: row-level security decides whose workflow this is.
  const { data } = await callerDb(caller.token).from('workflows').select('name, definition').eq('id', workflowId).maybeSingle();
  return data
    ? { workflowId, name: data.name, definition: data.definition as RunSource['definition'] }
    : json({ error: WORKFLOW_RUN_TEXTS.workflowNotFound, code: 'not_found' }, 404);
}

function eventStream(run: (send: (event: RunEvent) => void) => Promise<unknown>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: RunEvent) => {
        try {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        } catch {
          // The client went away; the run is still saved as it ends.
        }
      };
      try {
        await run(send);
      } catch (error) {
        send({ type: 'end', status: 'failed', error: (error as Error).message || 'The run could not be saved.' });
      } finally {
        try {
          controller.close();
        } catch {
          // already closed
        }
      }
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' },
  });
}

export default async function handler(req: Request): Promise<Response> {
  // The platform's wall clock counts from the request's start.
  const startedAt = Date.now();
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const read = await readBody(req, RunRequest);
  if (!read.ok) return read.response;
  const body = read.body;
  const apiKey = body.apiKey ?? (await storedProviderKey(caller.id, body.provider, caller.token));
  const target: RunTarget = {
    provider: body.provider,
    model: body.model,
    apiKey,
    customBaseUrl: body.provider === 'chatgpt_custom' ? (body.customBaseUrl ?? (await storedBaseUrl(caller.id, caller.token))) : null,
    pictureKey: async (provider) =>
      body.imageApiKeys[provider] ?? (provider === body.provider ? apiKey : await storedProviderKey(caller.id, provider, caller.token)),
  };
  // A custom server our servers cannot reach is refused before the run starts (nothing is spent).
  const customRefusal = target.customBaseUrl ? await customServerRefusal(target.customBaseUrl) : null;
  if (customRefusal) return json({ error: customRefusal, code: 'custom_server_unreachable' }, 400);
  const searchKnowledge = (query: string, scope: Parameters<typeof passagesFor>[2]) => passagesFor(caller.token, query, scope);

  // Runs are written with the service role, every write of this request naming the lease it holds.
  const db = serviceDb();
  // Over a budget set to stop, nothing runs and no generation is taken.
  const overBudget = await budgetRefusal(db, caller.id, target.provider);
  if (overBudget) return json({ error: overBudget, code: 'budget' }, 403);
  let held;
  if (body.action === 'continue') {
    if (!body.runId || !isUuid(body.runId)) return json({ error: WORKFLOW_RUN_TEXTS.runNotFound, code: 'not_found' }, 404);
    held = await resumeRun(db, { runId: body.runId, owner: caller.id, target });
  } else {
    const source = await sourceFor(caller, body);
    if (source instanceof Response) return source;
    held = await startRun(db, { owner: caller.id, source, trigger: body.trigger, fieldValues: body.fieldValues, target });
  }
  if (!held.ok) return json({ error: held.message, code: held.code }, held.status);
  const segment = held;
  return eventStream((send) =>
    executeRun({
      db,
      held: segment,
      owner: caller.id,
      target,
      searchKnowledge,
      searchWeb: workflowWebSearch(db, caller.id, segment.runId),
      fromPosition: body.action === 'continue' ? body.fromPosition : undefined,
      signal: req.signal,
      deadline: segmentDeadline(startedAt),
      onEvent: send,
    }),
  );
}
