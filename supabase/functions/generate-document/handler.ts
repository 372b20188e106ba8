import { z } from 'zod';
import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { streamText } from '@/shared/ai/chat.ts';
import { PROVIDER_IDS } from '@/shared/core/providerKeys.ts';
import { QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { DOCUMENT_TEXTS, type GenerationRequest } from '@/shared/core/documents/documents.ts';
import { documentTitleFrom, generationPrompt, isTemplateId, type TemplateId } from '@/shared/core/documents/templates.ts';
import { groundedTask, KNOWLEDGE_TEXTS, knowledgeScopeFrom } from '@/shared/core/knowledge/grounding.ts';
import { readBody } from '../_shared/body.ts';
import { budgetRefusal } from '../_shared/budgets.ts';
import { callerDb, serviceDb } from '../_shared/db.ts';
import { callerOf, errorOf, fail, json, optionalEnv, preflight } from '../_shared/http.ts';
import { customServerFetch, customServerRefusal } from '../_shared/customServer.ts';
import { RefusedAddress } from '../_shared/pinnedFetch.ts';
import { passagesFor } from '../_shared/knowledge.ts';
import { storedProviderKey } from '../_shared/providerKey.ts';
import { recordEvent } from '../_shared/monitoring.ts';
import type { CallUsage } from '@/shared/core/usage/ledger.ts';
import { recordServerUsage } from '../_shared/usage.ts';

/**
 * POST /functions/v1/generate-document (signed in): writes a document in a template's structure
 * inside the monthly quota, with the user's own provider key — on the server, so the count holds:
 *   1. reserves a slot as the caller (consume_generation: refused at the limit, or for view_only);
 *   2. calls the provider and streams the text back as it arrives;
 *   3. the server alone settles: a complete answer becomes the document and the slot is counted in
 *      one transaction (finish_generation); a provider error, an empty answer or the user stopping
 *      (the request is aborted) gives the slot back (cancel_generation).
 * Body: { prompt, templateId, provider, model, apiKey?, customBaseUrl?, folderId?, knowledge? } — without
 * apiKey the key synced to the account is used; with knowledge ({kind: all | uncategorized | folder,
 * folderId?}) the best passages of the caller's knowledge base go with the prompt, and `done` lists them. Answers server-sent events, each `data: <json>`:
 * {"type":"delta","text"} …, then {"type":"done","documentId","name","quota","passages"},
 * {"type":"stopped","quota"} or {"type":"error","kind","message","quota"};
 * or, before anything streams, a JSON error: 429 at the limit, 400/403 for bad input, 403 with code
 * 'budget' when the caller's budget for the provider (or overall) is used up and set to stop.
 * A custom OpenAI-compatible base URL is reached only at a public address (pinned; refused with one
 * sentence before anything is spent), unless CUSTOM_AI_ALLOW_PRIVATE=true (a developer's own machine). AI_BASE_URLS sends providers to other
 * base URLs (JSON provider → URL: the local fakes, in development and tests).
 */

/** Text that may be left out: trimmed, or null when absent, blank or not text. */
const optionalText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && value.trim() ? value.trim() : null));

/** Judged in the order the form asks (the first problem is the one answered). */
const GenerationBody = z.object(
  {
    prompt: z.string({ error: DOCUMENT_TEXTS.promptRequired }).refine((prompt) => prompt.trim() !== '', DOCUMENT_TEXTS.promptRequired),
    templateId: z.custom<TemplateId>(isTemplateId, { error: DOCUMENT_TEXTS.templateRequired }),
    provider: z.enum(PROVIDER_IDS, { error: 'Unknown AI provider.' }),
    model: z.string({ error: 'Choose a model.' }).trim().min(1, 'Choose a model.'),
    knowledge: z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null) return null;
        const scope = knowledgeScopeFrom(value);
        if (!scope) ctx.addIssue({ code: 'custom', message: KNOWLEDGE_TEXTS.badScope });
        return scope;
      }),
    apiKey: optionalText,
    customBaseUrl: optionalText,
    /** A folder that is not an id files the document at the top level. */
    folderId: optionalText.transform((id) => (id && /^[0-9a-f-]{36}$/i.test(id) ? id : null)),
  },
  { error: DOCUMENT_TEXTS.promptRequired },
) satisfies z.ZodType<GenerationRequest>;

