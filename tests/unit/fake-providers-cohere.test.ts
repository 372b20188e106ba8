import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../fixtures/fake-ai/embeddings.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('cohere', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

const headers = (key: string | null = FAKE_KEYS.cohere.good) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});
const post = (path: string, body: Record<string, unknown>, key?: string | null) =>
  fetch(`${fake.url}${path}`, { method: 'POST', headers: headers(key), body: JSON.stringify(body) });
const native = (body: Record<string, unknown>) =>
  post('/v2/chat', { model: 'command-a-03-2025', messages: [{ role: 'user', content: 'Write a tagline' }], ...body });
const compat = (body: Record<string, unknown>) =>
  post('/compatibility/v1/chat/completions', {
    model: 'command-a-03-2025',
    messages: [{ role: 'user', content: 'Write a tagline' }],
    ...body,
  });

describe('Cohere fake', () => {
  it('C1: native and compatibility paths answer; an unknown path is a 404 {id, message}', async () => {
    expect(fake.baseURL).toBe(`${fake.url}/compatibility/v1`);
    expect(fake.modelsURL).toBe(`${fake.url}/v1/models`);
    expect((await native({})).status).toBe(200);
    expect((await compat({})).status).toBe(200);
    const missing = await fetch(`${fake.baseURL}/models`, { headers: headers() });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ id: expect.any(String), message: expect.stringMatching(/not found/) });
  });

  it('C2: a missing key and a bad key are 401 with Cohere’s messages', async () => {
    const none = await post('/v2/chat', {}, null);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { message: string }).message).toBe('no api key supplied');
    const bad = await post('/v2/chat', {}, FAKE_KEYS.cohere.bad);
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message: string }).message).toBe('invalid api token');
  });

  it('C3: no CORS (unverified): no ACAO on answers or errors, a preflight without CORS headers', async () => {
    const ok = await native({});
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await post('/v2/chat', {}, FAKE_KEYS.cohere.bad);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
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
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('C4: an unknown model is a 404', async () => {
    const res = await native({ model: 'command-r-plus' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/^model 'command-r-plus' not found/);
  });

  it('C5: max_tokens above the model’s output limit is a 400 "too many tokens"', async () => {
    const res = await native({ max_tokens: 10_000 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^too many tokens: max tokens must be less than or equal to 8192/);
    expect((await compat({ max_tokens: 10_000 })).status).toBe(400);
    expect((await native({ max_tokens: 8192 })).status).toBe(200);
  });

  it('C6: native roles are checked; JSON mode answers JSON on both APIs', async () => {
    const role = await native({ messages: [{ role: 'model', content: 'x' }] });
    expect(role.status).toBe(400);
    const json = (await (
      await native({ messages: [{ role: 'user', content: 'Give me data' }], response_format: { type: 'json_object' } })
    ).json()) as { message: { content: { text: string }[] } };
    expect(JSON.parse(json.message.content[0]!.text)).toEqual({ result: 'ok', topic: 'Give me data', words: 3 });
    const layer = (await (
      await compat({ messages: [{ role: 'user', content: 'Give me data' }], response_format: { type: 'json_object' } })
    ).json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(layer.choices[0]!.message.content)).toMatchObject({ result: 'ok' });
  });

  it('C7: the native stream has Cohere’s events, usage in message-end (and in a whole answer)', async () => {
    const whole = (await (await native({})).json()) as {
      finish_reason: string;
      message: { content: { text: string }[] };
      usage: { tokens: { input_tokens: number; output_tokens: number } };
    };
    expect(whole.finish_reason).toBe('COMPLETE');
    expect(whole.usage.tokens).toEqual({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
    const { events } = await readSse(await native({ stream: true }));
    const parsed = jsonEvents(events);
    expect(parsed.map((e) => e.json.type).filter((t, i, all) => all.indexOf(t) === i)).toEqual([
      'message-start',
      'content-start',
      'content-delta',
      'content-end',
      'message-end',
    ]);
    const text = parsed
      .filter((e) => e.json.type === 'content-delta')
      .map((e) => (e.json as { delta: { message: { content: { text: string } } } }).delta.message.content.text)
      .join('');
    expect(text).toBe(whole.message.content[0]!.text);
    expect(parsed.at(-1)!.json).toMatchObject({
      delta: { finish_reason: 'COMPLETE', usage: { tokens: { output_tokens: whole.usage.tokens.output_tokens } } },
    });
  });

  it('C8: the compatibility stream ends in a finish_reason, without [DONE] or a usage chunk', async () => {
    const { events } = await readSse(await compat({ stream: true, stream_options: { include_usage: true } }));
    expect(events.some((e) => e.data === '[DONE]')).toBe(false);
    const chunks = jsonEvents(events);
    expect(chunks.every(({ json }) => !('usage' in json))).toBe(true);
    expect((chunks.at(-1)!.json.choices as { finish_reason: string }[])[0]!.finish_reason).toBe('stop');
    expect(openAIStreamText(events)).toMatch(/^## Draft: Write a tagline/);
  });

  it('C9: markers fail in {id, message} on both APIs, without Retry-After', async () => {
    const limited = await native({ messages: [{ role: 'user', content: 'Hi [[fake:429]]' }] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(((await limited.json()) as { message: string }).message).toMatch(/Trial key/);
    const broken = await compat({ messages: [{ role: 'user', content: 'Hi [[fake:500]]' }] });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ id: expect.any(String), message: expect.any(String) });
  });

  it('C10: the model list pages by 20 by default, filters by endpoint, and goes up to page_size', async () => {
    const first = (await (await fetch(fake.modelsURL, { headers: headers() })).json()) as {
      models: { name: string; endpoints: string[] }[];
      next_page_token?: string;
    };
    expect(first.models).toHaveLength(20);
    expect(first.models.map((m) => m.name)).not.toContain('command-a-03-2025');
    expect(first.next_page_token).toBe('20');
    const chat = (await (await fetch(`${fake.modelsURL}?endpoint=chat&page_size=1000`, { headers: headers() })).json()) as {
      models: { name: string; endpoints: string[]; context_length: number }[];
      next_page_token?: string;
    };
    expect(chat.models.map((m) => m.name)).toEqual(expect.arrayContaining(['command-a-03-2025', 'command-r7b-12-2024']));
    expect(chat.models.every((m) => m.endpoints.includes('chat'))).toBe(true);
    expect(chat.next_page_token).toBeUndefined();
    const embed = (await (await fetch(`${fake.modelsURL}?endpoint=embed&page_size=1000`, { headers: headers() })).json()) as {
      models: { name: string }[];
    };
    expect(embed.models.map((m) => m.name)).toContain('embed-v4.0');
  });

  it('C11: /v2/embed gives the shared vectors, needs input_type, takes at most 96 texts; compat embeddings too', async () => {
    const ok = (await (
      await post('/v2/embed', { model: 'embed-v4.0', texts: ['refund policy'], input_type: 'search_document', embedding_types: ['float'] })
    ).json()) as { embeddings: { float: number[][] } };
    expect(ok.embeddings.float[0]).toEqual(fakeEmbedding('refund policy'));
    const noType = await post('/v2/embed', { model: 'embed-v4.0', texts: ['x'] });
    expect(noType.status).toBe(400);
    expect(((await noType.json()) as { message: string }).message).toMatch(/input_type is required/);
    const many = await post('/v2/embed', { model: 'embed-v4.0', texts: Array.from({ length: 97 }, () => 'x'), input_type: 'search_query' });
    expect(many.status).toBe(400);
    const layer = (await (
      await post('/compatibility/v1/embeddings', { model: 'embed-v4.0', input: ['refund policy'], encoding_format: 'float' })
    ).json()) as {
      data: { embedding: number[] }[];
    };
    expect(layer.data[0]!.embedding).toEqual(fakeEmbedding('refund policy'));
  });
});
