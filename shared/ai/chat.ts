import type { ZodType } from 'zod';
import { AI_TEXTS, AiError, explainedFor, toAiError } from './aiErrors.ts';
import { parseJsonReply } from './jsonReply.ts';
import { maxOutputTokensFor } from './modelLimits.ts';
import type { ChatCall, ChatMessage, TokenUsage } from './protocol/types.ts';
import { keyRequired, protocolFor, type ClientOptions, type ProviderTarget } from './providers.ts';
import { withRetries } from './retry.ts';
import { withAiDefaults } from './settings.ts';
import { readChatStream, streamCutError } from './streamReader.ts';

/**
 * Running a prompt on the user's provider, in the protocol the provider speaks (providers.ts). A
 * prompt is sent as one user message, or a conversation as its messages. Defaults: a
 * 600000 ms client timeout (until the headers, and for a stream until its first words), a stream
 * idle limit of 60 s between chunks after that (streamReader.ts), and two retries with backoff on
 * 429/5xx only, honouring retry-after (retry.ts: never after a timeout or a dropped connection).
 * Each can be changed through the settings (ClientOptions: setAiDefaults, or per request). Every
 * failure is an AiError mapped to the catalogue (aiErrors.ts).
 *
 *   streamText    streamed text with onDelta; Stop (the signal) resolves with the partial text
 *   completeText  one answer as text
 *   completeJson  JSON mode where the provider has it, parsed and validated with a zod schema
 */

const DEFAULT_AI_TIMEOUT_MS = 600_000;
/**
 * Once words flow, providers send a chunk every few seconds at most (a token, or Gemini's
 * sentence-sized pieces; a CPU-bound local model still writes a token in well under 10 s), so a
 * minute of silence is a stalled stream, with room for a slow network.
 */
const DEFAULT_STREAM_IDLE_MS = 60_000;
const DEFAULT_AI_RETRIES = 2;

export interface AiRequest {
  target: ProviderTarget;
  model: string;
  /** One user message (how every screen sends a prompt), or a full conversation. */
  prompt: string | readonly ChatMessage[];
  signal?: AbortSignal;
  /** Timeout, retries, base-URL override (development), fetch (tests). */
  settings?: ClientOptions;
  /** The message for failures that are not the provider's (network): the feature's own wording. */
  fallbackError?: string;
}

export interface StreamResult {
  text: string;
  /** The user stopped it: `text` is what had arrived. */
  stopped: boolean;
  model: string;
  /** Tokens as the provider reported them (null or absent: it reported none, e.g. a stream stopped early). */
  usage?: TokenUsage | null;
}

const messagesOf = (prompt: AiRequest['prompt']): readonly ChatMessage[] =>
  typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt;

/** The call as every protocol takes it: the model's output limit where its service needs one. */
const callOf = (request: AiRequest, json: boolean): ChatCall => ({
  model: request.model,
  messages: messagesOf(request.prompt),
  json,
  maxOutputTokens: maxOutputTokensFor(request.target.provider, request.model),
  signal: request.signal,
});

/** The settings a call runs with: our defaults, then the front end's (setAiDefaults), then the request's. */
function settingsFor(request: AiRequest): Required<Pick<ClientOptions, 'timeoutMs' | 'streamIdleMs' | 'maxRetries'>> & ClientOptions {
  return {
    timeoutMs: DEFAULT_AI_TIMEOUT_MS,
    streamIdleMs: DEFAULT_STREAM_IDLE_MS,
    maxRetries: DEFAULT_AI_RETRIES,
    ...withAiDefaults(request.settings),
  };
}

function clientFor(request: AiRequest, settings: ClientOptions) {
  const { target } = request;
  if (keyRequired(target) && !target.apiKey?.trim()) {
    throw new AiError('noKey', AI_TEXTS.noKey(target.provider), AI_TEXTS.noKeyTitle(target.provider));
  }
  return protocolFor(target, settings);
}

export async function streamText(request: AiRequest & { onDelta?: (delta: string, text: string) => void }): Promise<StreamResult> {
  const settings = settingsFor(request);
  let text = '';
  try {
    const client = clientFor(request, settings);
    let startedAt = 0;
    const stream = await withRetries(
      () => {
        startedAt = Date.now();
        return client.streamChat(callOf(request, false));
      },
      { maxRetries: settings.maxRetries, signal: request.signal },
    );
    const limits = { firstContentMs: Math.max(1, settings.timeoutMs - (Date.now() - startedAt)), idleMs: settings.streamIdleMs };
    const { finishReason, usage } = await readChatStream(stream, limits, (delta) => {
      text += delta;
      request.onDelta?.(delta, text);
    });
    // A stopped stream ends its iteration quietly.
    if (request.signal?.aborted) return { text, stopped: true, model: request.model, usage };
    if (!finishReason) throw streamCutError();
    return { text, stopped: false, model: request.model, usage };
  } catch (error) {
    const mapped = explainedFor(toAiError(error, { provider: request.target.provider, fallback: request.fallbackError, partial: text }), {
      ...request.target,
      surface: settings.surface,
    });
    if (mapped.kind === 'aborted') return { text, stopped: true, model: request.model, usage: null };
    throw mapped;
  }
}

export async function completeText(request: AiRequest, json = false): Promise<string> {
  const settings = settingsFor(request);
  try {
    const client = clientFor(request, settings);
    const answer = await withRetries(() => client.completeChat(callOf(request, json)), {
      maxRetries: settings.maxRetries,
      signal: request.signal,
    });
    return answer.text;
  } catch (error) {
    throw explainedFor(toAiError(error, { provider: request.target.provider, fallback: request.fallbackError }), {
      ...request.target,
      surface: settings.surface,
    });
  }
}

export async function completeJson<T>(request: AiRequest & { schema: ZodType<T> }): Promise<T> {
  const text = await completeText(request, true);
  try {
    return parseJsonReply(text, request.schema);
  } catch (error) {
    throw toAiError(error, { provider: request.target.provider, fallback: request.fallbackError });
  }
}
