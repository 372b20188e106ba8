import type { ProviderId } from '../core/providerKeys.ts';
import { anthropicProtocol } from './protocol/anthropic.ts';
import { geminiProtocol } from './protocol/gemini.ts';
import { openAiProtocol, type ModelListing } from './protocol/openai.ts';
import type { ProtocolClient } from './protocol/types.ts';
import { maxOutputTokensFor } from './modelLimits.ts';
import { withAiDefaults } from './settings.ts';

/**
 * Where each provider lives, which protocol it speaks, and how each surface reaches it — the
 * rules and their sources are in docs/providers.md:
 * - OpenAI, Cohere (compatibility layer), AI21, the Hugging Face router and a custom server speak
 *   OpenAI's chat completions (`openai` SDK, its telemetry headers dropped: protocol/openai.ts).
 * - Anthropic and Gemini are called in their own APIs everywhere (protocol/anthropic.ts,
 *   protocol/gemini.ts): their OpenAI layers are unfit for browsers or for production.
 * - A web page (the dashboard) reaches Cohere, AI21 and Hugging Face through the ai-relay Edge
 *   Function: whether they answer a browser's preflight is unverified, so a page never depends on it.
 *   The extension (host permissions) and the Edge Functions call every service directly.
 */

export type Surface = 'page' | 'extension' | 'server';

