import { describe, expect, it } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatEvent, ChatStream } from '@/shared/ai/protocol/types.ts';
import { MAX_RETRY_AFTER_MS, retryAfterMs, withRetries } from '@/shared/ai/retry.ts';
import { readChatStream } from '@/shared/ai/streamReader.ts';
import { describeProviderError, ProviderUnreachableError } from '@/shared/ai/keyTest.ts';
import { keyRequired, PROVIDER_ENDPOINTS } from '@/shared/ai/providers.ts';
import { PROMPT_SCREEN_PROVIDER_LABELS, providerOptionLabel } from '@/shared/ui/ai/providerLabels.ts';

/** The AI layer's retry rules (429/5xx only, retry-after), the stream's end rule, error wording and provider names. */

const statusError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: `HTTP ${status}` } }, undefined, new Headers(headers));

/** An attempt that fails with each error in turn, then answers 'ok'; counts its calls. */
function attempts(...errors: unknown[]) {
  const calls = { count: 0 };
  const attempt = async () => {
    const error = errors[calls.count++];
    if (error) throw error;
    return 'ok';
  };
  return { attempt, calls };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('retries', () => {
  it('retry a 429 and a 5xx, waiting what the provider asks (retry-after, retry-after-ms) or a backoff', async () => {
    const waits: number[] = [];
    const { attempt, calls } = attempts(
      statusError(429, { 'retry-after': '2' }),
      statusError(503, { 'retry-after-ms': '250' }),
      statusError(500),
    );
    const sleep = async (ms: number) => void waits.push(ms);
    expect(await withRetries(attempt, { maxRetries: 3, sleep })).toBe('ok');
    expect(calls.count).toBe(4);
    expect(waits.slice(0, 2)).toEqual([2000, 250]);
    // The third wait is the backoff for retry 2: 2 s less up to a quarter of jitter.
    expect(waits[2]).toBeGreaterThan(1499);
    expect(waits[2]).toBeLessThanOrEqual(2000);
  });

  it('never retry a timeout, a dropped connection, a stop or another status', async () => {
    const sleep = async () => {};
    for (const error of [
      new APIConnectionTimeoutError(),
      new APIConnectionError({ message: 'Connection error.' }),
      new APIUserAbortError(),
      statusError(400),
      statusError(401),
      statusError(404),
    ]) {
      const { attempt, calls } = attempts(error);
      expect(await rejection(withRetries(attempt, { maxRetries: 2, sleep }))).toBe(error);
      expect(calls.count).toBe(1);
    }
  });

  it('give up when retries run out, or at once when the provider asks for more than a minute', async () => {
    const sleep = async () => {};
    const last = statusError(500);
    const exhausted = attempts(statusError(500), statusError(500), last);
    expect(await rejection(withRetries(exhausted.attempt, { maxRetries: 2, sleep }))).toBe(last);
    expect(exhausted.calls.count).toBe(3);
    const tooLong = statusError(429, { 'retry-after': String(MAX_RETRY_AFTER_MS / 1000 + 1) });
    const patient = attempts(tooLong);
    expect(await rejection(withRetries(patient.attempt, { maxRetries: 2, sleep }))).toBe(tooLong);
    expect(patient.calls.count).toBe(1);
  });

  it('Stop ends the wait between attempts', async () => {
    const controller = new AbortController();
    controller.abort();
    const { attempt } = attempts(statusError(429, { 'retry-after': '30' }));
    expect(await rejection(withRetries(attempt, { maxRetries: 2, signal: controller.signal }))).toBeInstanceOf(APIUserAbortError);
  });

  it('read retry-after as seconds, milliseconds or a date', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '20', 'retry-after': '9' }), now)).toBe(20);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 24 Nov 2026 10:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

