import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { toAiError } from '@/shared/ai/aiErrors.ts';
import { streamText } from '@/shared/ai/chat.ts';
import { PROVIDER_IDS, type ProviderId } from '@/shared/core/providerKeys.ts';
import { QUOTA_TEXTS } from '@/shared/core/quota.ts';
import { DOCUMENT_TEXTS, type GenerationRequest } from '@/shared/core/documents/documents.ts';
import { documentTitleFrom, generationPrompt, isTemplateId } from '@/shared/core/documents/templates.ts';
import { groundedTask, KNOWLEDGE_TEXTS, knowledgeScopeFrom } from '@/shared/core/knowledge/grounding.ts';
import { callerOf, fail, json, optionalEnv, preflight, rest } from '../_shared/http.ts';
import { customServerFetch, customServerRefusal } from '../_shared/customServer.ts';
import { RefusedAddress } from '../_shared/pinnedFetch.ts';
import { passagesFor } from '../_shared/knowledge.ts';
import { storedProviderKey } from '../_shared/providerKey.ts';
import { recordEvent } from '../_shared/monitoring.ts';

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
 * or, before anything streams, a JSON error: 429 at the limit, 400/403 for bad input.
 * A custom OpenAI-compatible base URL is reached only at a public address (pinned; refused with one
 * sentence before anything is spent), unless CUSTOM_AI_ALLOW_PRIVATE=true (a developer's own machine). AI_BASE_URLS sends providers to other
 * base URLs (JSON provider → URL: the local fakes, in development and tests).
 */

type Input = GenerationRequest;

function readInput(body: Record<string, unknown> | null): Input | string {
  const prompt = typeof body?.prompt === 'string' ? body.prompt : '';
  if (!prompt.trim()) return DOCUMENT_TEXTS.promptRequired;
  if (!isTemplateId(body?.templateId)) return DOCUMENT_TEXTS.templateRequired;
  const provider = body?.provider;
  if (!PROVIDER_IDS.includes(provider as ProviderId)) return 'Unknown AI provider.';
  const model = typeof body?.model === 'string' ? body.model.trim() : '';
  if (!model) return 'Choose a model.';
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const folderId = text(body?.folderId);
  const knowledge = knowledgeScopeFrom(body?.knowledge);
  if (body?.knowledge != null && !knowledge) return KNOWLEDGE_TEXTS.badScope;
  return {
    prompt,
    templateId: body!.templateId as string,
    provider: provider as ProviderId,
    model,
    apiKey: text(body?.apiKey),
    customBaseUrl: text(body?.customBaseUrl),
    folderId: folderId && /^[0-9a-f-]{36}$/i.test(folderId) ? folderId : null,
    knowledge,
  };
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail('Sign in first.', 401);
  const input = readInput((await req.json().catch(() => null)) as Record<string, unknown> | null);
  if (typeof input === 'string') return json({ error: input, code: 'invalid' }, 400);
  // A custom server our servers cannot reach is refused before anything is spent.
  const customRefusal = input.provider === 'chatgpt_custom' && input.customBaseUrl ? await customServerRefusal(input.customBaseUrl) : null;
  if (customRefusal) return json({ error: customRefusal, code: 'custom_server_unreachable' }, 400);
  // Searched before the slot is reserved: a failed search costs nothing.
  const passages = input.knowledge ? await passagesFor(caller.token, input.prompt, input.knowledge) : [];
  if (typeof passages === 'string') return json({ error: `${KNOWLEDGE_TEXTS.searchError}: ${passages}`, code: 'knowledge' }, 500);

  const reserved = await rest('rpc/consume_generation', { method: 'POST', body: '{}' }, caller.token);
  if (!reserved.ok) {
    const body = (reserved.body ?? {}) as { code?: string; message?: string };
    if (body.code === 'PT429') {
      await recordEvent({ kind: 'quota_exhausted', source: 'generate-document', message: QUOTA_TEXTS.limitTitle, userId: caller.id });
      return json({ error: QUOTA_TEXTS.limitTitle, code: 'generation_limit' }, 429);
    }
    return json(
      { error: body.message ?? 'The generation could not be started.', code: body.code ?? null },
      reserved.status >= 400 ? reserved.status : 500,
    );
  }
  const reservation = (reserved.body as { reservation_id: string }).reservation_id;
  const settle = (path: 'finish_generation' | 'cancel_generation', args: Record<string, unknown>) =>
    rest(`rpc/${path}`, { method: 'POST', body: JSON.stringify({ owner: caller.id, reservation, ...args }) }, 'service');

  const apiKey = input.apiKey ?? (await storedProviderKey(caller.id, input.provider, caller.token));
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
      try {
        const result = await streamText({
          target: { provider: input.provider, apiKey, customBaseUrl },
          model: input.model,
          prompt: groundedTask(generationPrompt(input.prompt, input.templateId as Parameters<typeof generationPrompt>[1]), passages),
          signal: req.signal,
          settings: {
            baseUrls,
            fetch: customBaseUrl ? customServerFetch() : undefined,
          },
          onDelta: (delta) => send({ type: 'delta', text: delta }),
        });
        if (result.stopped || !result.text.trim()) {
          const quota = (await settle('cancel_generation', {})).body;
          settled = true;
          send(
            result.stopped
              ? { type: 'stopped', quota }
              : { type: 'error', kind: 'empty', message: 'The AI returned an empty document. Please try again.', quota },
          );
        } else {
          const name = documentTitleFrom(result.text, input.templateId);
          const finished = await settle('finish_generation', {
            doc_name: name,
            doc_content: result.text,
            doc_template: input.templateId,
            doc_folder: input.folderId,
          });
          settled = true;
          if (!finished.ok)
            throw new Error((finished.body as { message?: string } | null)?.message ?? 'The document could not be recorded.');
          const { document_id: documentId, ...quota } = finished.body as { document_id: string } & Record<string, unknown>;
          send({ type: 'done', documentId, name, quota, passages });
        }
      } catch (thrown) {
        const quota = settled ? null : ((await settle('cancel_generation', {}).catch(() => null))?.body ?? null);
        const error =
          thrown instanceof RefusedAddress
            ? { kind: 'api', message: thrown.message }
            : (() => {
                const mapped = toAiError(thrown, { provider: input.provider });
                return { kind: mapped.kind, message: mapped.message, title: mapped.title };
              })();
        send({ type: 'error', ...error, quota });
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
