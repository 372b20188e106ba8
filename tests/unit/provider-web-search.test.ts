import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiError } from '@/shared/ai/aiErrors.ts';
import { completeText, streamText, type AiRequest } from '@/shared/ai/chat.ts';
import { webCitationsIn } from '@/shared/core/webSearch.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN } from '../fixtures/fake-providers/testing.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * The provider's own web search (docs/providers.md §13) through chat.ts against the strict fakes:
 * Gemini's Google Search (gemini.ts G21–G22) and Claude's web search tool (anthropic.ts A18–A19).
 * The tool goes with the request, the sources come back numbered with [n] markers in the text,
 * and the searches are counted on the usage row; malformed tools are refused in each service's shape.
 */

const fakes = {} as Record<'anthropic' | 'gemini', FakeProvider>;
beforeAll(async () => {
  for (const kind of ['anthropic', 'gemini'] as const) fakes[kind] = await startFakeProvider(kind, { chunkDelayMs: 0 });
});
afterAll(async () => Promise.all(Object.values(fakes).map((fake) => fake.close())));
beforeEach(() => {
  for (const fake of Object.values(fakes)) fake.requests.length = 0;
});

const MODELS = { anthropic: 'claude-sonnet-5-5', gemini: 'gemini-3.8-flash' };
const PROMPT = 'Summarise the AI writing tools market in 2026';

function request(kind: keyof typeof fakes, extra: Partial<AiRequest> = {}) {
  const usage = usageLog();
  const req: AiRequest = {
    target: { provider: kind, apiKey: FAKE_KEYS[kind].good },
    model: MODELS[kind],
    prompt: PROMPT,
    settings: { baseUrls: { [kind]: fakes[kind].baseURL }, maxRetries: 0 },
    usage,
    webSearch: { first: 3 },
    ...extra,
  };
  return { req, usage };
}

const posted = (fake: FakeProvider) => fake.requests.filter((r) => r.method === 'POST');

describe.each(['gemini', 'anthropic'] as const)('%s: web search with its own tool', (kind) => {
  it('streams an answer whose sources are numbered from `first`, cited with [n], searches counted', async () => {
    const { req, usage } = request(kind);
    const result = await streamText(req);
    const [sent] = posted(fakes[kind]);
    expect((sent?.body as { tools?: unknown }).tools).toEqual(
      kind === 'gemini' ? [{ google_search: {} }] : [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
    );
    expect(sent?.searches).toEqual(['Summarise the AI writing tools market in 2026']);
    expect(result.web?.searches).toBe(1);
    const sources = result.web?.sources ?? [];
    expect(sources.map((s) => s.n)).toEqual([3, 4, 5, 6]);
    expect(sources.map((s) => s.site)).toEqual(['example.com', 'pricing.example.org', 'news.example.net', 'forum.example.com']);
    const cited = webCitationsIn(result.text, sources).map((s) => s.n);
    expect(cited.length).toBeGreaterThanOrEqual(2);
    expect(result.text).toMatch(/\[3\]\[4\]/);
    expect(usage.calls).toHaveLength(1);
    expect(usage.calls[0]).toMatchObject({ provider: kind, outcome: 'done', searches: 1 });
  });

  it('answers a whole request the same way (completeText), the text cited', async () => {
    const { req, usage } = request(kind);
    const text = await completeText(req);
    expect(text).toMatch(/\[3\]\[4\]/);
    expect(usage.calls[0]).toMatchObject({ outcome: 'done', searches: 1 });
  });

  it('sends no tool and counts no search without webSearch', async () => {
    const { req, usage } = request(kind, { webSearch: undefined });
    const result = await streamText(req);
    expect((posted(fakes[kind])[0]?.body as { tools?: unknown }).tools).toBeUndefined();
    expect(result.web).toBeUndefined();
    expect(result.text).not.toMatch(/\[\d+\]/);
    expect(usage.calls[0]?.searches).toBeUndefined();
  });
});

describe('the fakes refuse malformed tools in the service shape', () => {
  const gemini = (tools: unknown) =>
    fetch(`${fakes.gemini.baseURL}/models/gemini-3.8-flash:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': FAKE_KEYS.gemini.good },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], tools }),
    });
  const anthropic = (tools: unknown) =>
    fetch(`${fakes.anthropic.baseURL}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: BROWSER_ORIGIN,
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
        'x-api-key': FAKE_KEYS.anthropic.good,
      },
      body: JSON.stringify({ model: 'claude-sonnet-5-5', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }], tools }),
    });

  it('G21: Gemini takes google_search or googleSearch, refuses the rest with 400 INVALID_ARGUMENT', async () => {
    for (const tools of [[{ google_search: {} }], [{ googleSearch: {} }]]) {
      const res = await gemini(tools);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { candidates: { groundingMetadata?: { webSearchQueries: string[] } }[] };
      expect(body.candidates[0]?.groundingMetadata?.webSearchQueries).toEqual(['Hi']);
    }
    const refusals: [unknown, RegExp][] = [
      [[{ google_search_retrieval: {} }], /google_search_retrieval is not supported/],
      [[{ googleSearch: { safe: true } }], /Unknown name "safe" at 'tools\[0\].google_search'/],
      [[{ web_search: {} }], /Unknown name "web_search" at 'tools\[0\]'/],
      [{ google_search: {} }, /Invalid value at 'tools'/],
      [[{ google_search: true }], /Invalid value at 'tools\[0\].google_search'/],
    ];
    for (const [tools, message] of refusals) {
      const res = await gemini(tools);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: number; status: string; message: string } };
      expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(body.error.message).toMatch(message);
    }
  });

  it('A18: Anthropic takes the web search tool, refuses the rest with 400 invalid_request_error', async () => {
    const ok = await anthropic([{ type: 'web_search_20250305', name: 'web_search', max_uses: 2, allowed_domains: ['example.com'] }]);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { content: { type: string }[]; usage: { server_tool_use: { web_search_requests: number } } };
    expect(body.content.map((b) => b.type).slice(0, 3)).toEqual(['server_tool_use', 'web_search_tool_result', 'text']);
    expect(body.usage.server_tool_use.web_search_requests).toBe(1);
    const refusals: [unknown, RegExp][] = [
      [[{ type: 'web_search_20250305', name: 'search' }], /name: Input should be 'web_search'/],
      [[{ type: 'web_search_20250305', name: 'web_search', max_uses: 0 }], /max_uses: Input should be greater than 0/],
      [[{ type: 'web_search_20250305', name: 'web_search', limit: 3 }], /limit: Extra inputs are not permitted/],
      [
        [{ type: 'web_search_20250305', name: 'web_search', allowed_domains: ['a.com'], blocked_domains: ['b.com'] }],
        /Cannot specify both allowed_domains and blocked_domains/,
      ],
      [[{ type: 'web_search_2025', name: 'web_search' }], /Input tag 'web_search_2025' found using 'type'/],
      [{ type: 'web_search_20250305', name: 'web_search' }, /tools: Input should be a valid list/],
    ];
    for (const [tools, message] of refusals) {
      const res = await anthropic(tools);
      expect(res.status).toBe(400);
      const refused = (await res.json()) as { type: string; error: { type: string; message: string } };
      expect(refused).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
      expect(refused.error.message).toMatch(message);
    }
  });

  it('a call the service refuses is an AiError that counts no search', async () => {
    const { req, usage } = request('gemini', { model: 'gemini-unknown-model' });
    await expect(streamText(req)).rejects.toBeInstanceOf(AiError);
    expect(usage.calls[0]?.searches).toBeUndefined();
  });
});