export interface ProviderEndpoint {
  id: ProviderId;
  protocol: 'openai' | 'anthropic' | 'gemini';
  baseURL: string;
  models: ModelListing;
  /** A GET that refuses a bad key (401) before a public model list is read. */
  verifyUrl?: string;
  /** Whether the provider's own URL needs a key (a custom base URL never does: see keyRequired()). */
  keyRequired: boolean;
  /** A web page calls it through the ai-relay Edge Function. */
  relayedForPages: boolean;
  /** OpenAI protocol: streams ask for usage (`stream_options.include_usage`), which the service takes. */
  streamUsage?: boolean;
  /** OpenAI protocol: JSON mode (`response_format: json_object`) is sent. */
  jsonMode?: boolean;
  /** OpenAI protocol: the service's token ceiling is below its default, so max_tokens is sent. */
  sendsMaxTokens?: boolean;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export const PROVIDER_ENDPOINTS: Record<ProviderId, ProviderEndpoint> = {
  openai: {
    id: 'openai',
    protocol: 'openai',
    baseURL: OPENAI_BASE_URL,
    models: { kind: 'openai' },
    keyRequired: true,
    relayedForPages: false,
    streamUsage: true,
    jsonMode: true,
  },
  gemini: {
    id: 'gemini',
    protocol: 'gemini',
    baseURL: 'https://generativelanguage.googleapis.com/v1beta',
    models: { kind: 'openai' },
    keyRequired: true,
    relayedForPages: false,
  },
  anthropic: {
    id: 'anthropic',
    protocol: 'anthropic',
    baseURL: 'https://api.anthropic.com/v1',
    models: { kind: 'openai' },
    keyRequired: true,
    relayedForPages: false,
  },
  cohere: {
    id: 'cohere',
    protocol: 'openai',
    baseURL: 'https://api.cohere.ai/compatibility/v1',
    // The compatibility layer lists no models: Cohere's own list, chat models only, one big page (its default is 20).
    models: { kind: 'custom', url: 'https://api.cohere.com/v1/models?endpoint=chat&page_size=1000', field: 'models', idField: 'name' },
    keyRequired: true,
    relayedForPages: true,
    jsonMode: true,
  },
  ai21: {
    id: 'ai21',
    protocol: 'openai',
    baseURL: 'https://api.ai21.com/studio/v1',
    models: {
      kind: 'unsupported',
      reason:
        "AI21 has no endpoint that checks a key without running a model, so it can't be tested here. It is checked the first time you use it.",
    },
    keyRequired: true,
    relayedForPages: true,
    jsonMode: true,
    sendsMaxTokens: true,
  },
  huggingface: {
    id: 'huggingface',
    protocol: 'openai',
    baseURL: 'https://router.huggingface.co/v1',
    verifyUrl: 'https://huggingface.co/api/whoami-v2',
    models: { kind: 'openai' },
    keyRequired: true,
    relayedForPages: true,
    jsonMode: true,
  },
  chatgpt_custom: {
    id: 'chatgpt_custom',
    protocol: 'openai',
    baseURL: OPENAI_BASE_URL,
    models: { kind: 'openai' },
    keyRequired: true,
    relayedForPages: false,
    streamUsage: true,
    jsonMode: true,
  },
};

export interface ProviderTarget {
  provider: ProviderId;
  /** The key; may be empty only for a custom base URL (local servers). */
  apiKey: string | null;
  /** The custom OpenAI-compatible base URL; used by chatgpt_custom. */
  customBaseUrl?: string | null;
}

/** The dashboard's way to the ai-relay Edge Function (providers a web page cannot call directly). */
interface RelaySettings {
  /** The function's URL (…/functions/v1/ai-relay). */
  url: string;
  /** The project's anon key (the gateway's apikey). */
  anonKey: string;
  /** The signed-in user's access token: the relay serves accounts only. */
  accessToken: () => Promise<string | null>;
}

export interface ClientOptions {
  /** Milliseconds to wait for an answer (default 10 s for tests of a key; chat.ts: 600 s, until a stream's first words). */
  timeoutMs?: number;
  /** Milliseconds a stream may go without a chunk once words have arrived (chat.ts, default 60 s; 0: no limit). */
  streamIdleMs?: number;
  /** Retries after a 429/5xx (chat.ts's retry loop; the SDK itself never retries). */
  maxRetries?: number;
  /** Replaces fetch (tests; the Edge Functions' address guard for custom URLs). */
  fetch?: typeof fetch;
  /** Development and tests: a provider's service at this base URL instead of its own (the local fakes). */
  baseUrls?: Partial<Record<ProviderId, string>> | null;
  /** Where the call is made from: the dashboard says 'page', the extension 'extension'; otherwise a server. */
  surface?: Surface;
  /** The dashboard's relay, for the providers it does not call directly. */
  relay?: RelaySettings | null;
}

/**
 * The base URL a provider is called at: the custom one for chatgpt_custom when set, else the
 * development override for that provider, else the provider's own.
 */
export function resolveBaseURL({ provider, customBaseUrl }: ProviderTarget, baseUrls?: ClientOptions['baseUrls']): string {
  if (provider === 'chatgpt_custom' && customBaseUrl) return customBaseUrl;
  return baseUrls?.[provider] ?? PROVIDER_ENDPOINTS[provider].baseURL;
}

/** An absolute URL of a provider outside its base URL (Cohere's model list, Hugging Face's whoami), on the override's host when there is one. */
function siblingUrl(real: string, override: string | undefined): string {
  if (!override) return real;
  const url = new URL(real);
  return `${new URL(override).origin}${url.pathname}${url.search}`;
}

/** Whether a key is needed for this target: the provider's rule, except that a custom base URL may be a local server without keys. */
export function keyRequired(target: ProviderTarget): boolean {
  if (target.provider === 'chatgpt_custom' && target.customBaseUrl) return false;
  return PROVIDER_ENDPOINTS[target.provider].keyRequired;
}

/** Whether this call goes through the dashboard's relay. */
export const usesRelay = (target: ProviderTarget, options: ClientOptions): boolean =>
  options.surface === 'page' && PROVIDER_ENDPOINTS[target.provider].relayedForPages;

/** Sent as the key to keyless local servers: the SDK always sends an Authorization header. */
const NO_KEY = 'no-key';

/** The protocol client for a provider, on the surface the options name. */
export function protocolFor(target: ProviderTarget, given: ClientOptions = {}): ProtocolClient {
  const options = withAiDefaults(given);
  const endpoint = PROVIDER_ENDPOINTS[target.provider];
  const apiKey = target.apiKey?.trim() || NO_KEY;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const override =
    target.provider === 'chatgpt_custom' && target.customBaseUrl ? undefined : (options.baseUrls?.[target.provider] ?? undefined);
  const baseURL = resolveBaseURL(target, options.baseUrls);
  if (usesRelay(target, options)) {
    const relay = options.relay;
    if (!relay) throw new Error(`${target.provider} is reached through the relay, which this page has not set up.`);
    // The relay speaks OpenAI's protocol for each relayed provider (its own model listing included).
    return openAiProtocol({
      baseURL: `${relay.url}/${target.provider}`,
      apiKey: async () => (await relay.accessToken()) ?? '',
      headers: { apikey: relay.anonKey, 'x-provider-key': apiKey },
      timeoutMs,
      listing: endpoint.models.kind === 'unsupported' ? endpoint.models : { kind: 'openai' },
      streamUsage: endpoint.streamUsage === true,
      jsonMode: endpoint.jsonMode === true,
      sendsMaxTokens: endpoint.sendsMaxTokens === true,
      fetch: options.fetch,
    });
  }
  if (endpoint.protocol === 'anthropic') {
    return anthropicProtocol({
      baseURL,
      apiKey,
      timeoutMs,
      fetch: options.fetch,
      maxOutputTokens: (model) => maxOutputTokensFor('anthropic', model),
    });
  }
  if (endpoint.protocol === 'gemini') return geminiProtocol({ baseURL, apiKey, timeoutMs, fetch: options.fetch });
  const custom = target.provider === 'chatgpt_custom';
  const listing: ModelListing =
    endpoint.models.kind === 'custom' ? { ...endpoint.models, url: siblingUrl(endpoint.models.url, override) } : endpoint.models;
  return openAiProtocol({
    baseURL,
    apiKey,
    timeoutMs,
    listing: custom ? { kind: 'openai' } : listing,
    verifyUrl: endpoint.verifyUrl && siblingUrl(endpoint.verifyUrl, override),
    // A custom server may not know stream_options; OpenAI itself (no custom URL) does.
    streamUsage: endpoint.streamUsage === true && !(custom && target.customBaseUrl),
    jsonMode: endpoint.jsonMode === true,
    sendsMaxTokens: endpoint.sendsMaxTokens === true,
    fetch: options.fetch,
  });
}
