import { EventSourceParserStream } from 'eventsource-parser/stream';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { errorMessage } from '../../core/text.ts';

/**
 * Plain fetch for the protocols the `openai` SDK does not speak (Anthropic's, Gemini's): the same
 * timeout (until the answer's headers), cancellation and error classes as the SDK, and the
 * service's error body kept as `{ message, … }` so the user sees the provider's own words.
 */

export interface ServiceRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error object inside a service's error body: `{error:{message}}`, `[{error:…}]`, `{message}`, `{detail}`, text. */
export function errorObjectOf(text: string): Record<string, unknown> {
  let body = parse(text);
  if (Array.isArray(body)) body = body[0];
  if (!body || typeof body !== 'object') return text.trim() ? { message: text.trim().slice(0, 300) } : {};
  const record = body as Record<string, unknown>;
  const inner = record.error;
  if (inner && typeof inner === 'object') return inner as Record<string, unknown>;
  if (typeof inner === 'string') return { message: inner };
  if (typeof record.message === 'string') return { message: record.message };
  if (typeof record.detail === 'string') return { message: record.detail };
  return {};
}

/** A failed answer as the SDK's error of its status, carrying the service's own message. */
async function serviceError(response: Response): Promise<APIError> {
  const text = await response.text().catch(() => '');
  const error = errorObjectOf(text);
  const message = typeof error.message === 'string' && error.message ? error.message : `${response.status} ${response.statusText}`.trim();
  return APIError.generate(response.status, { error: { ...error, message } }, message, response.headers);
}

/**
 * Sends the request; resolves with the answer once its headers arrived and it is a success.
 * `controller` aborts the body later (a stream being stopped).
 */
export async function callService(request: ServiceRequest, controller = new AbortController()): Promise<Response> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onAbort = () => controller.abort();
  if (request.signal?.aborted) throw new APIUserAbortError();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    response = await (request.fetch ?? globalThis.fetch)(request.url, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: request.body === undefined ? request.headers : { 'content-type': 'application/json', ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new APIConnectionTimeoutError({ message: 'Request timed out.' });
    if (request.signal?.aborted) throw new APIUserAbortError();
    throw new APIConnectionError({ message: errorMessage(error), cause: error as Error });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
  if (!response.ok) throw await serviceError(response);
  return response;
}

export interface ServerEvent {
  event: string | undefined;
  data: string;
}

/** The server-sent events of an answer's body; a dropped connection is an APIConnectionError, Stop ends quietly. */
export async function* serverEvents(response: Response, controller: AbortController): AsyncGenerator<ServerEvent> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<{ event?: string; data: string }>;
      try {
        next = await reader.read();
      } catch (error) {
        if (controller.signal.aborted) return;
        throw new APIConnectionError({ message: errorMessage(error), cause: error as Error });
      }
      if (next.done) return;
      yield { event: next.value.event, data: next.value.data };
    }
  } finally {
    reader.releaseLock();
  }
}

/** JSON of an event's data, or undefined for anything that is not (keep-alives, `[DONE]`). */
export function eventJson<T>(data: string): T | undefined {
  return parse(data) as T | undefined;
}
