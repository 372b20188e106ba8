import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, jsonEvents, openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider('anthropic', { chunkDelayMs: 0 });
});
afterAll(() => fake.close());

interface AnthropicError {
  type: 'error';
  error: { type: string; message: string };
  request_id: string;
}

/** The headers the Anthropic SDK sends from a browser with dangerouslyAllowBrowser. */
const browser = (key: string | null = FAKE_KEYS.anthropic.good, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  origin: BROWSER_ORIGIN,
  'anthropic-version': '2023-06-01',
  'anthropic-dangerous-direct-browser-access': 'true',
  ...(key ? { 'x-api-key': key } : {}),
  ...extra,
});
const messages = (body: Record<string, unknown>, headers: Record<string, string> = browser()) =>
  fetch(`${fake.baseURL}/messages`, { method: 'POST', headers, body: JSON.stringify(body) });
const ask = (prompt: string, extra: Record<string, unknown> = {}) =>
  messages({ model: 'claude-sonnet-5-5', max_tokens: 1024, messages: [{ role: 'user', content: prompt }], ...extra });
const textOf = (body: { content: { text: string }[] }) => body.content.map((c) => c.text).join('');

describe('Anthropic fake', () => {
  it('A1: an unknown path (embeddings too) is a 404 not_found_error', async () => {
    const res = await fetch(`${fake.baseURL}/embeddings`, { method: 'POST', headers: browser(), body: '{}' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as AnthropicError).error.type).toBe('not_found_error');
  });

  it('A2: x-api-key missing or bad is 401 authentication_error', async () => {
    expect((await ask('Hi')).status).toBe(200);
    const missing = await messages({ model: 'claude-sonnet-5-5', max_tokens: 10, messages: [] }, browser(null));
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as AnthropicError).error).toEqual({
      type: 'authentication_error',
      message: 'x-api-key header is required',
    });
    const bad = await messages({ model: 'claude-sonnet-5-5', max_tokens: 10, messages: [] }, browser(FAKE_KEYS.anthropic.bad));
    expect(bad.status).toBe(401);
    const body = (await bad.json()) as AnthropicError;
    expect(body).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    expect(body.request_id).toMatch(/^req_/);
  });

  it('A3: anthropic-version is required', async () => {
    const headers = browser();
    delete (headers as Record<string, string>)['anthropic-version'];
    const res = await messages({ model: 'claude-sonnet-5-5', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }, headers);
    expect(res.status).toBe(400);
    expect(((await res.json()) as AnthropicError).error).toEqual({
      type: 'invalid_request_error',
      message: 'anthropic-version: header is required',
    });
  });

  it('A4: a browser call without the opt-in header is 401 without ACAO; with it, ACAO * (on errors too)', async () => {
    const headers = browser();
    delete (headers as Record<string, string>)['anthropic-dangerous-direct-browser-access'];
    const refused = await messages({ model: 'claude-sonnet-5-5', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }, headers);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await refused.json()) as AnthropicError).error).toEqual({
      type: 'authentication_error',
      message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
    });
    const ok = await ask('Hi');
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toBe('*');
    const bad = await messages({ model: 'claude-sonnet-5-5', max_tokens: 10, messages: [] }, browser(FAKE_KEYS.anthropic.bad));
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('A5: a preflight gets ACAO only when it asks for the opt-in header; stainless headers are allowed', async () => {
    const preflight = (requested: string) =>
      fetch(`${fake.baseURL}/messages`, {
        method: 'OPTIONS',
        headers: { origin: BROWSER_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': requested },
      });
    const without = await preflight('content-type, x-api-key, anthropic-version');
    expect(without.headers.get('access-control-allow-origin')).toBeNull();
    const withOptIn = await preflight(
      'anthropic-dangerous-direct-browser-access, anthropic-version, content-type, x-api-key, x-stainless-os',
    );
    expect(withOptIn.headers.get('access-control-allow-origin')).toBe('*');
    expect(withOptIn.headers.get('access-control-allow-headers')!.split(', ')).toEqual(
      expect.arrayContaining(['x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'x-stainless-os']),
    );
  });

  it('A6: an organization that forbids browser calls refuses them, not server calls', async () => {
    const body = { model: 'claude-sonnet-5-5', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] };
    const fromBrowser = await messages(body, browser(FAKE_KEYS.anthropic.orgForbidsBrowser));
    expect(fromBrowser.status).toBe(401);
    expect(((await fromBrowser.json()) as AnthropicError).error.message).toMatch(/^CORS requests are not allowed for this Organization/);
    const fromServer = await messages(body, {
      'content-type': 'application/json',
      'x-api-key': FAKE_KEYS.anthropic.orgForbidsBrowser,
      'anthropic-version': '2023-06-01',
    });
    expect(fromServer.status).toBe(200);
  });

  it('A7: max_tokens is required and may not exceed the model’s limit', async () => {
    const missing = await messages({ model: 'claude-sonnet-5-5', messages: [{ role: 'user', content: 'Hi' }] });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as AnthropicError).error).toEqual({
      type: 'invalid_request_error',
      message: 'max_tokens: Field required',
    });
    const over = await ask('Hi', { max_tokens: 200_000 });
    expect(((await over.json()) as AnthropicError).error.message).toBe(
      'max_tokens: 200000 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-5-5',
    );
    expect((await ask('Hi', { model: 'claude-haiku-4-5', max_tokens: 64_001 })).status).toBe(400);
    expect((await ask('Hi', { model: 'claude-haiku-4-5', max_tokens: 64_000 })).status).toBe(200);
    expect((await ask('Hi', { max_tokens: 128_000 })).status).toBe(200);
  });

  it('A8: a system role in messages, a first assistant turn and repeated roles are refused', async () => {
    const system = await ask('x', {
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(system.status).toBe(400);
    expect(((await system.json()) as AnthropicError).error.message).toMatch(/^messages: Unexpected role "system"/);
    const repeated = await ask('x', {
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'user', content: 'Again' },
      ],
    });
    expect(((await repeated.json()) as AnthropicError).error.message).toMatch(/roles must alternate/);
    const first = await ask('x', { messages: [{ role: 'assistant', content: 'Hi' }] });
    expect(((await first.json()) as AnthropicError).error.message).toBe('messages: first message must use the "user" role');
    expect((await ask('Hi', { system: 'Be brief' })).status).toBe(200);
  });

  it('A9: models after Opus 4.6 refuse temperature ≠ 1, top_p < 0.99 and top_k; Haiku 4.5 takes them', async () => {
    const temperature = await ask('Hi', { temperature: 0.5 });
    expect(temperature.status).toBe(400);
    expect(((await temperature.json()) as AnthropicError).error.type).toBe('invalid_request_error');
    expect((await ask('Hi', { model: 'claude-opus-5-5', top_k: 5 })).status).toBe(400);
    expect((await ask('Hi', { top_p: 0.5 })).status).toBe(400);
    expect((await ask('Hi', { model: 'claude-haiku-4-5', temperature: 0.5, top_k: 5 })).status).toBe(200);
  });

  it('A10: no JSON flag — a prefill or output_config.format makes JSON; the answer continues the prefill', async () => {
    const plain = textOf((await (await ask('Give me data')).json()) as never);
    expect(plain).toMatch(/^## Draft: Give me data/);
    const prefilled = await ask('x', {
      messages: [
        { role: 'user', content: 'Give me data' },
        { role: 'assistant', content: '{' },
      ],
    });
    expect(JSON.parse(`{${textOf((await prefilled.json()) as never)}`)).toEqual({ result: 'ok', topic: 'Give me data', words: 3 });
    const schema = await ask('Give me data', { output_config: { format: { type: 'json_schema', schema: { type: 'object' } } } });
    expect(JSON.parse(textOf((await schema.json()) as never))).toMatchObject({ result: 'ok' });
  });

  it('A11: an unknown model is 404 not_found_error', async () => {
    const res = await ask('Hi', { model: 'claude-3-5-sonnet-20241022' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as AnthropicError).error).toEqual({ type: 'not_found_error', message: 'model: claude-3-5-sonnet-20241022' });
  });

  it('A12: the stream has Anthropic’s events in order, usage in message_start and message_delta, no [DONE]', async () => {
    const whole = textOf((await (await ask('Write a tagline')).json()) as never);
    const { events, raw } = await readSse(await ask('Write a tagline', { stream: true }));
    expect(raw).not.toContain('[DONE]');
    const names = events.map((e) => e.event);
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    const parsed = jsonEvents(events);
    expect(parsed.every((e) => e.json.type === e.event)).toBe(true);
    const start = parsed[0]!.json as { message: { usage: { input_tokens: number } } };
    expect(start.message.usage.input_tokens).toBeGreaterThan(0);
    const delta = parsed.find((e) => e.event === 'message_delta')!.json as {
      delta: { stop_reason: string };
      usage: { output_tokens: number };
    };
    expect(delta).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: expect.any(Number) } });
    const text = parsed
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.json as { delta: { type: string; text: string } }).delta)
      .map((d) => (d.type === 'text_delta' ? d.text : '?'))
      .join('');
    expect(text).toBe(whole);

    fake.script([{ errorAfterChunks: 3 }]);
    const broken = await readSse(await ask('Write a tagline', { stream: true }));
    const last = broken.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(JSON.parse(last.data)).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('A13: a whole answer has input/output and cache usage', async () => {
    const body = (await (await ask('Hi')).json()) as { usage: Record<string, number>; stop_reason: string; type: string };
    expect(body).toMatchObject({ type: 'message', stop_reason: 'end_turn' });
    expect(body.usage).toEqual({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });

  it('A14: markers fail as Anthropic does: 429 with retry-after, 529 overloaded, 500 api_error, 413 over 32 MB', async () => {
    const limited = await ask('Hi [[fake:429]]');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    expect(((await limited.json()) as AnthropicError).error.type).toBe('rate_limit_error');
    const overloaded = await ask('Hi [[fake:overloaded]]');
    expect(overloaded.status).toBe(529);
    expect(((await overloaded.json()) as AnthropicError).error).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
    fake.script([{ status: 529 }]);
    expect((await ask('Hi')).status).toBe(529);
    const broken = await ask('Hi [[fake:500]]');
    expect(((await broken.json()) as AnthropicError).error.type).toBe('api_error');
    const huge = await ask('x'.repeat(33 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as AnthropicError).error.type).toBe('request_too_large');
  });

  it('A15: the model list is Anthropic’s shape, with max_tokens per model, paged by limit/after_id', async () => {
    const list = (await (await fetch(`${fake.modelsURL}`, { headers: browser() })).json()) as {
      data: { type: string; id: string; max_tokens: number; display_name: string }[];
      has_more: boolean;
      first_id: string;
      last_id: string;
    };
    expect(list.data.map((m) => m.id)).toEqual(['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-4-5']);
    expect(list.data[0]).toMatchObject({ type: 'model', max_tokens: 128_000, display_name: 'Claude Sonnet 5.5' });
    expect(list.data[2]!.max_tokens).toBe(64_000);
    expect(list).toMatchObject({ has_more: false, first_id: 'claude-sonnet-5-5', last_id: 'claude-haiku-4-5' });
    const page = (await (await fetch(`${fake.modelsURL}?limit=2`, { headers: browser() })).json()) as {
      has_more: boolean;
      last_id: string;
    };
    expect(page).toMatchObject({ has_more: true, last_id: 'claude-opus-5-5' });
    const rest = (await (await fetch(`${fake.modelsURL}?limit=2&after_id=claude-opus-5-5`, { headers: browser() })).json()) as {
      data: { id: string }[];
    };
    expect(rest.data.map((m) => m.id)).toEqual(['claude-haiku-4-5']);
  });

  it('A16: the OpenAI layer takes Bearer, hoists system messages, refuses n ≠ 1, ignores response_format', async () => {
    const headers = { ...browser(null), authorization: `Bearer ${FAKE_KEYS.anthropic.good}` };
    const layer = (body: Record<string, unknown>) =>
      fetch(`${fake.baseURL}/chat/completions`, { method: 'POST', headers, body: JSON.stringify({ model: 'claude-sonnet-5-5', ...body }) });
    const pageSystem = 'Page title: Pricing\nPage URL: https://example.com/pricing\nPage text:\n"""\nOur plans start at $9.\n"""';
    const hoisted = (await (
      await layer({
        messages: [
          { role: 'system', content: pageSystem },
          { role: 'user', content: 'What does it cost?' },
        ],
      })
    ).json()) as { choices: { message: { content: string } }[] };
    const native = textOf((await (await ask('What does it cost?', { system: pageSystem })).json()) as never);
    expect(hoisted.choices[0]!.message.content).toBe(native);
    expect(native).toMatch(/^## About "Pricing"/);
    const many = await layer({ messages: [{ role: 'user', content: 'Hi' }], n: 2 });
    expect(many.status).toBe(400);
    expect(((await many.json()) as AnthropicError).type).toBe('error');
    const json = (await (
      await layer({ messages: [{ role: 'user', content: 'Give me data' }], response_format: { type: 'json_object' } })
    ).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(json.choices[0]!.message.content).toMatch(/^## Draft: Give me data/);
    const { events } = await readSse(await layer({ messages: [{ role: 'user', content: 'Write a tagline' }], stream: true }));
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(openAIStreamText(events)).toMatch(/^## Draft: Write a tagline/);
  });
});
