import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../fixtures/fake-ai/embeddings.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('gemini', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

const native = (key: string | null = FAKE_KEYS.gemini.good) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  ...(key ? { 'x-goog-api-key': key } : {}),
});
const generate = (
  body: Record<string, unknown>,
  { model = 'gemini-3.8-flash', method = 'generateContent', query = '', key }: Record<string, string | null | undefined> = {},
) => fetch(`${fake.baseURL}/models/${model}:${method}${query ?? ''}`, { method: 'POST', headers: native(key), body: JSON.stringify(body) });
const user = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] });
const textOf = (body: { candidates: { content: { parts: { text: string }[] } }[] }) =>
  body.candidates.map((c) => c.content.parts.map((p) => p.text).join('')).join('');

const layer = (key: string | null = FAKE_KEYS.gemini.good) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});
const layerChat = (body: Record<string, unknown>, key?: string | null) =>
  fetch(`${fake.baseURL}/openai/chat/completions`, { method: 'POST', headers: layer(key), body: JSON.stringify(body) });

describe('Gemini fake', () => {
  it('G1: an unknown path is Google’s HTML 404', async () => {
    const res = await fetch(`${fake.baseURL}/nope`, { headers: native() });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Error 404 (Not Found)');
  });

  it('G2: a bad key is 400 API_KEY_INVALID; no key 403; a Bearer-only native call 401; ?key= works', async () => {
    const bad = await generate(user('Hi'), { key: FAKE_KEYS.gemini.bad });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: number; status: string; details: { reason?: string }[] } };
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.' });
    expect(body.error.details[0]!.reason).toBe('API_KEY_INVALID');

    const none = await generate(user('Hi'), { key: null });
    expect(none.status).toBe(403);
    expect(((await none.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');

    const bearer = await fetch(`${fake.baseURL}/models/gemini-3.8-flash:generateContent`, {
      method: 'POST',
      headers: layer(),
      body: JSON.stringify(user('Hi')),
    });
    expect(bearer.status).toBe(401);
    expect(((await bearer.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');

    const query = await generate(user('Hi'), { key: null, query: `?key=${FAKE_KEYS.gemini.good}` });
    expect(query.status).toBe(200);

    const marker = await generate(user('Hi [[fake:401]]'));
    expect(marker.status).toBe(400);
    expect(((await marker.json()) as { error: { details: { reason?: string }[] } }).error.details[0]!.reason).toBe('API_KEY_INVALID');
  });

  it('G3: the OpenAI layer takes Bearer and wraps its errors in an array', async () => {
    const bad = await layerChat({ model: 'gemini-3.8-flash', messages: [{ role: 'user', content: 'Hi' }] }, FAKE_KEYS.gemini.bad);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as [{ error: { status: string; details: { reason?: string }[] } }];
    expect(Array.isArray(body)).toBe(true);
    expect(body[0].error.details[0]!.reason).toBe('API_KEY_INVALID');
    expect((await layerChat({ model: 'gemini-3.8-flash', messages: [{ role: 'user', content: 'Hi' }] })).status).toBe(200);
  });

  it('G4: native preflight allows exactly content-type, x-goog-api-key, x-goog-api-client; ACAO on errors too', async () => {
    const res = await fetch(`${fake.baseURL}/models/gemini-3.8-flash:streamGenerateContent?alt=sse`, {
      method: 'OPTIONS',
      headers: {
        origin: BROWSER_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-goog-api-key',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type, x-goog-api-key, x-goog-api-client');
    const refused = await generate(user('Hi'), { key: FAKE_KEYS.gemini.bad });
    expect(refused.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
  });

  it('G5: the OpenAI layer refuses a preflight naming x-stainless-* (403, no ACAO) and accepts one without', async () => {
    const preflight = (requested: string) =>
      fetch(`${fake.baseURL}/openai/chat/completions`, {
        method: 'OPTIONS',
        headers: { origin: BROWSER_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': requested },
      });
    const stainless = await preflight('authorization, content-type, x-stainless-os, x-stainless-lang');
    expect(stainless.status).toBe(403);
    expect(stainless.headers.get('access-control-allow-origin')).toBeNull();
    const clean = await preflight('authorization, content-type');
    expect(clean.status).toBe(200);
    expect(clean.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
  });

  it('G6: roles are user/model only, the system prompt is systemInstruction, JSON mode is responseMimeType', async () => {
    const system = await generate({ contents: [{ role: 'system', parts: [{ text: 'Be brief' }] }, ...user('Hi').contents] });
    expect(system.status).toBe(400);
    expect(((await system.json()) as { error: { message: string } }).error.message).toBe('Please use a valid role: user, model.');
    const ok = await generate({ systemInstruction: { parts: [{ text: 'Be brief' }] }, ...user('Hi') });
    expect(ok.status).toBe(200);
    const json = await generate({ ...user('Give me data'), generationConfig: { responseMimeType: 'application/json' } });
    expect(JSON.parse(textOf((await json.json()) as never))).toEqual({ result: 'ok', topic: 'Give me data', words: 3 });
  });

  it('G7: maxOutputTokens above 65,536 is refused (native and OpenAI layer)', async () => {
    const over = await generate({ ...user('Hi'), generationConfig: { maxOutputTokens: 70_000 } });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    expect((await generate({ ...user('Hi'), generationConfig: { maxOutputTokens: 65_536 } })).status).toBe(200);
    const layerOver = await layerChat({ model: 'gemini-3.8-flash', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 70_000 });
    expect(layerOver.status).toBe(400);
    expect(Array.isArray(await layerOver.json())).toBe(true);
  });

  it('G8: Gemini 3.x refuses thinking level minimal and takes low', async () => {
    const minimal = await generate({ ...user('Hi'), generationConfig: { thinkingConfig: { thinkingLevel: 'minimal' } } });
    expect(minimal.status).toBe(400);
    expect(((await minimal.json()) as { error: { message: string } }).error.message).toMatch(/minimal is not supported/);
    expect((await generate({ ...user('Hi'), generationConfig: { thinkingConfig: { thinkingLevel: 'low' } } })).status).toBe(200);
  });

  it('G9: a retired model is 404 NOT_FOUND; gemini-3.7-flash is routed to 3.8', async () => {
    const retired = await generate(user('Hi'), { model: 'gemini-2.0-flash' });
    expect(retired.status).toBe(404);
    expect(((await retired.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    const routed = await generate(user('Hi'), { model: 'gemini-3.7-flash' });
    expect(((await routed.json()) as { modelVersion: string }).modelVersion).toBe('gemini-3.8-flash');
  });

  it('G10, G11: the SSE stream sends full responses, usage on every chunk, totals and STOP last, no [DONE]', async () => {
    const whole = (await (await generate(user('Write a tagline'))).json()) as {
      usageMetadata: Record<string, number>;
      candidates: { finishReason: string; content: { parts: { text: string }[] } }[];
    };
    expect(whole.usageMetadata).toEqual({
      promptTokenCount: expect.any(Number),
      candidatesTokenCount: expect.any(Number),
      thoughtsTokenCount: 0,
      totalTokenCount: expect.any(Number),
    });
    expect(whole.candidates[0]!.finishReason).toBe('STOP');

    const stream = await generate(user('Write a tagline'), { method: 'streamGenerateContent', query: '?alt=sse' });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const { events, raw } = await readSse(stream);
    expect(raw).toContain('\r\n\r\n');
    expect(raw).not.toContain('[DONE]');
    const chunks = jsonEvents(events).map((e) => e.json as typeof whole);
    expect(chunks.every((c) => (c.usageMetadata.promptTokenCount ?? 0) > 0)).toBe(true);
    expect(chunks.at(-1)!.candidates[0]!.finishReason).toBe('STOP');
    expect(chunks.at(-1)!.usageMetadata.candidatesTokenCount).toBe(whole.usageMetadata.candidatesTokenCount);
    expect(chunks.slice(0, -1).every((c) => c.candidates[0]!.finishReason === undefined)).toBe(true);
    expect(chunks.map((c) => textOf(c as never)).join('')).toBe(textOf(whole as never));

    const array = await generate(user('Write a tagline'), { method: 'streamGenerateContent' });
    const parsed = (await array.json()) as (typeof whole)[];
    expect(parsed.map((c) => textOf(c as never)).join('')).toBe(textOf(whole as never));
  });

  it('G12: markers fail in Google’s shape without Retry-After', async () => {
    const limited = await generate(user('Hi [[fake:429]]'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(((await limited.json()) as { error: { status: string } }).error.status).toBe('RESOURCE_EXHAUSTED');
    const broken = await generate(user('Hi [[fake:500]]'));
    expect(((await broken.json()) as { error: { status: string } }).error.status).toBe('INTERNAL');
    const overloaded = await generate(user('Hi [[fake:overloaded]]'));
    expect(overloaded.status).toBe(503);
    expect(((await overloaded.json()) as { error: { status: string; message: string } }).error).toMatchObject({
      status: 'UNAVAILABLE',
      message: 'The model is overloaded. Please try again later.',
    });
  });

  it('G13: the model list has models/ names with token limits, paged', async () => {
    const list = (await (await fetch(fake.modelsURL, { headers: native() })).json()) as {
      models: { name: string; outputTokenLimit: number; supportedGenerationMethods: string[] }[];
      nextPageToken?: string;
    };
    expect(list.models.map((m) => m.name)).toEqual(
      expect.arrayContaining(['models/gemini-3.8-flash', 'models/gemini-3.5-flash-lite', 'models/gemini-embedding-001']),
    );
    expect(list.models.find((m) => m.name === 'models/gemini-3.8-flash')).toMatchObject({
      outputTokenLimit: 65_536,
      supportedGenerationMethods: expect.arrayContaining(['generateContent']),
    });
    expect(list.nextPageToken).toBeUndefined();
    const first = (await (await fetch(`${fake.modelsURL}?pageSize=2`, { headers: native() })).json()) as {
      models: unknown[];
      nextPageToken: string;
    };
    expect(first.models).toHaveLength(2);
    const second = (await (await fetch(`${fake.modelsURL}?pageSize=2&pageToken=${first.nextPageToken}`, { headers: native() })).json()) as {
      models: { name: string }[];
    };
    expect(second.models[0]!.name).toBe('models/gemini-3.1-flash-lite');
  });

  it('G14: batchEmbedContents gives the shared vectors, at most 100, each naming the URL’s model', async () => {
    const request = (text: string, model = 'models/gemini-embedding-001') => ({ model, content: { parts: [{ text }] } });
    const embed = (requests: unknown[], model = 'gemini-embedding-001') => generate({ requests }, { model, method: 'batchEmbedContents' });
    const ok = (await (await embed([request('refund policy'), request('price')])).json()) as { embeddings: { values: number[] }[] };
    expect(ok.embeddings[0]!.values).toEqual(fakeEmbedding('refund policy'));
    expect(ok.embeddings).toHaveLength(2);
    expect((await embed(Array.from({ length: 101 }, () => request('x')))).status).toBe(400);
    expect((await embed([request('x', 'models/gemini-embedding-2')])).status).toBe(400);
    expect((await embed([request('x', 'models/gemini-3.8-flash')], 'gemini-3.8-flash')).status).toBe(404);
  });

  it('G15: the OpenAI layer lists models/ ids and honours include_usage', async () => {
    const list = (await (await fetch(`${fake.baseURL}/openai/models`, { headers: layer() })).json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id)).toContain('models/gemini-3.8-flash');
    const res = await layerChat({
      model: 'models/gemini-3.8-flash',
      messages: [{ role: 'user', content: 'Write a tagline' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { events } = await readSse(res);
    const chunks = jsonEvents(events);
    expect(chunks.at(-1)!.json).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
    expect(openAIStreamText(events)).toMatch(/^## Draft: Write a tagline/);
  });
});
