import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ZodType } from 'zod';
import type { ProviderId } from '../core/providerKeys.ts';
import { AI_TEXTS, AiError, toAiError } from './aiErrors.ts';
import { parseJsonReply } from './jsonReply.ts';
import { createProviderClient, keyRequired, type ClientOptions, type ProviderTarget } from './providers.ts';
import { withRetries } from './retry.ts';
import { withAiDefaults } from './settings.ts';
import { readChatStream, streamCutError } from './streamReader.ts';

/**
 * Running a prompt on the user's provider (the `openai` SDK at the provider's OpenAI-compatible
 * URL). A prompt is sent as one user message and the answer read from the first choice. Defaults: a
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
  prompt: string | ChatCompletionMessageParam[];
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
}

/** Providers whose OpenAI-compatible API takes response_format json_object (the others get the instruction only). */
const JSON_MODE: ReadonlySet<ProviderId> = new Set(['openai', 'gemini', 'cohere', 'ai21', 'chatgpt_custom']);

const messagesOf = (prompt: AiRequest['prompt']): ChatCompletionMessageParam[] =>
  typeof prompt === 'string' ? [{ role: 'user', content: prompt }] : prompt;

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
  return createProviderClient(target, settings);
}

/** Anthropic's compatibility layer wants a token limit; the others pick their own. */
const extraParams = (provider: ProviderId) => (provider === 'anthropic' ? { max_tokens: 8192 } : {});

export async function streamText(request: AiRequest & { onDelta?: (delta: string, text: string) => void }): Promise<StreamResult> {
  const settings = settingsFor(request);
  const client = clientFor(request, settings);
  let text = '';
  try {
    let startedAt = 0;
    const stream = await withRetries(
      () => {
        startedAt = Date.now();
        return client.chat.completions.create(
          { model: request.model, messages: messagesOf(request.prompt), stream: true, ...extraParams(request.target.provider) },
          { signal: request.signal },
        );
      },
      { maxRetries: settings.maxRetries, signal: request.signal },
    );
    const limits = { firstContentMs: Math.max(1, settings.timeoutMs - (Date.now() - startedAt)), idleMs: settings.streamIdleMs };
    const { finishReason } = await readChatStream(stream, limits, (delta) => {
      text += delta;
      request.onDelta?.(delta, text);
    });
    // The SDK ends the iteration quietly when the signal aborts.
    if (request.signal?.aborted) return { text, stopped: true, model: request.model };
    if (!finishReason) throw streamCutError();
    return { text, stopped: false, model: request.model };
  } catch (error) {
    const mapped = toAiError(error, { provider: request.target.provider, fallback: request.fallbackError, partial: text });
    if (mapped.kind === 'aborted') return { text, stopped: true, model: request.model };
    throw mapped;
  }
}

export async function completeText(request: AiRequest, json = false): Promise<string> {
  const settings = settingsFor(request);
  const client = clientFor(request, settings);
  try {
    const answer = await withRetries(
      () =>
        client.chat.completions.create(
          {
            model: request.model,
            messages: messagesOf(request.prompt),
            ...(json && JSON_MODE.has(request.target.provider) ? { response_format: { type: 'json_object' as const } } : {}),
            ...extraParams(request.target.provider),
          },
          { signal: request.signal },
        ),
      { maxRetries: settings.maxRetries, signal: request.signal },
    );
    return answer.choices[0]?.message?.content ?? '';
  } catch (error) {
    throw toAiError(error, { provider: request.target.provider, fallback: request.fallbackError });
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
