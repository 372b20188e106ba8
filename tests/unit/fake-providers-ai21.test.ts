import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('ai21', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

const headers = (key: string | null = FAKE_KEYS.ai21.good) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});
const chat = (body: Record<string, unknown>, key?: string | null) =>
  fetch(`${fake.baseURL}/chat/completions`, {
    method: 'POST',
    headers: headers(key),
    body: JSON.stringify({ model: 'jamba-large', messages: [{ role: 'user', content: 'Write a tagline' }], ...body }),
  });

describe('AI21 fake', () => {
  it('J1: chat answers at /studio/v1; an unknown path (embeddings too) is a 404 {detail}', async () => {
    expect(fake.baseURL).toBe(`${fake.url}/studio/v1`);
    expect((await chat({})).status).toBe(200);
    const res = await fetch(`${fake.baseURL}/embeddings`, { method: 'POST', headers: headers(), body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not Found' });
  });

  it('J2: a missing or bad key is 401 {"detail": "Bad request: bad or missing authentication."}', async () => {
    for (const key of [null, FAKE_KEYS.ai21.bad]) {
      const res = await chat({}, key);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Bad request: bad or missing authentication.' });
    }
  });

  it('J3: no CORS (unverified): no ACAO anywhere, a preflight without CORS headers', async () => {
    expect((await chat({})).headers.get('access-control-allow-origin')).toBeNull();
    expect((await chat({}, FAKE_KEYS.ai21.bad)).headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: BROWSER_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('J4: max_tokens above 4096 is a 422 validation error', async () => {
    const res = await chat({ max_tokens: 4097 });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [expect.objectContaining({ loc: ['body', 'max_tokens'], msg: 'ensure this value is less than or equal to 4096' })],
    });
    expect((await chat({ max_tokens: 4096 })).status).toBe(200);
  });

  it('J5: stream with tools is refused', async () => {
    const res = await chat({ stream: true, tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc).toEqual(['body', 'stream']);
  });

  it('J6: JSON mode with response_format; a system message is taken', async () => {
    const res = await chat({
      messages: [
        { role: 'system', content: 'Answer in JSON' },
        { role: 'user', content: 'Give me data' },
      ],
      response_format: { type: 'json_object' },
    });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual({ result: 'ok', topic: 'Give me data', words: 3 });
  });

  it('J7: an unknown model (jamba-1.5-large) is a 404 {detail}', async () => {
    const res = await chat({ model: 'jamba-1.5-large' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Model jamba-1.5-large not found' });
    expect((await chat({ model: 'jamba-mini-2-2026-01' })).status).toBe(200);
  });

  it('J8: the stream ends with [DONE] and no usage chunk, even with include_usage', async () => {
    const { events } = await readSse(await chat({ stream: true, stream_options: { include_usage: true } }));
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(jsonEvents(events).every(({ json }) => !('usage' in json))).toBe(true);
    expect(openAIStreamText(events)).toMatch(/^## Draft: Write a tagline/);
  });

  it('J9: markers fail as {detail}, without Retry-After', async () => {
    const limited = await chat({ messages: [{ role: 'user', content: 'Hi [[fake:429]]' }] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(await limited.json()).toEqual({ detail: 'You are sending requests too quickly. Please slow down.' });
    const overloaded = await chat({ messages: [{ role: 'user', content: 'Hi [[fake:overloaded]]' }] });
    expect(overloaded.status).toBe(503);
    expect(((await overloaded.json()) as { detail: string }).detail).toMatch(/overloaded/);
  });

  it('J10: GET /studio/v1/models answers 200 {data: []} with or without a key', async () => {
    for (const key of [null, FAKE_KEYS.ai21.bad, FAKE_KEYS.ai21.good]) {
      const res = await fetch(fake.modelsURL, { headers: headers(key) });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: [] });
    }
  });
});
