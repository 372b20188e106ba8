import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { PROVIDER_KEYS, modelsAvailableText, type ProviderId } from '../core/providerKeys.ts';
import { AI_TEXTS } from './aiErrors.ts';
import { ProviderUnreachableError } from './protocol/openai.ts';
import {
  keyRequired,
  PROVIDER_ENDPOINTS,
  protocolFor,
  resolveBaseURL,
  usesRelay,
  type ClientOptions,
  type ProviderTarget,
} from './providers.ts';
import { withAiDefaults } from './settings.ts';
import { errorMessage } from '../core/text.ts';

export { ProviderUnreachableError } from './protocol/openai.ts';

/**
 * The models a key can use (the model pickers), which is also how a key is tested (Settings):
 * each provider's listing is in its protocol (providers.ts); errors become readable sentences.
 */

/** The model ids a key can use. Throws the service's refusal (see `describeProviderError`). */
export async function listModels(target: ProviderTarget, given: ClientOptions = {}): Promise<string[]> {
  return protocolFor(target, given).listModels();
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
  const options = withAiDefaults(given);
  if (error instanceof APIConnectionTimeoutError) return { message: `${label} did not answer in time. Try again later.` };
  if (error instanceof APIUserAbortError) return { message: 'The test was cancelled.' };
  if (error instanceof APIError && error.status === undefined) {
    const where =
      error instanceof ProviderUnreachableError
        ? error.url
        : usesRelay(target, options)
          ? (options.relay?.url ?? '')
          : resolveBaseURL(target, options.baseUrls);
    return {
      message: `Could not reach ${where}. Check the address and your connection; the server may also refuse requests from a browser (CORS).`,
    };
  }
  if (
    error instanceof APIError &&
    error.status === 403 &&
    target.provider === 'chatgpt_custom' &&
    target.customBaseUrl &&
    options.surface === 'extension'
  ) {
    return { message: AI_TEXTS.customRefusedExtension, status: 403 };
  }
  if (error instanceof APIError) {
    const inner = (error.error as { message?: unknown } | undefined)?.message;
    const text = typeof inner === 'string' && inner ? inner : error.message.replace(/^\d{3}\s*/, '');
    return { message: `${text} (HTTP ${error.status})`, status: error.status };
  }
  return { message: errorMessage(error) };
}

/**
 * Tests a key by listing the provider's models (short timeout, no retries): "Key works — 12 models
 * available", or the provider's own error message.
 */
export async function testProviderKey(target: ProviderTarget, given: ClientOptions = {}): Promise<KeyTestResult> {
  const options = withAiDefaults(given);
  if (target.provider !== 'chatgpt_custom') {
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
