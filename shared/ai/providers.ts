import OpenAI from 'openai';
import type { ProviderId } from '../core/providerKeys.ts';
import { withAiDefaults } from './settings.ts';

/**
 * The AI providers, all reached through the `openai` SDK at each provider's OpenAI-compatible
 * base URL, so every listed provider works through one client. This module knows where each
 * provider lives and how its models are listed, and builds the client; keyTest.ts lists a key's
 * models and tests it, and the prompt runner builds its chat completions on `createProviderClient`.
 *
 * Researched per provider (docs, July 2026):
 * - OpenAI  https://api.openai.com/v1 — GET /models lists the models; browser CORS allowed.
 * - Gemini  https://generativelanguage.googleapis.com/v1beta/openai — Google's OpenAI
 *   compatibility layer (chat completions, embeddings, GET /models), key as Bearer token.
 * - Anthropic  https://api.anthropic.com/v1 — Anthropic's OpenAI SDK compatibility layer;
 *   GET /v1/models is Anthropic's own Models API (x-api-key + anthropic-version, `data` list).
 *   Browser calls are refused unless `anthropic-dangerous-direct-browser-access: true` is sent.
 * - Cohere  https://api.cohere.ai/compatibility/v1 — the Compatibility API has chat completions
 *   and embeddings but no model list, so the key test calls Cohere's native
 *   GET https://api.cohere.com/v1/models (Bearer key, `{ models: [...] }`).
 * - AI21  https://api.ai21.com/studio/v1 — OpenAI-style chat completions; its GET /models answers
 *   200 without checking the key, so a key cannot be tested without spending tokens: the UI says
 *   so and the key is checked on first use.
 * - Hugging Face  https://router.huggingface.co/v1 — Inference Providers router (OpenAI-compatible,
 *   GET /models). The model list is public, so the key is first checked with the Hub's
 *   GET https://huggingface.co/api/whoami-v2, which rejects a bad token with 401.
 * - Custom ChatGPT — the custom OpenAI-compatible base URL (Ollama, LM Studio, …) or OpenAI when
 *   none is set; the key is optional for local servers.
 */

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export type ModelListing =
  /** OpenAI's GET {baseURL}/models with a `data` list. */
  | { kind: 'openai' }
  /** A GET at another absolute URL answering `{ [field]: [{ [idField] }] }`. */
  | { kind: 'custom'; url: string; field: string; idField: string }
  /** No endpoint that checks the key; `reason` is shown to the user. */
  | { kind: 'unsupported'; reason: string };

export interface ProviderEndpoint {
  id: ProviderId;
  /** OpenAI-compatible base URL (chat completions live at {baseURL}/chat/completions). */
  baseURL: string;
  /** Extra headers for every request (given the key). */
  headers?: (apiKey: string) => Record<string, string>;
  models: ModelListing;
  /** A GET that rejects a bad key (401/403) before the model list is read, when the list is public. */
  verifyUrl?: string;
  /** Whether the provider's own URL needs a key (a custom base URL never does: see keyRequired()). */
  keyRequired: boolean;
}

export const PROVIDER_ENDPOINTS: Record<ProviderId, ProviderEndpoint> = {
  openai: { id: 'openai', baseURL: OPENAI_BASE_URL, models: { kind: 'openai' }, keyRequired: true },
  gemini: {
    id: 'gemini',
    baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai',
    models: { kind: 'openai' },
    keyRequired: true,
  },
  anthropic: {
    id: 'anthropic',
    baseURL: 'https://api.anthropic.com/v1',
    headers: (apiKey) => ({
      'x-api-key': apiKey,
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    }),
    models: { kind: 'openai' },
    keyRequired: true,
  },
  cohere: {
    id: 'cohere',
    baseURL: 'https://api.cohere.ai/compatibility/v1',
    models: { kind: 'custom', url: 'https://api.cohere.com/v1/models', field: 'models', idField: 'name' },
    keyRequired: true,
  },
  ai21: {
    id: 'ai21',
    baseURL: 'https://api.ai21.com/studio/v1',
    models: {
      kind: 'unsupported',
      reason:
        "AI21 has no endpoint that checks a key without running a model, so it can't be tested here. It is checked the first time you use it.",
    },
    keyRequired: true,
  },
  huggingface: {
    id: 'huggingface',
    baseURL: 'https://router.huggingface.co/v1',
    verifyUrl: 'https://huggingface.co/api/whoami-v2',
    models: { kind: 'openai' },
    keyRequired: true,
  },
  chatgpt_custom: { id: 'chatgpt_custom', baseURL: OPENAI_BASE_URL, models: { kind: 'openai' }, keyRequired: true },
};

