import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ZodError } from 'zod';
import { PROVIDER_KEYS, type ProviderId } from '../core/providerKeys.ts';

/**
 * Every failure of an AI call, mapped to one fixed user-facing message:
 * authentication → 'Authentication failed. Please check your OpenAI API key in Settings.' (the
 * provider's name for the others), API error → 'The AI service returned an error: {message}',
 * bad JSON → 'The AI returned an unexpected data format. Please try again.', anything else → the
 * caller's fallback (the offer builder's: 'Could not generate the offer. Please check your network
 * and try again.'). A stopped run is 'aborted' and is not shown as an error.
 */

/**
 * 'budget': the user's monthly budget stops the call before it is made (shared/core/usage/budgets.ts has the sentence).
 * 'vision': images the chosen model cannot take, refused before the request (vision.ts has the sentence).
 * 'picture': a picture that cannot be made (a provider without image models, or its safety refusal: core/images/imageModels.ts).
 */
export type AiErrorKind =
  'noKey' | 'auth' | 'rateLimit' | 'api' | 'badJson' | 'timeout' | 'network' | 'aborted' | 'budget' | 'vision' | 'picture';

export const AI_TEXTS = {
  auth: (provider: ProviderId) => `Authentication failed. Please check your ${PROVIDER_KEYS[provider].label} API key in Settings.`,
  api: (message: string) => `The AI service returned an error: ${message}`,
  badJson: 'The AI returned an unexpected data format. Please try again.',
  timeout: 'The AI service did not answer in time. Please try again.',
  network: 'Could not reach the AI service. Please check your network and try again.',
  noKeyTitle: (provider: ProviderId) => `${PROVIDER_KEYS[provider].label} API Key Missing`,
  noKey: (provider: ProviderId) => `Add your ${PROVIDER_KEYS[provider].label} API key in Settings to use this.`,
  failedTitle: 'Generation Failed',
  budgetTitle: 'Budget Used Up',
  visionTitle: 'Images Not Sent',
  /** Ollama answers 403 to an Origin it does not list, and lists no extension by default (docs/providers.md §7). */
  customRefusedExtension:
    'Your custom AI server refused the extension (HTTP 403). For Ollama, allow it with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* and restart Ollama.',
} as const;

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    readonly title: string = AI_TEXTS.failedTitle,
    /** HTTP status from the provider, when there was one. */
    readonly status?: number,
    /** Text streamed before the failure (kept, so nothing already shown is lost). */
    readonly partial = '',
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export class AiJsonError extends Error {
  constructor(
    message: string,
    readonly raw: string,
  ) {
    super(message);
    this.name = 'AiJsonError';
  }
}

/** A call the user's budget stops: `sentence` says which budget, for which month, and what to do. */
export const budgetStop = (sentence: string): AiError => new AiError('budget', sentence, AI_TEXTS.budgetTitle);

/** The provider's own words inside an SDK error. */
function providerMessage(error: APIError): string {
  const inner = (error.error as { message?: unknown } | undefined)?.message;
  if (typeof inner === 'string' && inner.trim()) return inner.trim();
  return error.message.replace(/^\d{3}\s*(status code \(no body\))?/, '').trim() || `HTTP ${error.status}`;
}

/** Gemini answers a bad key with 400 INVALID_ARGUMENT and the reason API_KEY_INVALID, not 401 (docs/providers.md §2 row 6). */
function isInvalidGeminiKey(error: APIError): boolean {
  if (error.status !== 400) return false;
  const details = (error.error as { details?: unknown } | undefined)?.details;
  return Array.isArray(details) && details.some((d) => (d as { reason?: unknown } | null)?.reason === 'API_KEY_INVALID');
}

export function toAiError(error: unknown, context: { provider: ProviderId; fallback?: string; partial?: string }): AiError {
  const partial = context.partial ?? '';
  if (error instanceof AiError) return error;
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError'))
    return new AiError('aborted', 'Stopped.', 'Stopped', undefined, partial);
  // A caller with its own catalogue (the offer builder's four messages) gets its fallback for a timeout too.
  if (error instanceof APIConnectionTimeoutError)
    return new AiError('timeout', context.fallback ?? AI_TEXTS.timeout, AI_TEXTS.failedTitle, undefined, partial);
  if (error instanceof APIConnectionError)
    return new AiError('network', context.fallback ?? AI_TEXTS.network, AI_TEXTS.failedTitle, undefined, partial);
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status === 401 || error.status === 403 || isInvalidGeminiKey(error))
      return new AiError('auth', AI_TEXTS.auth(context.provider), 'Authentication Failed', error.status, partial);
    const kind: AiErrorKind = error.status === 429 ? 'rateLimit' : 'api';
    return new AiError(kind, AI_TEXTS.api(providerMessage(error)), AI_TEXTS.failedTitle, error.status, partial);
  }
  if (error instanceof AiJsonError || error instanceof ZodError || error instanceof SyntaxError)
    return new AiError('badJson', AI_TEXTS.badJson, AI_TEXTS.failedTitle, undefined, partial);
  return new AiError('network', context.fallback ?? AI_TEXTS.network, AI_TEXTS.failedTitle, undefined, partial);
}

/**
 * A failure said for where it happened: a custom server refusing the extension is a setting of
 * that server, not a bad key.
 */
export function explainedFor(error: AiError, context: { provider: ProviderId; customBaseUrl?: string | null; surface?: string }): AiError {
  if (context.provider === 'chatgpt_custom' && context.customBaseUrl && context.surface === 'extension' && error.status === 403) {
    return new AiError('auth', AI_TEXTS.customRefusedExtension, AI_TEXTS.failedTitle, 403, error.partial);
  }
  return error;
}
