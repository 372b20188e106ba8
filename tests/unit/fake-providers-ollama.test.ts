import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../fixtures/fake-ai/embeddings.ts';
import { startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { originAllowed, OLLAMA_DEFAULT_ORIGINS } from '../fixtures/fake-providers/ollama.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('ollama', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

const EXTENSION_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const headers = (origin: string | null = BROWSER_ORIGIN, key: string | null = 'ollama') => ({
  'content-type': 'application/json',
  ...(origin ? { origin } : {}),
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});
const chat = (body: Record<string, unknown>, origin?: string | null, key?: string | null) =>
  fetch(`${fake.baseURL}/chat/completions`, {
    method: 'POST',
    headers: headers(origin, key),
    body: JSON.stringify({ model: 'llama3.2', messages: [{ role: 'user', content: 'Write a tagline' }], ...body }),
  });

describe('Ollama fake', () => {
  it('L1: known paths answer; unknown is "404 page not found", a wrong method 405', async () => {
    expect(await (await fetch(`${fake.url}/`)).text()).toBe('Ollama is running');
    const unknown = await fetch(`${fake.baseURL}/nope`, { headers: headers() });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('404 page not found');
    const wrong = await fetch(`${fake.baseURL}/chat/completions`, { headers: headers() });
    expect(wrong.status).toBe(405);
  });

  it('L2: any key, or none, is accepted', async () => {
    expect((await chat({}, BROWSER_ORIGIN, null)).status).toBe(200);
    expect((await chat({}, BROWSER_ORIGIN, 'sk-anything')).status).toBe(200);
  });

  it('L3: an origin outside the list (an extension by default) is 403 with no body and no ACAO', async () => {
    const refused = await chat({}, EXTENSION_ORIGIN);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.text()).toBe('');
    const preflight = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(originAllowed('http://localhost:5173', OLLAMA_DEFAULT_ORIGINS)).toBe(true);
    expect(originAllowed('https://127.0.0.1', OLLAMA_DEFAULT_ORIGINS)).toBe(true);
    expect(originAllowed('http://localhost.evil.com', OLLAMA_DEFAULT_ORIGINS)).toBe(false);
    const configured = await startFakeProvider('ollama', { allowedOrigins: [...OLLAMA_DEFAULT_ORIGINS, 'chrome-extension://*'] });
    try {
      const res = await fetch(`${configured.baseURL}/models`, { headers: headers(EXTENSION_ORIGIN) });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(EXTENSION_ORIGIN);
    } finally {
      await configured.close();
    }
  });

  it('L4: an allowed origin gets ACAO = the origin; the preflight lists authorization, content-type and x-stainless-*', async () => {
    const preflight = await fetch(`${fake.baseURL}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: BROWSER_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-stainless-os',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-stainless-os', 'x-stainless-retry-count']));
    expect((await chat({})).headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    expect((await chat({}, null)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('L5: response_format, max_tokens and unsupported fields (n, tool_choice, logit_bias) are taken', async () => {
    const res = await chat({
      messages: [{ role: 'user', content: 'Give me data' }],
      response_format: { type: 'json_object' },
      max_tokens: 100_000,
      n: 3,
      tool_choice: 'auto',
      logit_bias: { 1: 2 },
    });
    const body = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual({ result: 'ok', topic: 'Give me data', words: 3 });
  });

  it('L6: an unknown model is 404 not_found_error; a name means name:latest', async () => {
    const res = await chat({ model: 'mistral' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: "model 'mistral' not found", type: 'not_found_error', param: null, code: null } });
    expect((await chat({ model: 'llama3.2:latest' })).status).toBe(200);
  });

  it('L7: the stream ends with [DONE], with a usage chunk when include_usage asks', async () => {
    const { events } = await readSse(await chat({ stream: true, stream_options: { include_usage: true } }));
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(jsonEvents(events).at(-1)!.json).toMatchObject({ choices: [], usage: { completion_tokens: expect.any(Number) } });
    expect(openAIStreamText(events)).toMatch(/^## Draft: Write a tagline/);
  });

  it('L8: failures are OpenAI-style errors', async () => {
    const res = await chat({ messages: [{ role: 'user', content: 'Hi [[fake:500]]' }] });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { message: expect.any(String), type: 'api_error', param: null, code: null } });
    const bad = await chat({ messages: [] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('L9: the model list is OpenAI’s shape owned by library; embeddings take a string or a list', async () => {
    const list = (await (await fetch(fake.modelsURL, { headers: headers() })).json()) as {
      object: string;
      data: { id: string; owned_by: string }[];
    };
    expect(list.object).toBe('list');
    expect(list.data[0]).toMatchObject({ id: 'llama3.2:latest', owned_by: 'library' });
    const one = (await (
      await fetch(`${fake.baseURL}/embeddings`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ model: 'nomic-embed-text', input: 'refund policy', encoding_format: 'float' }),
      })
    ).json()) as { data: { embedding: number[] }[] };
    expect(one.data[0]!.embedding).toEqual(fakeEmbedding('refund policy'));
    const chatModel = await fetch(`${fake.baseURL}/embeddings`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ model: 'llama3.2', input: ['x'] }),
    });
    expect(chatModel.status).toBe(400);
  });
});
