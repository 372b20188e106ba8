import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { PROVIDER_KEYS, modelsAvailableText, type ProviderId } from '../core/providerKeys.ts';
import {
  createProviderClient,
  keyRequired,
  PROVIDER_ENDPOINTS,
  resolveBaseURL,
  type ClientOptions,
  type ModelListing,
  type ProviderTarget,
} from './providers.ts';
import { withAiDefaults } from './settings.ts';

/**
 * The models a key can use (the model pickers), which is also how a key is tested (Settings):
 * each provider's listing is in PROVIDER_ENDPOINTS (providers.ts); errors become readable sentences.
 */

/** A request that never reached the server, with the URL it was sent to (for the message). */
export class ProviderUnreachableError extends APIConnectionError {
  constructor(
    readonly url: string,
    cause: APIConnectionError,
  ) {
    super({ message: cause.message, cause });
  }
}

/** Runs one request of `url`; a connection failure (not a timeout or a stop) says which URL it was. */
async function calling<T>(url: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof APIConnectionError && !(error instanceof APIConnectionTimeoutError))
      throw new ProviderUnreachableError(url, error);
    throw error;
  }
}

/** The model ids a key can use. Throws the SDK's error (see `describeProviderError`). */
export async function listModels(target: ProviderTarget, given: ClientOptions = {}): Promise<string[]> {
  const options = withAiDefaults(given);
  const endpoint = PROVIDER_ENDPOINTS[target.provider];
  const overridden = Boolean(options.baseUrlOverride) && !(target.provider === 'chatgpt_custom' && target.customBaseUrl);
  const listing: ModelListing = target.provider === 'chatgpt_custom' || overridden ? { kind: 'openai' } : endpoint.models;
  if (listing.kind === 'unsupported') throw new Error(listing.reason);
  const client = createProviderClient(target, options);
  const { verifyUrl } = endpoint;
  if (verifyUrl && !overridden) await calling(verifyUrl, () => client.get(verifyUrl));
  if (listing.kind === 'custom') {
    const body = (await calling(listing.url, () => client.get(listing.url))) as Record<string, unknown>;
    const items = Array.isArray(body[listing.field]) ? (body[listing.field] as Record<string, unknown>[]) : [];
    return items.map((item) => String(item[listing.idField] ?? '')).filter(Boolean);
  }
  const ids: string[] = [];
  // One page is enough to prove the key; providers with paging (Anthropic) are asked for a big page.
  const page = await calling(`${client.baseURL}/models`, () =>
    client.models.list(target.provider === 'anthropic' ? { query: { limit: 1000 } } : undefined),
  );
  for (const model of page.data) ids.push(model.id);
  return ids;
}

export type KeyTestResult =
  { ok: true; models: string[]; message: string } | { ok: false; message: string; status?: number; unsupported?: boolean };

/** Why a provider cannot be tested, or null when it can. */
export function untestableReason(provider: ProviderId): string | null {
  const listing = PROVIDER_ENDPOINTS[provider].models;
  return listing.kind === 'unsupported' ? listing.reason : null;
}

/**
 * A readable sentence for an error from the SDK (or anything thrown while testing). An unreachable
 * server is named by the URL actually called: the request's own, else the base URL in use (the
 * development override included).
 */
export function describeProviderError(
  error: unknown,
  target: ProviderTarget,
  given: ClientOptions = {},
): { message: string; status?: number } {
  const label = PROVIDER_KEYS[target.provider].label;
  if (error instanceof APIConnectionTimeoutError) return { message: `${label} did not answer in time. Try again later.` };
  if (error instanceof APIUserAbortError) return { message: 'The test was cancelled.' };
  if (error instanceof APIError && error.status === undefined) {
    return {
      message: `Could not reach ${error instanceof ProviderUnreachableError ? error.url : resolveBaseURL(target, withAiDefaults(given).baseUrlOverride)}. Check the address and your connection; the server may also refuse requests from a browser (CORS).`,
    };
  }
  if (error instanceof APIError) {
    const inner = (error.error as { message?: unknown } | undefined)?.message;
    const text = typeof inner === 'string' && inner ? inner : error.message.replace(/^\d{3}\s*/, '');
    return { message: `${text} (HTTP ${error.status})`, status: error.status };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * Tests a key by listing the provider's models (short timeout, no retries): "Key works — 12 models
 * available", or the provider's own error message.
 */
export async function testProviderKey(target: ProviderTarget, given: ClientOptions = {}): Promise<KeyTestResult> {
  const options = withAiDefaults(given);
  if (target.provider !== 'chatgpt_custom' && !options.baseUrlOverride) {
    const reason = untestableReason(target.provider);
    if (reason) return { ok: false, message: reason, unsupported: true };
  }
  const hasKey = Boolean(target.apiKey?.trim());
  if (!hasKey && keyRequired(target)) return { ok: false, message: `Save your ${PROVIDER_KEYS[target.provider].label} key first.` };
  try {
    const models = await listModels(target, options);
    return { ok: true, models, message: modelsAvailableText(models.length, hasKey) };
  } catch (error) {
    return { ok: false, ...describeProviderError(error, target, options) };
  }
}