describe('A20: a paused search turn is continued', () => {
  const PAUSING = 'Compare the AI writing tools of 2026 in depth [pause-turn]';
  const anthropicPosts = () => posted(fakes.anthropic);

  it.each([
    ['streamed', (req: AiRequest) => streamText(req).then((r) => ({ text: r.text, web: r.web }))],
    ['whole', (req: AiRequest) => completeText(req).then((text) => ({ text, web: undefined }))],
  ])('%s: the answer so far goes back as the assistant turn and the rest arrives, one answer, its tokens summed', async (_how, ask) => {
    const { req, usage } = request('anthropic', { prompt: PAUSING });
    const result = await ask(req);
    const [paused, continued] = anthropicPosts();
    expect(anthropicPosts()).toHaveLength(2);
    // The second request sends the first answer back, as it came: the search's blocks.
    const turns = (continued?.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    const sentBack = turns[1]!.content as { type: string; input?: unknown }[];
    expect(sentBack.map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result']);
    expect(sentBack[0]!.input).toEqual({ query: 'Compare the AI writing tools of 2026 in' });
    expect((paused?.body as { tools?: unknown }).tools).toEqual((continued?.body as { tools?: unknown }).tools);
    expect(paused?.searches).toEqual(['Compare the AI writing tools of 2026 in']);
    expect(continued?.searches).toEqual([]);
    // One answer, cited; one usage row with both requests' tokens and the one search.
    expect(result.text).toMatch(/\[3\]\[4\]/);
    if (result.web) expect(result.web.sources.map((s) => s.n)).toEqual([3, 4, 5, 6]);
    expect(usage.calls).toHaveLength(1);
    expect(usage.calls[0]).toMatchObject({ outcome: 'done', searches: 1 });
    // Both requests' tokens: the prompt's input twice (each request is billed for it), the paused answer's 12 output tokens on top.
    const single = request('anthropic', { prompt: PAUSING.replace(' [pause-turn]', '') });
    await streamText(single.req);
    const [both, one] = [usage.calls[0]!.reported!, single.usage.calls[0]!.reported!];
    expect(both.outputTokens!).toBeGreaterThan(12);
    expect(both.inputTokens!).toBeGreaterThan(2 * one.inputTokens! - 5);
  });

  it('the fake refuses a sent-back turn whose blocks do not hold together', async () => {
    const send = (assistant: unknown[]) =>
      fetch(`${fakes.anthropic.baseURL}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': FAKE_KEYS.anthropic.good },
        body: JSON.stringify({
          model: 'claude-sonnet-5-5',
          max_tokens: 100,
          messages: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: assistant },
          ],
          tools: [{ type: 'web_search_20250305', name: 'web_search' }],
        }),
      });
    const tool = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'Hi' } };
    const result = (over: object = {}) => ({
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: [{ type: 'web_search_result', url: 'https://example.com/', title: 'E', encrypted_content: 'abc' }],
      ...over,
    });
    expect((await send([tool, result()])).status).toBe(200);
    const refusals: [unknown[], RegExp][] = [
      [[result()], /without a matching server_tool_use/],
      [[tool, result({ tool_use_id: 'srvtoolu_2' })], /without a matching server_tool_use/],
      [[{ ...tool, input: {} }, result()], /input.query: Field required/],
      [[tool, result({ content: [{ type: 'web_search_result', url: 'https://example.com/' }] })], /encrypted_content: Field required/],
      [[tool, result(), { type: 'text', text: '' }], /text content blocks must be non-empty/],
    ];
    for (const [assistant, message] of refusals) {
      const res = await send(assistant);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { type: string; error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).toMatch(message);
    }
  });
});