/** A stream of chunks as the SDK yields them. */
function streamOf(chunks: { content?: string; finish?: string | null }[]): ChatStream {
  const events: ChatEvent[] = chunks.flatMap((c): ChatEvent[] => [
    ...(c.content ? [{ type: 'text' as const, text: c.content }] : []),
    ...(c.finish ? [{ type: 'finish' as const, reason: c.finish }] : []),
  ]);
  return {
    abort: () => undefined,
    async *[Symbol.asyncIterator]() {
      yield* events;
    },
  };
}

describe('the end of a stream', () => {
  const limits = { firstContentMs: 10_000, idleMs: 0 };

  it('a finish_reason marks a complete answer; an empty one, as some servers send, does not', async () => {
    const pieces: string[] = [];
    expect(
      await readChatStream(streamOf([{ content: 'Hel' }, { content: 'lo' }, { finish: 'stop' }]), limits, (d) => pieces.push(d)),
    ).toEqual({ finishReason: 'stop', usage: null });
    expect(pieces).toEqual(['Hel', 'lo']);
    expect(
      await readChatStream(
        streamOf([
          { content: 'Hel', finish: '' },
          { content: 'lo', finish: '' },
        ]),
        limits,
        () => {},
      ),
    ).toEqual({ finishReason: null, usage: null });
    expect(await readChatStream(streamOf([{ content: 'cut' }]), limits, () => {})).toEqual({ finishReason: null, usage: null });
  });
});

describe('provider errors and keys', () => {
  it('an unreachable server is named by the URL called: the request’s own, else the base URL in use', () => {
    const gemini = { provider: 'gemini' as const, apiKey: 'AIzaSyFakeFakeFakeFakeFakeFakeFakeFake' };
    const refused = new APIConnectionError({ message: 'Connection error.' });
    expect(describeProviderError(refused, gemini).message).toMatch(
      /^Could not reach https:\/\/generativelanguage\.googleapis\.com\/v1beta\. /,
    );
    expect(describeProviderError(refused, gemini, { baseUrls: { gemini: 'http://127.0.0.1:54330/v1beta' } }).message).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:54330\/v1beta\. /,
    );
    // A web page reaches Cohere through the relay: an unreachable relay is named.
    const relay = { url: 'https://project.example/functions/v1/ai-relay', anonKey: 'anon', accessToken: async () => 'jwt' };
    expect(describeProviderError(refused, { provider: 'cohere', apiKey: 'co-x' }, { surface: 'page', relay }).message).toMatch(
      /^Could not reach https:\/\/project\.example\/functions\/v1\/ai-relay\. /,
    );
    const whoami = new ProviderUnreachableError('https://huggingface.co/api/whoami-v2', refused);
    expect(describeProviderError(whoami, { provider: 'huggingface', apiKey: 'hf_x' }).message).toMatch(
      /^Could not reach https:\/\/huggingface\.co\/api\/whoami-v2\. /,
    );
  });

  it('a key is required as each provider says, except at a custom base URL', () => {
    for (const endpoint of Object.values(PROVIDER_ENDPOINTS)) {
      expect(keyRequired({ provider: endpoint.id, apiKey: null })).toBe(endpoint.keyRequired);
    }
    expect(keyRequired({ provider: 'chatgpt_custom', apiKey: null, customBaseUrl: 'http://localhost:11434/v1' })).toBe(false);
  });
});

describe('provider names in the prompt screens', () => {
  it("use the product's names for OpenAI, Gemini and Custom ChatGPT; the others keep theirs; never two key notes", () => {
    const labels = PROMPT_SCREEN_PROVIDER_LABELS;
    expect(providerOptionLabel('openai', true, labels)).toBe('GPT-4 Turbo');
    expect(providerOptionLabel('openai', false, labels)).toBe('GPT-4 Turbo (no key)');
    expect(providerOptionLabel('gemini', false, labels)).toBe('Gemini Pro (Requires API Key)');
    expect(providerOptionLabel('chatgpt_custom', true, labels)).toBe('Custom ChatGPT (Requires API Key)');
    expect(providerOptionLabel('anthropic', false, labels)).toBe('Anthropic (no key)');
    expect(providerOptionLabel('gemini', false)).toBe('Gemini (no key)');
  });
});
