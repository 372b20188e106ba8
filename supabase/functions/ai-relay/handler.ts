import { APIError } from 'openai';
import { aiBaseUrlsFrom } from '@/shared/ai/baseUrls.ts';
import { PROVIDER_ENDPOINTS, protocolFor, resolveBaseURL } from '@/shared/ai/providers.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { callerOf, CORS_HEADERS, json, optionalEnv } from '../_shared/http.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * The dashboard's way to the providers whose answer to a browser's preflight is unverified
 * (Cohere, AI21, Hugging Face: docs/providers.md §4–§6): an OpenAI-compatible surface per provider
 * that forwards the request to the provider's own address, signed in users only.
 *   POST /functions/v1/ai-relay/<provider>/chat/completions   (streamed through as it arrives)
 *   POST /functions/v1/ai-relay/<provider>/embeddings
 *   GET  /functions/v1/ai-relay/<provider>/models             (the provider's own listing, as OpenAI's list)
 * The user's key comes in `x-provider-key` (the dashboard holds it) and is sent on to the provider,
 * never kept. Only the providers' fixed addresses are reached (AI_BASE_URLS moves them to the local
 * fakes in development and tests). Errors are the provider's own status with `{ error: { message } }`.
 */

const RELAYED: ReadonlySet<ProviderId> = new Set(
  (Object.keys(PROVIDER_ENDPOINTS) as ProviderId[]).filter((id) => PROVIDER_ENDPOINTS[id].relayedForPages),
);
const FORWARDED = new Set(['chat/completions', 'embeddings']);

const RELAY_CORS = {
  ...CORS_HEADERS,
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, accept, x-provider-key',
};

const relayError = (message: string, status: number) =>
  new Response(JSON.stringify({ error: { message } }), { status, headers: { ...RELAY_CORS, 'content-type': 'application/json' } });

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: RELAY_CORS });
  const [, provider = '', ...rest] = new URL(req.url).pathname.split('/ai-relay')[1]?.split('/') ?? [];
  const operation = rest.join('/');
  if (!RELAYED.has(provider as ProviderId)) return relayError('This provider is not relayed.', 404);
  const caller = await callerOf(req);
  if (!caller) return relayError('Sign in first.', 401);
  const apiKey = req.headers.get('x-provider-key')?.trim();
  if (!apiKey) return relayError('The provider key is missing (x-provider-key).', 401);
  const target = { provider: provider as ProviderId, apiKey };
  const baseUrls = aiBaseUrlsFrom(optionalEnv('AI_BASE_URLS'));

  if (req.method === 'GET' && operation === 'models') {
    try {
      const ids = await protocolFor(target, { surface: 'server', baseUrls, timeoutMs: 15_000 }).listModels();
      return json({ object: 'list', data: ids.map((id) => ({ id, object: 'model', owned_by: provider })) });
    } catch (error) {
      if (error instanceof APIError && error.status) return relayError(error.message.replace(/^\d{3}\s*/, ''), error.status);
      return relayError(errorMessage(error), error instanceof APIError ? 502 : 400);
    }
  }
  if (req.method !== 'POST' || !FORWARDED.has(operation)) return relayError(`Unknown relay route: ${req.method} ${operation}`, 404);
  const body = await req.text();
  let upstream: Response;
  try {
    upstream = await fetch(`${resolveBaseURL(target, baseUrls)}/${operation}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: req.headers.get('accept') ?? '*/*' },
      body,
      signal: req.signal,
    });
  } catch {
    return relayError(`Could not reach ${PROVIDER_ENDPOINTS[target.provider].baseURL}.`, 502);
  }
  const headers = new Headers(RELAY_CORS);
  for (const name of ['content-type', 'retry-after', 'retry-after-ms']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}
