import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../fixtures/fake-ai/embeddings.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('openai', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

const headers = (key: string | null = FAKE_KEYS.openai.good) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});
const chat = (body: Record<string, unknown>, key?: string | null) =>
  fetch(`${fake.baseURL}/chat/completions`, { method: 'POST', headers: headers(key), body: JSON.stringify(body) });
const ask = (prompt: string, extra: Record<string, unknown> = {}) =>
  chat({ model: 'gpt-6.1-terra', messages: [{ role: 'user', content: prompt }], ...extra });

describe('OpenAI fake', () => {
  it('O1: an unknown path is a 404 in OpenAI’s error body', async () => {
    const res = await fetch(`${fake.baseURL}/nope`, { headers: headers() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { message: 'Invalid URL (GET /v1/nope)', type: 'invalid_request_error', param: null, code: null },
    });
  });

  it('O2: a missing key and a bad key are 401; the good Bearer key lists the models', async () => {
    const none = await fetch(`${fake.baseURL}/models`, { headers: headers(null) });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/^You didn't provide an API key/);
    const bad = await fetch(`${fake.baseURL}/models`, { headers: headers(FAKE_KEYS.openai.bad) });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    const good = await fetch(`${fake.baseURL}/models`, { headers: headers() });
    expect(good.status).toBe(200);
  });

  it('O3: the preflight allows the SDK’s headers (stainless included), not user-agent; ACAO * on errors too', async () => {
    const preflight = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: BROWSER_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-stainless-os, x-stainless-retry-count, x-stainless-new-thing',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers.get('access-control-allow-headers')!.split(', ');
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-stainless-os', 'x-stainless-retry-count', 'x-stainless-new-thing']),
    );
    expect(allowed).not.toContain('user-agent');
    const refused = await fetch(`${fake.baseURL}/models`, { headers: headers(FAKE_KEYS.openai.bad) });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('O4: a reasoning model refuses max_tokens and takes max_completion_tokens', async () => {
    const refused = await ask('Hello', { max_tokens: 100 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      },
    });
    expect((await ask('Hello', { max_completion_tokens: 100 })).status).toBe(200);
  });

  it('O5: reasoning models refuse sampling parameters unless GPT-5.1+ runs with reasoning effort none', async () => {
    const temperature = await chat({ model: 'gpt-5.6-terra', messages: [{ role: 'user', content: 'Hi' }], temperature: 0.2 });
    expect(temperature.status).toBe(400);
    expect(((await temperature.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: 'unsupported_value',
      param: 'temperature',
    });
    const logprobs = await ask('Hi', { logprobs: true });
    expect(logprobs.status).toBe(400);
    expect(((await logprobs.json()) as { error: { code: string } }).error.code).toBe('unsupported_parameter');
    expect((await ask('Hi', { temperature: 0.2, reasoning_effort: 'none' })).status).toBe(200);
  });

  it('O6: JSON mode (response_format json_object) answers JSON', async () => {
    const res = await ask('Give me data', { response_format: { type: 'json_object' } });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual({ result: 'ok', topic: 'Give me data', words: 3 });
  });

  it('O7: an unknown model, or an embedding model on chat, is a 404', async () => {
    const unknown = await chat({ model: 'gpt-4-turbo-preview', messages: [{ role: 'user', content: 'Hi' }] });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('model_not_found');
    const embedding = await chat({ model: 'text-embedding-3-small', messages: [{ role: 'user', content: 'Hi' }] });
    expect(embedding.status).toBe(404);
    expect(((await embedding.json()) as { error: { message: string } }).error.message).toMatch(/not a chat model/);
  });

  it('O8: a stream ends with [DONE]; a usage chunk comes only with include_usage', async () => {
    const plain = await readSse(await ask('Write a tagline', { stream: true }));
    expect(plain.events.at(-1)!.data).toBe('[DONE]');
    const chunks = jsonEvents(plain.events);
    expect(chunks.every(({ json }) => !('usage' in json))).toBe(true);
    expect((chunks.at(-1)!.json.choices as { finish_reason: string }[])[0]!.finish_reason).toBe('stop');

    const counted = await readSse(await ask('Write a tagline', { stream: true, stream_options: { include_usage: true } }));
    const events = jsonEvents(counted.events);
    const last = events.at(-1)!.json;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
    expect(events.slice(0, -1).every(({ json }) => json.usage === null)).toBe(true);
    expect(counted.events.at(-1)!.data).toBe('[DONE]');
    expect(openAIStreamText(counted.events)).toBe(openAIStreamText(plain.events));
  });

  it('O9: a whole answer carries usage with cached and reasoning token details', async () => {
    const body = (await (await ask('Hello')).json()) as { usage: Record<string, unknown> };
    expect(body.usage).toEqual({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it('O10: markers fail in OpenAI’s shape, without a retry-after header', async () => {
    const limited = await ask('Hi [[fake:429]]');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    const broken = await ask('Hi [[fake:500]]');
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: { type: string } }).error.type).toBe('server_error');
    expect((await ask('Hi [[fake:overloaded]]')).status).toBe(503);
    fake.script([{ status: 401, message: 'Scripted refusal' }]);
    const scripted = await ask('Hi');
    expect(scripted.status).toBe(401);
    expect(((await scripted.json()) as { error: { message: string } }).error.message).toBe('Scripted refusal');
  });

  it('O11: the model list has current ids, and shutdown dates for retiring ones', async () => {
    const body = (await (await fetch(`${fake.modelsURL}`, { headers: headers() })).json()) as {
      object: string;
      data: { id: string; shutdown_date: string | null }[];
    };
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id)).toEqual(
      expect.arrayContaining(['gpt-6.1-terra', 'gpt-6-luna', 'gpt-5.6-terra', 'text-embedding-3-small']),
    );
    expect(body.data.every((m) => m.shutdown_date === null)).toBe(true);
    const old = await startFakeProvider('openai', { models: ['gpt-4o', 'gpt-6.1-terra'] });
    try {
      const list = (await (await fetch(old.modelsURL, { headers: headers() })).json()) as {
        data: { id: string; shutdown_date: string | null }[];
      };
      expect(list.data).toEqual([
        expect.objectContaining({ id: 'gpt-4o', shutdown_date: '2027-01-14' }),
        expect.objectContaining({ shutdown_date: null }),
      ]);
    } finally {
      await old.close();
    }
  });

  it('O12: embeddings are the shared fake vectors; a chat model there is a 404', async () => {
    const res = await fetch(`${fake.baseURL}/embeddings`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ model: 'text-embedding-3-small', input: ['refund policy', 'price'], encoding_format: 'float' }),
    });
    const body = (await res.json()) as { data: { embedding: number[]; index: number }[] };
    expect(body.data[0]!.embedding).toEqual(fakeEmbedding('refund policy'));
    expect(body.data[1]!.index).toBe(1);
    const wrong = await fetch(`${fake.baseURL}/embeddings`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ model: 'gpt-6.1-terra', input: 'x' }),
    });
    expect(wrong.status).toBe(404);
  });

  it('records every request with its headers and origin', async () => {
    const before = fake.requests.length;
    await ask('Counted');
    const seen = fake.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', origin: BROWSER_ORIGIN });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${FAKE_KEYS.openai.good}`);
  });
});
