import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_KEYS,
  FAKE_PROVIDER_KINDS,
  startFakeProvider,
  type FakeProvider,
  type FakeProviderKind,
} from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

/**
 * The brain is shared: the same conversation gets the same answer from every strict fake, each
 * asked in its own protocol (whole and streamed), so e2e assertions on the fake's answers hold
 * whichever provider the app calls.
 */

interface Turn {
  role: 'user' | 'assistant';
  content: string;
}
interface Conversation {
  system?: string;
  turns: Turn[];
  json?: boolean;
}

const fakes = {} as Record<FakeProviderKind, FakeProvider>;
beforeAll(async () => {
  for (const kind of FAKE_PROVIDER_KINDS) fakes[kind] = await startFakeProvider(kind, { chunkDelayMs: 0 });
});
afterAll(() => Promise.all(FAKE_PROVIDER_KINDS.map((kind) => fakes[kind].close())));

const CHAT_MODELS: Record<Exclude<FakeProviderKind, 'gemini' | 'anthropic' | 'cohere'>, string> = {
  openai: 'gpt-6.1-terra',
  ai21: 'jamba-large',
  huggingface: 'openai/gpt-oss-120b',
  ollama: 'llama3.2',
};

const post = (url: string, headers: Record<string, string>, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Asks one fake in its own protocol. */
function request(kind: FakeProviderKind, c: Conversation, stream = false): Promise<Response> {
  const fake = fakes[kind];
  if (kind === 'gemini')
    return post(
      `${fake.baseURL}/models/gemini-3.8-flash:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
      { 'x-goog-api-key': FAKE_KEYS.gemini.good, origin: BROWSER_ORIGIN },
      {
        ...(c.system ? { systemInstruction: { parts: [{ text: c.system }] } } : {}),
        contents: c.turns.map((t) => ({ role: t.role === 'assistant' ? 'model' : 'user', parts: [{ text: t.content }] })),
        ...(c.json ? { generationConfig: { responseMimeType: 'application/json' } } : {}),
      },
    );
  if (kind === 'anthropic')
    return post(
      `${fake.baseURL}/messages`,
      {
        'x-api-key': FAKE_KEYS.anthropic.good,
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
        origin: BROWSER_ORIGIN,
      },
      {
        model: 'claude-sonnet-5-5',
        max_tokens: 4096,
        ...(c.system ? { system: c.system } : {}),
        messages: c.turns,
        ...(c.json ? { output_config: { format: { type: 'json_schema', schema: { type: 'object' } } } } : {}),
        stream,
      },
    );
  const messages = [...(c.system ? [{ role: 'system', content: c.system }] : []), ...c.turns];
  const format = c.json ? { response_format: { type: 'json_object' } } : {};
  if (kind === 'cohere')
    return post(
      `${fake.url}/v2/chat`,
      { authorization: `Bearer ${FAKE_KEYS.cohere.good}` },
      { model: 'command-a-03-2025', messages, ...format, stream },
    );
  return post(
    `${fake.baseURL}/chat/completions`,
    { authorization: `Bearer ${FAKE_KEYS[kind].good}`, ...(kind === 'ollama' ? {} : { origin: BROWSER_ORIGIN }) },
    { model: CHAT_MODELS[kind], messages, ...format, stream },
  );
}

/** The answer text of a fake's response (a stream read to its end). */
async function textOf(kind: FakeProviderKind, res: Response, stream: boolean): Promise<string> {
  if (kind === 'gemini') {
    type Answer = { candidates: { content: { parts: { text: string }[] } }[] };
    const texts = (r: Answer) => r.candidates[0]!.content.parts.map((p) => p.text).join('');
    if (!stream) return texts((await res.json()) as Answer);
    return jsonEvents((await readSse(res)).events)
      .map((e) => texts(e.json as unknown as Answer))
      .join('');
  }
  if (kind === 'anthropic') {
    if (!stream) return ((await res.json()) as { content: { text: string }[] }).content.map((b) => b.text).join('');
    return jsonEvents((await readSse(res)).events)
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.json as { delta: { text: string } }).delta.text)
      .join('');
  }
  if (kind === 'cohere') {
    if (!stream) return ((await res.json()) as { message: { content: { text: string }[] } }).message.content[0]!.text;
    return jsonEvents((await readSse(res)).events)
      .filter((e) => e.json.type === 'content-delta')
      .map((e) => (e.json as { delta: { message: { content: { text: string } } } }).delta.message.content.text)
      .join('');
  }
  if (!stream) return ((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content;
  return openAIStreamText((await readSse(res)).events);
}

const answer = async (kind: FakeProviderKind, c: Conversation, stream = false) => textOf(kind, await request(kind, c, stream), stream);

const CONVERSATIONS: Record<string, Conversation> = {
  draft: { turns: [{ role: 'user', content: 'Write a tagline for a yoga studio' }] },
  grounded: {
    turns: [
      {
        role: 'user',
        content: 'Answer the question using only the sources below.\n\n[1] Pricing page\n[2] Refund FAQ\n\nQuestion: What does it cost?',
      },
    ],
  },
  analysis: {
    json: true,
    turns: [
      {
        role: 'user',
        content:
          'Task: document-analysis\nDocument: Plan\n"""\nOverview\nAcme Robotics builds robots in Berlin. They sell to farms. Prices start at $9.\n"""',
      },
    ],
  },
  jsonDefault: { json: true, turns: [{ role: 'user', content: 'Give me data' }] },
  pageChatWithHistory: {
    system: 'Page title: Pricing\nPage URL: https://example.com/pricing\nPage text:\n"""\nOur plans start at $9 a month.\n"""',
    turns: [
      { role: 'user', content: 'What is this page?' },
      { role: 'assistant', content: 'A pricing page.' },
      { role: 'user', content: 'What does it cost?' },
    ],
  },
};

describe('the same prompt gets the same answer from every fake', () => {
  for (const [name, conversation] of Object.entries(CONVERSATIONS)) {
    it(`${name}: every provider answers alike, whole and streamed`, async () => {
      const reference = await answer('openai', conversation);
      for (const kind of FAKE_PROVIDER_KINDS) {
        expect(await answer(kind, conversation), kind).toBe(reference);
        expect(await answer(kind, conversation, true), `${kind} streamed`).toBe(reference);
      }
      if (name === 'draft') expect(reference).toMatch(/^## Draft: Write a tagline for a yoga studio/);
      if (name === 'grounded') expect(reference).toContain('[1]');
      if (name === 'analysis') expect(JSON.parse(reference)).toMatchObject({ summary: 'Acme Robotics builds robots in Berlin.' });
      if (name === 'pageChatWithHistory') expect(reference).toContain('2 earlier messages');
    });
  }
});

/** How each service words its error body, to find the message a test asserts on. */
const errorMessage = (body: unknown): string => JSON.stringify(body);

describe('the same markers fail every fake, in each service’s shape', () => {
  const say = (content: string): Conversation => ({ turns: [{ role: 'user', content }] });

  it('fail-once: a 400 with the neutral message the first time, then the answer', async () => {
    for (const kind of FAKE_PROVIDER_KINDS) {
      const prompt = `Write a tagline [[fake:fail-once:same-${kind}]]`;
      const failed = await request(kind, say(prompt));
      expect(failed.status, kind).toBe(400);
      expect(errorMessage(await failed.json()), kind).toContain('a one-time failure');
      expect((await request(kind, say(prompt))).status, kind).toBe(200);
    }
  });

  it('[[fake:401]] is each service’s auth failure (Gemini: 400 API_KEY_INVALID)', async () => {
    const expected: Record<FakeProviderKind, number> = {
      openai: 401,
      gemini: 400,
      anthropic: 401,
      cohere: 401,
      ai21: 401,
      huggingface: 401,
      ollama: 401,
    };
    for (const kind of FAKE_PROVIDER_KINDS) {
      const res = await request(kind, say('Hi [[fake:401]]'));
      expect(res.status, kind).toBe(expected[kind]);
      if (kind === 'gemini') expect(errorMessage(await res.json())).toContain('API_KEY_INVALID');
    }
  });

  it('[[fake:cut]] drops every stream halfway; [[fake:timeout]] never answers', async () => {
    for (const kind of FAKE_PROVIDER_KINDS) {
      const res = await request(kind, say('Write a tagline for a yoga studio in the city [[fake:cut]]'), true);
      expect(res.status, kind).toBe(200);
      await expect(res.text(), kind).rejects.toThrow(/terminated/);
    }
    for (const kind of ['openai', 'gemini', 'anthropic'] as const) {
      const c = say('Hi [[fake:timeout]]');
      const started = request(kind, c).then(
        () => 'answered',
        () => 'failed',
      );
      const outcome = await Promise.race([started, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300))]);
      expect(outcome, kind).toBe('still waiting');
    }
  });
});
