import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ZodType } from 'zod';
import { PROVIDER_KEYS, type ProviderId } from '../core/providerKeys.ts';
import { AI_TEXTS, AiError, toAiError } from './aiErrors.ts';
import { parseJsonReply } from './jsonReply.ts';
import { createProviderClient, keyRequired, type ClientOptions, type ProviderTarget } from './providers.ts';

/**
 * Running a prompt on the user's provider (the `openai` SDK at the provider's OpenAI-compatible
 * URL). Spec 001 §7: one user message, the answer read from the first choice. Defaults: the spec's
 * 600000 ms client timeout, two retries with backoff on 429/5xx (the SDK's, honouring
 * retry-after). Every failure is an AiError mapped to the catalogue (aiErrors.ts).
 *
 *   streamText    streamed text with onDelta; Stop (the signal) resolves with the partial text
 *   completeText  one answer as text
 *   completeJson  JSON mode where the provider has it, parsed and validated with a zod schema
 */

export const DEFAULT_AI_TIMEOUT_MS = 600_000;
export const DEFAULT_AI_RETRIES = 2;

export interface AiRequest {
  target: ProviderTarget;
  model: string;
  /** One user message (the spec), or a full conversation. */
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

function clientFor(request: AiRequest) {
  const { target } = request;
  if (keyRequired(target) && !target.apiKey?.trim()) {
    throw new AiError('noKey', AI_TEXTS.noKey(target.provider), AI_TEXTS.noKeyTitle(target.provider));
  }
  return createProviderClient(target, {
    timeoutMs: DEFAULT_AI_TIMEOUT_MS,
    maxRetries: DEFAULT_AI_RETRIES,
    ...request.settings,
  });
}

/** Anthropic's compatibility layer wants a token limit; the others pick their own. */
const extraParams = (provider: ProviderId) => (provider === 'anthropic' ? { max_tokens: 8192 } : {});

export async function streamText(request: AiRequest & { onDelta?: (delta: string, text: string) => void }): Promise<StreamResult> {
  const client = clientFor(request);
  let text = '';
  try {
    const stream = await client.chat.completions.create(
      { model: request.model, messages: messagesOf(request.prompt), stream: true, ...extraParams(request.target.provider) },
      { signal: request.signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content ?? '';
      if (!delta) continue;
      text += delta;
      request.onDelta?.(delta, text);
    }
    // The SDK may end the iteration quietly when the signal aborts.
    return { text, stopped: Boolean(request.signal?.aborted), model: request.model };
  } catch (error) {
    const mapped = toAiError(error, { provider: request.target.provider, fallback: request.fallbackError, partial: text });
    if (mapped.kind === 'aborted') return { text, stopped: true, model: request.model };
    throw mapped;
  }
}

export async function completeText(request: AiRequest, json = false): Promise<string> {
  const client = clientFor(request);
  try {
    const answer = await client.chat.completions.create(
      {
        model: request.model,
        messages: messagesOf(request.prompt),
        ...(json && JSON_MODE.has(request.target.provider) ? { response_format: { type: 'json_object' as const } } : {}),
        ...extraParams(request.target.provider),
      },
      { signal: request.signal },
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

/** The provider's label for notices ('OpenAI'). */
export const providerLabel = (provider: ProviderId): string => PROVIDER_KEYS[provider].label;
