import type { SupabaseClient } from '@supabase/supabase-js';
import { AiError, AI_TEXTS, type AiErrorKind } from '../ai/aiErrors.ts';
import type { StreamResult } from '../ai/chat.ts';
import type { GenerationRequest } from '../core/documents.ts';
import { parseQuota, type QuotaStatus } from '../core/quota.ts';

/**
 * One document generation through the generate-document Edge Function: the server reserves the
 * slot, calls the provider with the user's key, streams the text here, and settles the slot itself
 * (counted with the saved document, or given back). The client only reads the stream and may stop
 * it (aborting the request is the stop: the server gives the slot back).
 */

export interface GenerationResult extends StreamResult {
  /** The saved document (a complete generation). */
  documentId: string | null;
  name: string | null;
  /** The counter after the server settled, when it said. */
  quota: QuotaStatus | null;
}

/** Refused before anything ran: the month's generations are used up. */
export class GenerationLimitError extends Error {
  constructor() {
    super('Monthly Generation Limit Reached');
    this.name = 'GenerationLimitError';
  }
}

/** A failed generation; `quota` is the counter after the slot was given back. */
export class GenerationError extends AiError {
  constructor(kind: AiErrorKind, message: string, title: string, partial: string, readonly quota: QuotaStatus | null) {
    super(kind, message, title, undefined, partial);
  }
}

type GenerationEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; documentId: string; name: string; quota: unknown }
  | { type: 'stopped'; quota: unknown }
  | { type: 'error'; kind?: string; message: string; title?: string; quota: unknown };

const KINDS: readonly AiErrorKind[] = ['noKey', 'auth', 'rateLimit', 'api', 'badJson', 'timeout', 'network', 'aborted'];

/** Server-sent events (`data: <json>` blocks) from a streamed body. */
async function* events(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<GenerationEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) yield JSON.parse(data) as GenerationEvent;
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

export async function generateDocument(
  client: SupabaseClient,
  request: GenerationRequest,
  signal: AbortSignal,
  onText: (text: string) => void,
): Promise<GenerationResult> {
  let text = '';
  const stopped = (quota: unknown = null): GenerationResult => ({ text, stopped: true, model: request.model, documentId: null, name: null, quota: parseQuota(quota) });
  const { data, error } = await client.functions.invoke<ReadableStream<Uint8Array> | Response>('generate-document', { body: request, signal });
  if (error) {
    if (signal.aborted) return stopped();
    const context = (error as { context?: Response }).context;
    const detail = (await context?.json().catch(() => null)) as { error?: string; code?: string | null } | null;
    if (detail?.code === 'generation_limit') throw new GenerationLimitError();
    throw new GenerationError('api', detail?.error ?? AI_TEXTS.network, AI_TEXTS.failedTitle, '', null);
  }
  const body = data instanceof Response ? data.body : data;
  if (!body) throw new GenerationError('api', 'The generation answered nothing.', AI_TEXTS.failedTitle, '', null);
  try {
    for await (const event of events(body, signal)) {
      switch (event.type) {
        case 'delta':
          text += event.text;
          onText(text);
          break;
        case 'done':
          return { text, stopped: false, model: request.model, documentId: event.documentId, name: event.name, quota: parseQuota(event.quota) };
        case 'stopped':
          return stopped(event.quota);
        case 'error': {
          const kind = KINDS.includes(event.kind as AiErrorKind) ? (event.kind as AiErrorKind) : 'api';
          throw new GenerationError(kind, event.message, event.title ?? AI_TEXTS.failedTitle, text, parseQuota(event.quota));
        }
      }
    }
  } catch (thrown) {
    if (signal.aborted) return stopped();
    throw thrown;
  }
  // The stream ended without an outcome: the server settles on its own (the slot lapses at worst).
  if (signal.aborted) return stopped();
  throw new GenerationError('network', AI_TEXTS.network, AI_TEXTS.failedTitle, text, null);
}
