import OpenAI, { APIConnectionError, APIConnectionTimeoutError } from 'openai';
import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { errorObjectOf } from './http.ts';
import type { ChatCall, ChatEvent, ChatMessage, ChatStream, ProtocolClient, TokenUsage } from './types.ts';

/**
 * OpenAI's chat completions, through the `openai` SDK: OpenAI itself and the services that speak
 * its protocol (Cohere's compatibility layer, AI21, the Hugging Face router, Ollama, LM Studio).
 * The SDK adds `x-stainless-*` headers to every request; services that list the headers a browser
 * may send refuse the preflight for them (docs/providers.md §0), so they are dropped here, for every
 * service. Error bodies in other shapes are rewritten to OpenAI's, so the SDK's error carries the
 * service's own words.
 */

/** Drops the SDK's telemetry headers and normalizes error bodies. */
export function serviceFetch(inner: typeof fetch = (...args) => globalThis.fetch(...args)): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    for (const name of [...headers.keys()]) if (name.startsWith('x-stainless-')) headers.delete(name);
    const response = await inner(input, { ...init, headers });
    if (response.ok) return response;
    const text = await response.text();
    const error = errorObjectOf(text);
    const message = typeof error.message === 'string' && error.message ? error.message : `${response.status} ${response.statusText}`.trim();
    return new Response(JSON.stringify({ error: { ...error, message } }), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** How a service lists the models a key can use. */
export type ModelListing =
  /** GET {baseURL}/models with a `data` list. */
  | { kind: 'openai' }
  /** A GET at another absolute URL answering `{ [field]: [{ [idField] }] }`. */
  | { kind: 'custom'; url: string; field: string; idField: string }
  /** No endpoint that checks the key; `reason` is shown to the user. */
  | { kind: 'unsupported'; reason: string };

export interface OpenAiOptions {
  baseURL: string;
  /** The key, or where to get it per request (the relay's: the user's current access token). */
  apiKey: string | (() => Promise<string>);
  timeoutMs: number;
  headers?: Record<string, string>;
  listing: ModelListing;
  /** A GET that refuses a bad key before a public model list is read. */
  verifyUrl?: string;
  /** Whether streams ask for a usage chunk (`stream_options.include_usage`): services known to take it. */
  streamUsage: boolean;
  /** Whether JSON mode (`response_format: json_object`) is sent. */
  jsonMode: boolean;
  /** Services with a token ceiling below their default (AI21: 4,096): sent as max_tokens. */
  sendsMaxTokens: boolean;
  fetch?: typeof fetch;
}

interface UsageLike {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
}

const usageOf = (usage: UsageLike): TokenUsage => ({
  inputTokens: usage.prompt_tokens ?? null,
  outputTokens: usage.completion_tokens ?? null,
  cachedInputTokens: usage.prompt_tokens_details?.cached_tokens ?? null,
});

/** A request that never reached the server, with the URL it was sent to (for the key test's message). */
export class ProviderUnreachableError extends APIConnectionError {
  constructor(
    readonly url: string,
    cause: APIConnectionError,
  ) {
    super({ message: cause.message, cause });
  }
}

async function calling<T>(url: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof APIConnectionError && !(error instanceof APIConnectionTimeoutError))
      throw new ProviderUnreachableError(url, error);
    throw error;
  }
}

/**
 * A message in chat completions' shape: a user message with images has a list of parts, its text
 * first, then each image as an `image_url` part with a base64 data URL (docs/providers.md §12).
 */
function openAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'user' && message.images?.length) {
    return {
      role: 'user',
      content: [
        ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
        ...message.images.map((image) => ({
          type: 'image_url' as const,
          image_url: { url: `data:${image.mediaType};base64,${image.base64}` },
        })),
      ],
    };
  }
  return { role: message.role, content: message.content };
}

export function openAiProtocol(options: OpenAiOptions): ProtocolClient {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    dangerouslyAllowBrowser: true,
    timeout: options.timeoutMs,
    // The SDK would also retry timeouts and dropped connections; our retries are 429/5xx only (retry.ts).
    maxRetries: 0,
    defaultHeaders: options.headers,
    fetch: serviceFetch(options.fetch),
  });
  const params = (call: ChatCall): ChatCompletionCreateParamsBase => ({
    model: call.model,
    messages: call.messages.map(openAiMessage),
    ...(call.json && options.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
    ...(options.sendsMaxTokens && call.maxOutputTokens ? { max_tokens: call.maxOutputTokens } : {}),
  });

  return {
    async streamChat(call) {
      const stream = await client.chat.completions.create(
        { ...params(call), stream: true, ...(options.streamUsage ? { stream_options: { include_usage: true } } : {}) },
        { signal: call.signal },
      );
      async function* events(): AsyncGenerator<ChatEvent> {
        for await (const chunk of stream) {
          if (chunk.usage) yield { type: 'usage', usage: usageOf(chunk.usage) };
          const choice = chunk.choices[0];
          const text = choice?.delta?.content ?? '';
          if (text) yield { type: 'text', text };
          // Some servers send '' until the end; only a real reason counts.
          if (choice?.finish_reason) yield { type: 'finish', reason: choice.finish_reason };
        }
      }
      const iterator = events();
      return { [Symbol.asyncIterator]: () => iterator, abort: () => stream.controller.abort() } satisfies ChatStream;
    },

    async completeChat(call) {
      const answer = await client.chat.completions.create({ ...params(call), stream: false }, { signal: call.signal });
      return { text: answer.choices[0]?.message?.content ?? '', usage: answer.usage ? usageOf(answer.usage) : null };
    },

    async listModels() {
      const { listing, verifyUrl } = options;
      if (listing.kind === 'unsupported') throw new Error(listing.reason);
      if (verifyUrl) await calling(verifyUrl, () => client.get(verifyUrl));
      if (listing.kind === 'custom') {
        const body = (await calling(listing.url, () => client.get(listing.url))) as Record<string, unknown>;
        const items = Array.isArray(body[listing.field]) ? (body[listing.field] as Record<string, unknown>[]) : [];
        return items.map((item) => String(item[listing.idField] ?? '')).filter(Boolean);
      }
      const page = await calling(`${client.baseURL}/models`, () => client.models.list());
      return page.data.map((model) => model.id);
    },

    async embed(model, texts, signal) {
      const answer = await client.embeddings.create(
        // Floats, not the SDK's default base64: not every compatible server speaks base64. OpenAI's
        // text-embedding-3 models are asked for 512 dimensions (shorter vectors keep re-ranking fast).
        { model, input: [...texts], encoding_format: 'float', ...(/^text-embedding-3-/.test(model) ? { dimensions: 512 } : {}) },
        { signal },
      );
      return {
        vectors: [...answer.data].sort((a, b) => a.index - b.index).map((item) => item.embedding),
        // OpenAI and the compatible services (Cohere's layer, Ollama) count the input as prompt_tokens.
        inputTokens: typeof answer.usage?.prompt_tokens === 'number' ? answer.usage.prompt_tokens : null,
      };
    },
  };
}