/** What consume_generation answers: the slot reserved. */
const Reserved = z.object({ reservation_id: z.string() });
/** What finish_generation answers: the document, and the quota after it. */
const Finished = z.looseObject({ document_id: z.string() });

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const read = await readBody(req, GenerationBody);
  if (!read.ok) return json({ error: await errorOf(read.response), code: 'invalid' }, 400);
  const input = read.body;
  // A custom server our servers cannot reach is refused before anything is spent.
  const customRefusal = input.provider === 'chatgpt_custom' && input.customBaseUrl ? await customServerRefusal(input.customBaseUrl) : null;
  if (customRefusal) return json({ error: customRefusal, code: 'custom_server_unreachable' }, 400);
  // Searched before the slot is reserved: a failed search costs nothing.
  const passages = input.knowledge ? await passagesFor(caller.token, input.prompt, input.knowledge) : [];
  if (typeof passages === 'string') return json({ error: `${KNOWLEDGE_TEXTS.searchError}: ${passages}`, code: 'knowledge' }, 500);
  // Read before the slot is reserved too: a key that cannot be read costs nothing.
  const apiKey = input.apiKey ?? (await storedProviderKey(caller.id, input.provider, caller.token));

  // Over a budget set to stop, nothing is sent and no slot reserved.
  const overBudget = await budgetRefusal(serviceDb(), caller.id, input.provider);
  if (overBudget) return json({ error: overBudget, code: 'budget' }, 403);

  const reserved = await callerDb(caller.token).rpc('consume_generation');
  if (reserved.error) {
    const { code, message } = reserved.error;
    if (code === 'PT429') {
      await recordEvent({ kind: 'quota_exhausted', source: 'generate-document', message: QUOTA_TEXTS.limitTitle, userId: caller.id });
      return json({ error: QUOTA_TEXTS.limitTitle, code: 'generation_limit' }, 429);
    }
    return json(
      { error: message || 'The generation could not be started.', code: code || null },
      reserved.status >= 400 ? reserved.status : 500,
    );
  }
  const { reservation_id: reservation } = Reserved.parse(reserved.data);
  const owner = caller.id;
  const db = serviceDb();
  /** Gives the slot back; the quota after it (null when that could not be done). */
  const cancel = async () => (await db.rpc('cancel_generation', { owner, reservation })).data ?? null;

  const customBaseUrl = input.provider === 'chatgpt_custom' ? input.customBaseUrl : null;
  const baseUrls = aiBaseUrlsFrom(optionalEnv('AI_BASE_URLS'));
  const encoder = new TextEncoder();

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: Record<string, unknown>) => {
        try {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        } catch {
          // The client went away; the outcome is still settled below.
        }
      };
      let settled = false;
      // The call's usage row is written once the outcome is known (a document links to it), before
      // the page hears the end, so what it reads next includes the row; once, whatever happened.
      let call: CallUsage | null = null;
      const recordUsage = async (documentId: string | null) => {
        const used: CallUsage | null = call;
        call = null;
        if (used)
          await recordServerUsage(
            owner,
            used,
            { feature: 'document', subject: documentId ? { kind: 'document', id: documentId } : null },
            db,
          );
      };
      try {
        const result = await streamText({
          // The budget was checked before the slot was reserved (above).
          usage: {
            feature: 'document',
            record: (used) => {
              call = used;
            },
          },
          target: { provider: input.provider, apiKey, customBaseUrl },
          model: input.model,
          prompt: groundedTask(generationPrompt(input.prompt, input.templateId), passages),
          signal: req.signal,
          settings: {
            baseUrls,
            fetch: customBaseUrl ? customServerFetch() : undefined,
          },
          onDelta: (delta) => send({ type: 'delta', text: delta }),
        });
        if (result.stopped || !result.text.trim()) {
          const quota = await cancel();
          settled = true;
          await recordUsage(null);
          send(
            result.stopped
              ? { type: 'stopped', quota }
              : { type: 'error', kind: 'empty', message: 'The AI returned an empty document. Please try again.', quota },
          );
        } else {
          const name = documentTitleFrom(result.text, input.templateId);
          const finished = await db.rpc('finish_generation', {
            owner,
            reservation,
            doc_name: name,
            doc_content: result.text,
            doc_template: input.templateId,
            doc_folder: input.folderId ?? undefined,
          });
          settled = true;
          if (finished.error) throw new Error(finished.error.message || 'The document could not be recorded.');
          const { document_id: documentId, ...quota } = Finished.parse(finished.data);
          await recordUsage(documentId);
          send({ type: 'done', documentId, name, quota, passages });
        }
      } catch (thrown) {
        const quota = settled ? null : await cancel().catch(() => null);
        const error =
          thrown instanceof RefusedAddress
            ? { kind: 'api', message: thrown.message }
            : (() => {
                const mapped = toAiError(thrown, { provider: input.provider });
                return { kind: mapped.kind, message: mapped.message, title: mapped.title };
              })();
        await recordUsage(null);
        send({ type: 'error', ...error, quota });
      } finally {
        await recordUsage(null);
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