export interface ProviderTarget {
  provider: ProviderId;
  /** The key; may be empty only for a custom base URL (local servers). */
  apiKey: string | null;
  /** The custom OpenAI-compatible base URL; used by chatgpt_custom. */
  customBaseUrl?: string | null;
}

/**
 * The base URL a provider is called at: the custom one for chatgpt_custom when set, else the
 * development override (every provider at one OpenAI-compatible server, e.g. the fake provider),
 * else the provider's own.
 */
export function resolveBaseURL({ provider, customBaseUrl }: ProviderTarget, override?: string | null): string {
  if (provider === 'chatgpt_custom' && customBaseUrl) return customBaseUrl;
  if (override) return override;
  return PROVIDER_ENDPOINTS[provider].baseURL;
}

/** Whether a key is needed for this target: the provider's rule, except that a custom base URL may be a local server without keys. */
export function keyRequired(target: ProviderTarget): boolean {
  if (target.provider === 'chatgpt_custom' && target.customBaseUrl) return false;
  return PROVIDER_ENDPOINTS[target.provider].keyRequired;
}

/** Sent as the key to keyless local servers: the SDK always sends an Authorization header. */
const NO_KEY = 'no-key';

/**
 * Providers answer errors in their own shapes ({error:{message}}, {message}, [{error:{…}}], text).
 * This fetch rewrites any error body to OpenAI's `{ error: { message } }` so the SDK's error
 * carries the provider's own message.
 */
export function normalizingFetch(inner: typeof fetch = (...args) => globalThis.fetch(...args)): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok) return response;
    const text = await response.text();
    const message = errorMessageFromBody(text);
    const body = JSON.stringify({
      error: { ...extractErrorObject(text), message: message ?? `${response.status} ${response.statusText}`.trim() },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function extractErrorObject(text: string): Record<string, unknown> {
  let body = parse(text);
  if (Array.isArray(body)) body = body[0];
  const error = (body as { error?: unknown } | undefined)?.error;
  return error && typeof error === 'object' ? (error as Record<string, unknown>) : {};
}

/** The human message inside a provider's error body, if any. */
export function errorMessageFromBody(text: string): string | null {
  let body = parse(text);
  if (body === undefined) return text.trim() ? text.trim().slice(0, 300) : null;
  if (Array.isArray(body)) body = body[0];
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (typeof record.message === 'string') return record.message;
  if (typeof record.detail === 'string') return record.detail;
  return null;
}

export interface ClientOptions {
  /** Milliseconds to wait for an answer (default 10 s for tests of a key; chat.ts: 600 s, until a stream's first words). */
  timeoutMs?: number;
  /** Milliseconds a stream may go without a chunk once words have arrived (chat.ts, default 60 s; 0: no limit). */
  streamIdleMs?: number;
  /** Retries after a 429/5xx (chat.ts's retry loop; the SDK itself never retries). */
  maxRetries?: number;
  /** Replaces fetch (tests). */
  fetch?: typeof fetch;
  /** Sends every provider to this OpenAI-compatible base URL (development and tests: the fake provider). */
  baseUrlOverride?: string | null;
}

/** An `openai` SDK client for a provider, in the browser or in Node. */
export function createProviderClient(target: ProviderTarget, given: ClientOptions = {}): OpenAI {
  const options = withAiDefaults(given);
  const endpoint = PROVIDER_ENDPOINTS[target.provider];
  const apiKey = target.apiKey?.trim() || NO_KEY;
  return new OpenAI({
    apiKey,
    baseURL: resolveBaseURL(target, options.baseUrlOverride),
    dangerouslyAllowBrowser: true,
    timeout: options.timeoutMs ?? 10_000,
    // The SDK would also retry timeouts and dropped connections; our retries are 429/5xx only (retry.ts).
    maxRetries: 0,
    defaultHeaders: endpoint.headers?.(apiKey),
    fetch: normalizingFetch(options.fetch),
  });
}
