import type { AppClient } from '../supabase.ts';
import { AiError, AI_TEXTS, toAiError, type AiErrorKind } from '../../ai/aiErrors.ts';
import type { StreamResult } from '../../ai/chat.ts';
import type { GenerationRequest } from '../../core/documents/documents.ts';
import type { KnowledgePassage } from '../../core/knowledge/grounding.ts';
import { parseQuota, QUOTA_TEXTS, type QuotaStatus } from '../../core/quota.ts';
import { functionErrorKind, functionRefusal } from '../functions.ts';
import { GENERATION_LIMIT_CODE } from '../quota.ts';
import { ok, type DataError, type DataErrorKind, type DataResult } from '../result.ts';
import { serverSentEvents } from '../sse.ts';

/**
 * One document generation through the generate-document Edge Function: the server reserves the
 * slot, calls the provider with the user's key, streams the text here, and settles the slot itself
 * (counted with the saved document, or given back). The client only reads the stream and may stop
 * it (aborting the request is the stop: the server gives the slot back). The text arrives through
 * `onText` as it streams; the outcome is a DataResult (a stop is a result, not a failure).
 */

export interface GenerationResult extends StreamResult {
  /** The saved document (a complete generation). */
  documentId: string | null;
  name: string | null;
  /** The counter after the server settled, when it said. */
  quota: QuotaStatus | null;
  /** The knowledge-base passages sent with the prompt (none without the knowledge base). */
  passages: KnowledgePassage[];
}

/**
 * A failed generation: code GENERATION_LIMIT_CODE (kind 'limit') when refused before anything ran
 * because the month's generations are used up; otherwise the AI error's kind and toast title, the
 * text streamed before the failure, and the counter after the slot was given back.
 */
export interface GenerationFailure extends DataError {
  title: string;
  aiKind: AiErrorKind;
  partial: string;
  quota: QuotaStatus | null;
}

const failure = (
  aiKind: AiErrorKind,
  message: string,
  detail: { title?: string; partial?: string; quota?: QuotaStatus | null; code?: string; kind?: DataErrorKind } = {},
): { data: null; error: GenerationFailure } => ({
  data: null,
  error: {
    message,
    code: detail.code ?? aiKind,
    kind: detail.kind ?? (aiKind === 'network' || aiKind === 'timeout' ? 'network' : 'server'),
    title: detail.title ?? AI_TEXTS.failedTitle,
    aiKind,
    partial: detail.partial ?? '',
    quota: detail.quota ?? null,
  },
});

/** The failure as the AI run shows it (useAiRun takes a thrown AiError: its title, message and the text so far). */
export const generationAiError = (failed: GenerationFailure): AiError =>
  new AiError(failed.aiKind, failed.message, failed.title, undefined, failed.partial);

type GenerationEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; documentId: string; name: string; quota: unknown; passages?: KnowledgePassage[] }
  | { type: 'stopped'; quota: unknown }
  | { type: 'error'; kind?: string; message: string; title?: string; quota: unknown };

const KINDS: readonly AiErrorKind[] = ['noKey', 'auth', 'rateLimit', 'api', 'badJson', 'timeout', 'network', 'aborted', 'budget'];

export async function generateDocument(
  client: AppClient,
  request: GenerationRequest,
  signal: AbortSignal,
  onText: (text: string) => void,
  /** The message for a failure nobody explained (a broken connection), as the caller's AI run words it. */
  fallbackMessage?: string,
): Promise<DataResult<GenerationResult, GenerationFailure>> {
  let text = '';
  const stopped = (quota: unknown = null) =>
    ok<GenerationResult>({
      text,
      stopped: true,
      model: request.model,
      documentId: null,
      name: null,
      quota: parseQuota(quota),
      passages: [],
    });
  const { data, error } = await client.functions.invoke<ReadableStream<Uint8Array> | Response>('generate-document', {
    body: request,
    signal,
  });
  if (error) {
    if (signal.aborted) return stopped();
    const detail = await functionRefusal(error);
    if (detail?.code === GENERATION_LIMIT_CODE)
      return failure('api', QUOTA_TEXTS.limitTitle, { title: QUOTA_TEXTS.limitTitle, code: GENERATION_LIMIT_CODE, kind: 'limit' });
    if (detail?.code === 'budget' && detail.error)
      return failure('budget', detail.error, { title: AI_TEXTS.budgetTitle, code: 'budget', kind: 'refused' });
    return failure('api', detail?.error ?? AI_TEXTS.network, { code: detail?.code ?? undefined, kind: functionErrorKind(error, detail) });
  }
  const body = data instanceof Response ? data.body : data;
  if (!body) return failure('api', 'The generation answered nothing.');
  try {
    for await (const event of serverSentEvents<GenerationEvent>(body, signal)) {
      switch (event.type) {
        case 'delta':
          text += event.text;
          onText(text);
          break;
        case 'done':
          return ok({
            text,
            stopped: false,
            model: request.model,
            documentId: event.documentId,
            name: event.name,
            quota: parseQuota(event.quota),
            passages: event.passages ?? [],
          });
        case 'stopped':
          return stopped(event.quota);
        case 'error': {
          const kind = KINDS.includes(event.kind as AiErrorKind) ? (event.kind as AiErrorKind) : 'api';
          return failure(kind, event.message, { title: event.title, partial: text, quota: parseQuota(event.quota) });
        }
      }
    }
  } catch (thrown) {
    if (signal.aborted) return stopped();
    // The connection broke mid-stream or an event was unreadable: named as any AI stream's failure.
    const mapped = toAiError(thrown, { provider: request.provider, fallback: fallbackMessage });
    return failure(mapped.kind, mapped.message, { title: mapped.title, partial: mapped.partial });
  }
  // The stream ended without an outcome: the server settles on its own (the slot lapses at worst).
  if (signal.aborted) return stopped();
  return failure('network', AI_TEXTS.network, { partial: text });
}
