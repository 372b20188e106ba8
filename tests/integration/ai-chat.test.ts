import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeJson, completeText, streamText, type AiRequest } from '@/shared/ai/chat.ts';
import { testProviderKey } from '@/shared/ai/keyTest.ts';
import { setAiDefaults } from '@/shared/ai/settings.ts';
import { frameworkPrompt, offerFrameworkSchema } from '@/shared/core/offers/index.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { aiFailure } from '../helpers/aiFailure.ts';
import { usageLog } from '../helpers/usage.ts';

/** The AI runner through the real `openai` SDK against the fake provider: streaming, stop, JSON, every failure. */

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ chunkDelayMs: 2 });
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
  setAiDefaults({});
});

const chatRequests = () => fake.requests.filter((r) => r.path === '/v1/chat/completions').length;
const TIMEOUT_MESSAGE = 'The AI service did not answer in time. Please try again.';

const request = (prompt: string, extra: Partial<AiRequest> = {}): AiRequest => ({
  target: { provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY },
  model: 'gpt-4o-mini',
  prompt,
  settings: { baseUrls: { openai: fake.baseURL }, maxRetries: 2 },
  usage: usageLog(),
  ...extra,
});

describe('streaming text', () => {
  it('streams deltas that add up to the whole answer, as one user message', async () => {
    const deltas: string[] = [];
    const result = await streamText({ ...request('Write a tagline for a course on pricing'), onDelta: (d) => deltas.push(d) });
    expect(result.stopped).toBe(false);
    expect(result.text).toContain('## Draft: Write a tagline for a course on pricing');
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe(result.text);
    const sent = fake.requests.at(-1)!.body!;
    expect(sent).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'Write a tagline for a course on pricing' }],
    });
  });

  it('Stop keeps what had arrived', async () => {
    const controller = new AbortController();
    let seen = 0;
    const result = await streamText({
      ...request('A long answer please [[fake:slow]]'),
      signal: controller.signal,
      onDelta: () => {
        if (++seen === 3) controller.abort();
      },
    });
    expect(result.stopped).toBe(true);
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.text.length).toBeLessThan(60);
  });

  it('a stream cut midway fails with the network message and keeps the partial text', async () => {
    const error = await aiFailure(
      streamText(
        request('Cut me off [[fake:cut]]', { fallbackError: 'Could not generate the offer. Please check your network and try again.' }),
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Could not generate the offer. Please check your network and try again.');
    expect(error.partial.length).toBeGreaterThan(0);
  });

  it('a stream that stalls after some words times out at the idle limit and keeps them', async () => {
    const settings = { baseUrls: { openai: fake.baseURL }, streamIdleMs: 200 };
    const error = await aiFailure(streamText(request('Stall after a few words [[fake:stall]]', { settings })));
    expect(error).toMatchObject({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    expect(error.partial).toBe('## Draft: Stall after a few');
    expect(chatRequests()).toBe(1);
  });

  it('the idle limit comes from the same settings as the timeout (setAiDefaults)', async () => {
    setAiDefaults({ baseUrls: { openai: fake.baseURL }, streamIdleMs: 200 });
    const error = await aiFailure(streamText({ ...request('Stall [[fake:stall]]'), settings: undefined }));
    expect(error.kind).toBe('timeout');
  });

  it('before its first words a stream has the request timeout, even with no idle limit', async () => {
    fake.script([{ stallAfterChunks: 0 }]);
    const settings = { baseUrls: { openai: fake.baseURL }, timeoutMs: 300, streamIdleMs: 0 };
    const error = await aiFailure(streamText(request('Think first', { settings })));
    expect(error).toMatchObject({ kind: 'timeout', partial: '' });
  });

  it('Stop during a stall still resolves with the words so far', async () => {
    const controller = new AbortController();
    let seen = 0;
    const result = await streamText({
      ...request('Stall [[fake:stall]]', { settings: { baseUrls: { openai: fake.baseURL }, streamIdleMs: 0 } }),
      signal: controller.signal,
      onDelta: () => {
        if (++seen === 6) controller.abort();
      },
    });
    expect(result).toMatchObject({ stopped: true, text: '## Draft: Stall [[fake:stall]]' });
  });

  it('a stream that ends cleanly without a finish_reason was cut: the network message, partial kept', async () => {
    const error = await aiFailure(streamText(request('End early [[fake:early]]')));
    expect(error).toMatchObject({ kind: 'network', message: 'Could not reach the AI service. Please check your network and try again.' });
    expect(error.partial).toBe('## Draft: End early [[fake:early');
  });
});

describe('JSON mode', () => {
  it('asks for json_object and validates with the schema', async () => {
    const framework = await completeJson({ ...request(frameworkPrompt('pricing for coaches')), schema: offerFrameworkSchema });
    expect(framework.title).toBe('Pricing For Coaches Accelerator');
    expect(framework.items).toHaveLength(19);
    expect(fake.requests.at(-1)!.body).toMatchObject({ response_format: { type: 'json_object' } });
  });

  it('bad JSON and a schema mismatch give the product’s message', async () => {
    const bad = await aiFailure(completeJson({ ...request('x [[fake:badjson]]'), schema: z.object({ a: z.string() }) }));
    expect(bad).toMatchObject({ kind: 'badJson', message: 'The AI returned an unexpected data format. Please try again.' });
    fake.script([{ json: { title: 'only a title' } }]);
    const mismatch = await aiFailure(completeJson({ ...request('framework please'), schema: offerFrameworkSchema }));
    expect(mismatch.kind).toBe('badJson');
  });

  it('reads JSON wrapped in a fence or prose', async () => {
    fake.script([{ text: 'Here you go:\n```json\n{"a": "b"}\n```\nEnjoy!' }]);
    expect(await completeJson({ ...request('x'), schema: z.object({ a: z.string() }) })).toEqual({ a: 'b' });
  });
});

describe('failures map to the catalogue', () => {
  it('401 → the authentication message naming the provider', async () => {
    const error = await aiFailure(completeText(request('x [[fake:401]]')));
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      message: 'Authentication failed. Please check your OpenAI API key in Settings.',
    });
    const rejected = await aiFailure(
      completeText({ ...request('x'), target: { provider: 'openai', apiKey: 'sk-fake-bad-key-0000000000' } }),
    );
    expect(rejected.kind).toBe('auth');
  });

  it('429 and 500 are retried with backoff; a later success wins', async () => {
    fake.script([
      { status: 429, message: 'Slow down', retryAfter: 0 },
      { status: 500, message: 'Oops' },
    ]);
    expect(await completeText(request('retry me'))).toContain('## Draft: retry me');
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(3);
  });

  it('when retries run out: "The AI service returned an error: {message}"', async () => {
    const limited = await aiFailure(completeText(request('x [[fake:429]]')));
    expect(limited).toMatchObject({
      kind: 'rateLimit',
      status: 429,
      message: 'The AI service returned an error: Rate limit reached for requests. Please try again in 1s.',
    });
    fake.script([
      { status: 500, message: 'The server had an error' },
      { status: 500, message: 'The server had an error' },
      { status: 500, message: 'The server had an error' },
    ]);
    const server = await aiFailure(completeText(request('y')));
    expect(server).toMatchObject({ kind: 'api', status: 500, message: 'The AI service returned an error: The server had an error' });
    const notRetried = fake.requests.filter((r) => r.path === '/v1/chat/completions').length;
    fake.script([{ status: 400, message: 'Bad model' }]);
    await aiFailure(completeText(request('z')));
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions').length).toBe(notRetried + 1);
  });

  it('a provider that never answers times out once: a timeout is not retried', async () => {
    const settings = { baseUrls: { openai: fake.baseURL }, timeoutMs: 300, maxRetries: 2 };
    const error = await aiFailure(completeText({ ...request('x [[fake:timeout]]'), settings }));
    expect(error).toMatchObject({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    expect(chatRequests()).toBe(1);
    const streamed = await aiFailure(streamText({ ...request('y [[fake:timeout]]'), settings }));
    expect(streamed.kind).toBe('timeout');
    expect(chatRequests()).toBe(2);
  });

  it('a connection dropped before any answer is not retried', async () => {
    // A retry would get the next (normal) answer and succeed.
    fake.script([{ drop: true }]);
    const error = await aiFailure(completeText(request('dropped')));
    expect(error.kind).toBe('network');
    expect(chatRequests()).toBe(1);
  });

  it('an unreachable provider is a network failure with the caller’s wording; a missing key is caught before any call', async () => {
    const error = await aiFailure(
      completeText({
        ...request('x'),
        settings: { baseUrls: { openai: 'http://127.0.0.1:9/v1' }, maxRetries: 0 },
        fallbackError: 'Could not generate the offer. Please check your network and try again.',
      }),
    );
    expect(error).toMatchObject({ kind: 'network', message: 'Could not generate the offer. Please check your network and try again.' });
    const before = fake.requests.length;
    const noKey = await aiFailure(completeText({ ...request('x'), target: { provider: 'anthropic', apiKey: '' } }));
    expect(noKey).toMatchObject({ kind: 'noKey', title: 'Anthropic API Key Missing' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('model lists', () => {
  it('an unreachable server is named by the URL actually called (the override, not the provider’s)', async () => {
    const unreachable = 'http://127.0.0.1:9/v1';
    const result = await testProviderKey({ provider: 'openai', apiKey: FAKE_OPENAI_GOOD_KEY }, { baseUrls: { openai: unreachable } });
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9\/v1\/models\. /);
  });
});
