import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerContent, neutralRequest, planFor } from '../fixtures/fake-ai/chat.ts';
import { answerFor } from '../fixtures/fake-ai/responders.ts';
import { FAKE_OPENAI_GOOD_KEY, startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { openAIStreamText, readSse } from '../fixtures/fake-providers/testing.ts';

/**
 * The shared brain (fake-ai/chat.ts) after the protocol-neutral part moved out of chatCompletion:
 * the lenient fake-openai.ts answers as before, and the neutral functions give what it gives.
 */

let legacy: FakeOpenAI;
beforeAll(async () => {
  legacy = await startFakeOpenAI({ chunkDelayMs: 0 });
});
afterAll(() => legacy.close());

const chat = (body: Record<string, unknown>) =>
  fetch(`${legacy.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_OPENAI_GOOD_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', ...body }),
  });

describe('the shared brain', () => {
  it('neutral requests read messages as chatCompletion does (system first, earlier counts it)', () => {
    const request = neutralRequest(
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'First' },
        { role: 'assistant', content: 'Answer' },
        { role: 'user', content: 'Second' },
      ],
      false,
      'm',
    );
    expect(request).toEqual({ prompt: 'Second', system: 'Be brief.', json: false, model: 'm', earlier: 3 });
    expect(answerContent(request, {})).toBe((answerFor(request) as { text: string }).text);
  });

  it('plans: a marker asks, a scripted step overrides it', () => {
    expect(planFor('x [[fake:429]]', null)).toMatchObject({ status: 429, retryAfter: 0 });
    expect(planFor('x [[fake:429]]', { status: 500, message: 'm' })).toMatchObject({ status: 500, message: 'm' });
    expect(planFor('x [[fake:overloaded]]', null)).toMatchObject({ status: 503 });
    expect(answerContent(neutralRequest([{ role: 'user', content: 'x' }], true, 'm'), { badJson: true })).toBe(
      'Sure! Here is your data: {"title": "Unfinished',
    );
  });

  it('fake-openai.ts still streams the same text, finish_reason and [DONE]', async () => {
    const whole = (await (await chat({ messages: [{ role: 'user', content: 'Write a tagline' }] })).json()) as {
      choices: { message: { content: string } }[];
    };
    const { events } = await readSse(await chat({ messages: [{ role: 'user', content: 'Write a tagline' }], stream: true }));
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(openAIStreamText(events)).toBe(whole.choices[0]!.message.content);
    expect(whole.choices[0]!.message.content).toMatch(/^## Draft: Write a tagline/);
  });

  it('fake-openai.ts still fails on markers with its bodies and retry-after', async () => {
    const limited = await chat({ messages: [{ role: 'user', content: 'Hi [[fake:429]]' }] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('0');
    expect(await limited.json()).toEqual({
      error: { message: 'Rate limit reached for requests. Please try again in 1s.', type: 'rate_limit_exceeded', param: null, code: null },
    });
    const once = await chat({ messages: [{ role: 'user', content: 'Hi [[fake:fail-once:brain-test]]' }] });
    expect(once.status).toBe(400);
    expect(((await once.json()) as { error: { message: string } }).error.message).toMatch(/a one-time failure/);
    expect((await chat({ messages: [{ role: 'user', content: 'Hi [[fake:fail-once:brain-test]]' }] })).status).toBe(200);
  });

  it('fake-openai.ts still ends an [[fake:early]] stream without finish_reason or [DONE]', async () => {
    const { events } = await readSse(
      await chat({ messages: [{ role: 'user', content: 'A long enough prompt to answer [[fake:early]]' }], stream: true }),
    );
    expect(events.some((e) => e.data === '[DONE]')).toBe(false);
    expect(events).toHaveLength(7); // the role chunk and six pieces
  });
});
