import { APIError, APIUserAbortError } from 'openai';

/**
 * Retries of an AI call: only when the provider answered 429 (rate limit) or 5xx (its own
 * failure), with exponential backoff or the provider's retry-after. The SDK's own retries are off
 * (providers.ts) because it also retries timeouts and dropped connections:
 * - a timeout already waited the whole client timeout (600 s); three attempts made a provider that
 *   never answers take half an hour before the user saw the error;
 * - a dropped connection is not retried either: in a browser it cannot be told apart from CORS
 *   refusal or being offline (retrying those only delays the message), and a completion request
 *   that reached the provider before the connection broke may already be running and billed.
 *   The user has Run again.
 */

/** The longest retry-after we wait for; a provider asking for more gets its error shown now. */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Stop: ends a wait between attempts at once. */
  signal?: AbortSignal;
  /** Replaces the wait between attempts (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const isRetryableStatus = (error: unknown): error is APIError =>
  error instanceof APIError && error.status !== undefined && (error.status === 429 || error.status >= 500);

/** The wait the provider asked for (retry-after-ms, retry-after in seconds or as a date), or null. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const millis = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** 0.5 s, 1 s, 2 s … up to 8 s, less up to a quarter of jitter (as the SDK does). */
const backoffMs = (retry: number): number => Math.min(INITIAL_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS) * (1 - Math.random() * 0.25);

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `attempt`, again after a 429/5xx while retries remain; anything else is thrown at once. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? abortableSleep;
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= options.maxRetries || !isRetryableStatus(error)) throw error;
      const asked = retryAfterMs(error.headers);
      if (asked !== null && asked > MAX_RETRY_AFTER_MS) throw error;
      await sleep(asked ?? backoffMs(retry), options.signal);
    }
  }
}
