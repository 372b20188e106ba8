import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../fixtures/fake-ai/embeddings.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('huggingface', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

const headers = (key: string | null = FAKE_KEYS.huggingface.good) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});
const chat = (body: Record<string, unknown>, key?: string | null) =>
  fetch(`${fake.baseURL}/chat/completions`, {
    method: 'POST',
    headers: headers(key),
    body: JSON.stringify({ model: 'openai/gpt-oss-120b', messages: [{ role: 'user', content: 'Write a tagline' }], ...body }),
  });

describe('Hugging Face fake', () => {
  it('H1: router and Hub paths answer; an unknown path is a 404 {error}', async () => {
    expect(fake.whoamiURL).toBe(`${fake.url}/api/whoami-v2`);
    expect((await chat({})).status).toBe(200);
    const res = await fetch(`${fake.baseURL}/completions`, { method: 'POST', headers: headers(), body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not Found' });
  });

  it('H2: a missing or bad token is 401 {"error": "Invalid username or password."}', async () => {
    for (const key of [null, FAKE_KEYS.huggingface.bad]) {
      const res = await chat({}, key);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid username or password.' });
    }
  });

  it('H3: a token without the Inference Providers permission passes whoami but not the router', async () => {
    const whoami = await fetch(fake.whoamiURL!, { headers: headers(FAKE_KEYS.huggingface.noInference) });
    expect(whoami.status).toBe(200);
    const res = await chat({}, FAKE_KEYS.huggingface.noInference);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/does not have sufficient permissions to call Inference Providers/);
  });

  it('H4: no CORS (unverified): no ACAO anywhere, a preflight without CORS headers', async () => {
    expect((await chat({})).headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(fake.modelsURL, { headers: headers() })).headers.get('access-control-allow-origin')).toBeNull();
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

  it('H5: a model no enabled provider serves, or an unknown provider suffix, is a 400', async () => {
    const unknown = await chat({ model: 'someone/not-served' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: "The requested model 'someone/not-served' is not supported by any provider you have enabled.",
    });
    expect((await chat({ model: 'openai/gpt-oss-120b:nebius' })).status).toBe(400);
    expect((await chat({ model: 'openai/gpt-oss-120b:groq' })).status).toBe(200);
    expect((await chat({ model: 'openai/gpt-oss-120b:fastest' })).status).toBe(200);
  });

  it('H6: the stream ends with [DONE] and no usage chunk', async () => {
    const { events } = await readSse(await chat({ stream: true, stream_options: { include_usage: true } }));
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(jsonEvents(events).every(({ json }) => !('usage' in json))).toBe(true);
    expect(openAIStreamText(events)).toMatch(/^## Draft: Write a tagline/);
  });

  it('H7: markers fail as {"error": "<message>"}; 402 for exhausted credits', async () => {
    const limited = await chat({ messages: [{ role: 'user', content: 'Hi [[fake:429]]' }] });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: expect.any(String) });
    fake.script([{ status: 402 }]);
    const credits = await chat({});
    expect(credits.status).toBe(402);
    expect(((await credits.json()) as { error: string }).error).toMatch(/exceeded your monthly included credits/);
  });

  it('H8: the model list is public (no key, a bad key not refused) and lists providers per chat model', async () => {
    for (const key of [null, FAKE_KEYS.huggingface.bad]) {
      const res = await fetch(fake.modelsURL, { headers: headers(key) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        object: string;
        data: { id: string; providers: { provider: string; context_length: number }[] }[];
      };
      expect(body.object).toBe('list');
      expect(body.data.map((m) => m.id)).toEqual([
        'openai/gpt-oss-120b',
        'deepseek-ai/DeepSeek-V3.2',
        'Qwen/Qwen3-32B',
        'meta-llama/Llama-3.3-70B-Instruct',
      ]);
      expect(body.data[0]!.providers[0]).toMatchObject({ provider: 'cerebras', context_length: expect.any(Number), supports_tools: true });
    }
  });

  it('H9: whoami-v2 refuses a bad or missing token and names the user otherwise', async () => {
    for (const key of [null, FAKE_KEYS.huggingface.bad]) {
      const res = await fetch(fake.whoamiURL!, { headers: headers(key) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid username or password.' });
    }
    const me = (await (await fetch(fake.whoamiURL!, { headers: headers() })).json()) as { name: string; auth: { type: string } };
    expect(me).toMatchObject({ name: 'fake-user', auth: { type: 'access_token' } });
  });

  it('H10: no embeddings on /v1; feature extraction gives the shared vectors', async () => {
    const none = await fetch(`${fake.baseURL}/embeddings`, { method: 'POST', headers: headers(), body: '{"input":"x"}' });
    expect(none.status).toBe(404);
    const res = await fetch(`${fake.url}/hf-inference/models/sentence-transformers/all-MiniLM-L6-v2/pipeline/feature-extraction`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ inputs: ['refund policy', 'price'] }),
    });
    const vectors = (await res.json()) as number[][];
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toEqual(fakeEmbedding('refund policy'));
  });
});
