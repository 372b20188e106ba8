import { isUuid } from '@/shared/core/ids.ts';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import type { WorkflowDefinition } from '@/shared/core/workflows/definition.ts';
import { WORKFLOW_RUN_TEXTS } from '@/shared/core/workflows/runTexts.ts';
import { workflowTemplate } from '@/shared/core/workflows/templates.ts';
import { callerOf, fail, json, preflight, rest, type Caller } from '../_shared/http.ts';
import { passagesFor } from '../_shared/knowledge.ts';
import { storedBaseUrl, storedProviderKey } from '../_shared/providerKey.ts';
import type { RunEvent } from '@/shared/core/workflows/runEvents.ts';
import { executeRun, startRun, type RunSource, type RunTarget } from '../_shared/workflows/runner.ts';
import { loadRun, takeGeneration } from '../_shared/workflows/store.ts';
import { customServerRefusal } from '../_shared/customServer.ts';

/**
 * POST /functions/v1/run-workflow (signed in): runs a workflow's steps on the server with the
 * caller's provider key, saving every step as it ends, and streams the progress back.
 *   { action: 'start', workflowId | templateId, fieldValues, provider, model, apiKey?, customBaseUrl?, trigger? }
 *   { action: 'continue', runId, fromPosition?, provider, model, apiKey?, customBaseUrl? }
 * `start` takes one of the month's generations (429 at the limit, before anything runs);
 * `continue` runs from `fromPosition` (a retry, or after editing an output) or the first step not
 * done. Without apiKey the key synced to the account is used. The answer is server-sent events,
 * each `data: <RunEvent json>`, ending with {"type":"end"}; closing the request stops the run
 * (what arrived is kept). Errors before the stream: JSON { error, code } with 400/403/404/429.
 */

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function targetFrom(body: Record<string, unknown>): Omit<RunTarget, 'apiKey' | 'customBaseUrl'> | string {
  const provider = body.provider;
  const model = text(body.model);
  if (!PROVIDER_IDS.includes(provider as ProviderId) || !model) return WORKFLOW_RUN_TEXTS.chooseModel;
  return { provider: provider as ProviderId, model };
}

function fieldValuesFrom(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

async function sourceFor(caller: Caller, body: Record<string, unknown>): Promise<RunSource | Response> {
  const templateId = text(body.templateId);
  if (templateId) {
    const template = workflowTemplate(templateId);
    return template
      ? { templateId, name: template.name, definition: template.definition }
      : json({ error: WORKFLOW_RUN_TEXTS.templateNotFound, code: 'not_found' }, 404);
  }
  const workflowId = text(body.workflowId);
  if (!workflowId || !isUuid(workflowId)) return json({ error: WORKFLOW_RUN_TEXTS.workflowNotFound, code: 'not_found' }, 404);
  const answer = await rest(`workflows?id=eq.${workflowId}&select=name,definition`, { method: 'GET' }, caller.token);
  const row = answer.ok ? (answer.body as { name: string; definition: WorkflowDefinition }[])[0] : undefined;
  return row
    ? { workflowId, name: row.name, definition: row.definition }
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
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const body = ((await req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  const chosen = targetFrom(body);
  if (typeof chosen === 'string') return json({ error: chosen, code: 'invalid' }, 400);
  const target: RunTarget = {
    ...chosen,
    apiKey: text(body.apiKey) ?? (await storedProviderKey(caller.id, chosen.provider, caller.token)),
    customBaseUrl:
      chosen.provider === 'chatgpt_custom' ? (text(body.customBaseUrl) ?? (await storedBaseUrl(caller.id, caller.token))) : null,
  };
  // A custom server our servers cannot reach is refused before the run starts (nothing is spent).
  const customRefusal = target.customBaseUrl ? await customServerRefusal(target.customBaseUrl) : null;
  if (customRefusal) return json({ error: customRefusal, code: 'custom_server_unreachable' }, 400);
  const searchKnowledge = (query: string, scope: Parameters<typeof passagesFor>[2]) => passagesFor(caller.token, query, scope);

  let runId: string;
  let fromPosition: number | undefined;
  if (body.action === 'continue') {
    const id = text(body.runId);
    const run = id && isUuid(id) ? await loadRun(id, caller.id) : null;
    if (!run) return json({ error: WORKFLOW_RUN_TEXTS.runNotFound, code: 'not_found' }, 404);
    if (!run.counted) {
      const taken = await takeGeneration(caller.id, run.id);
      if (!taken.ok)
        return json(
          { error: taken.limit ? WORKFLOW_RUN_TEXTS.limit : taken.message, code: taken.limit ? 'generation_limit' : 'server' },
          taken.limit ? 429 : 500,
        );
    }
    runId = run.id;
    const from = body.fromPosition;
    fromPosition = typeof from === 'number' && Number.isInteger(from) && from >= 0 ? from : undefined;
  } else if (body.action === 'start') {
    const source = await sourceFor(caller, body);
    if (source instanceof Response) return source;
    const started = await startRun({
      owner: caller.id,
      source,
      trigger: body.trigger === 'panel' ? 'panel' : 'dashboard',
      fieldValues: fieldValuesFrom(body.fieldValues),
      target,
    });
    if (!started.ok) return json({ error: started.message, code: started.code }, started.status);
    runId = started.runId;
  } else {
    return json({ error: 'Unknown action.', code: 'invalid' }, 400);
  }
  return eventStream((send) =>
    executeRun({ runId, owner: caller.id, target, searchKnowledge, fromPosition, signal: req.signal, onEvent: send }),
  );
}
