import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError } from '@/shared/ai/aiErrors.ts';
import { completeText, streamText, type AiRequest } from '@/shared/ai/chat.ts';
import { embedTexts } from '@/shared/ai/embeddings.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { ledgerRowOf } from '@/shared/core/usage/ledger.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider, type FakeProviderKind } from '../fixtures/fake-providers/index.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * Every call through chat.ts and embeddings.ts reports its usage exactly once, whatever its end
 * (done, stopped, failed midway, retried), with the counts the strict fakes send as each service
 * does; a call refused before it leaves (no key, a budget check) reports nothing.
 */

const fakes = {} as Record<'openai' | 'anthropic' | 'gemini' | 'cohere', FakeProvider>;
beforeAll(async () => {
  for (const kind of ['openai', 'anthropic', 'gemini', 'cohere'] as const) fakes[kind] = await startFakeProvider(kind, { chunkDelayMs: 5 });
});
afterAll(async () => Promise.all(Object.values(fakes).map((fake) => fake.close())));

const MODELS = { openai: 'gpt-6.1-terra', anthropic: 'claude-sonnet-5-5', gemini: 'gemini-3.8-flash', cohere: 'command-a-03-2025' };

function request(kind: keyof typeof fakes, prompt: string, extra: Partial<AiRequest> = {}) {
  const usage = usageLog();
  const provider: ProviderId = kind;
  const req: AiRequest = {
    target: { provider, apiKey: FAKE_KEYS[kind as FakeProviderKind].good },
    model: MODELS[kind],
    prompt,
    settings: { baseUrls: { [provider]: fakes[kind].baseURL }, maxRetries: 2 },
    usage,
    ...extra,
  };
  return { req, usage };
}

const chatRequests = (fake: FakeProvider) => fake.requests.filter((r) => r.method === 'POST').length;

describe('chat: one report per call', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)('%s: a finished stream reports the counts the service sent', async (kind) => {
    const { req, usage } = request(kind, 'Write a tagline for a pricing course');
    const result = await streamText(req);
    expect(usage.calls).toHaveLength(1);
    const [call] = usage.calls;
    expect(call).toMatchObject({ provider: kind, model: MODELS[kind], outcome: 'done', promptChars: 36, outputChars: result.text.length });
    expect(call!.reported).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    expect(call!.reported!.outputTokens).toBeGreaterThan(0);
    // The row charges those counts, not an estimate.
    expect(ledgerRowOf(call!, { feature: 'run', surface: 'dashboard' }, [], '2026-11-29')).toMatchObject({
      estimated: false,
      input_tokens: call!.reported!.inputTokens,
    });
  });

  it("cohere's OpenAI layer sends no usage in a stream: reported as none, the row estimates", async () => {
    const { req, usage } = request('cohere', 'Write a tagline for a pricing course');
    const result = await streamText(req);
    expect(usage.calls).toEqual([expect.objectContaining({ outcome: 'done', reported: null, outputChars: result.text.length })]);
    const row = ledgerRowOf(usage.calls[0]!, { feature: 'run', surface: 'panel' }, [], '2026-11-29');
    expect(row).toMatchObject({ estimated: true, input_tokens: 9, output_tokens: Math.ceil(result.text.length / 4) });
  });

  it.each(['openai', 'anthropic', 'gemini'] as const)('%s: Stop reports once, stopped, with the text so far', async (kind) => {
    const controller = new AbortController();
    let seen = 0;
    const { req, usage } = request(kind, 'A long answer please [[fake:slow]]', { signal: controller.signal });
    const result = await streamText({
      ...req,
      onDelta: () => {
        if (++seen === 3) controller.abort();
      },
    });
    expect(result.stopped).toBe(true);
    expect(usage.calls).toHaveLength(1);
    expect(usage.calls[0]).toMatchObject({ outcome: 'stopped', outputChars: result.text.length });
    // Anthropic and Gemini say the prompt's count before the answer: a stopped stream keeps it.
    if (kind !== 'openai') expect(usage.calls[0]!.reported?.inputTokens).toEqual(expect.any(Number));
  });

  it.each(['openai', 'anthropic'] as const)('%s: a stream failing midway reports once, failed, with the partial text', async (kind) => {
    fakes[kind].script([{ errorAfterChunks: 3 }]);
    const { req, usage } = request(kind, 'Fail midway', { settings: { baseUrls: { [kind]: fakes[kind].baseURL }, maxRetries: 0 } });
    const error = await streamText(req).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AiError);
    expect(usage.calls).toHaveLength(1);
    expect(usage.calls[0]).toMatchObject({ outcome: 'failed', outputChars: (error as AiError).partial.length });
    expect((error as AiError).partial.length).toBeGreaterThan(0);
  });

  it('a failure before any answer reports once, failed, nothing written', async () => {
    const { req, usage } = request('openai', 'Refused [[fake:500]]', {
      settings: { baseUrls: { openai: fakes.openai.baseURL }, maxRetries: 0 },
    });
    await expect(streamText(req)).rejects.toBeInstanceOf(AiError);
    expect(usage.calls).toEqual([expect.objectContaining({ outcome: 'failed', reported: null, outputChars: 0 })]);
  });

  it('retries are one call: a 429 then an answer reports once, done', async () => {
    fakes.openai.script([{ status: 429, retryAfter: 0 }]);
    const before = chatRequests(fakes.openai);
    const { req, usage } = request('openai', 'Retry me');
    await streamText(req);
    expect(chatRequests(fakes.openai) - before).toBe(2);
    expect(usage.calls).toEqual([
      expect.objectContaining({ outcome: 'done', reported: expect.objectContaining({ inputTokens: expect.any(Number) }) }),
    ]);
  });

  it('completeText reports once: done with the counts, or failed', async () => {
    const done = request('anthropic', 'One answer');
    const text = await completeText(done.req);
    expect(done.usage.calls).toEqual([
      expect.objectContaining({
        outcome: 'done',
        outputChars: text.length,
        reported: expect.objectContaining({ outputTokens: expect.any(Number) }),
      }),
    ]);
    const failed = request('gemini', 'Refused [[fake:500]]', { settings: { baseUrls: { gemini: fakes.gemini.baseURL }, maxRetries: 0 } });
    await expect(completeText(failed.req)).rejects.toBeInstanceOf(AiError);
    expect(failed.usage.calls).toEqual([expect.objectContaining({ outcome: 'failed' })]);
  });

  it('a call refused before it leaves reports nothing: no key, or the usage check says no', async () => {
    const before = chatRequests(fakes.openai);
    const noKey = request('openai', 'No key', { target: { provider: 'openai', apiKey: '' } });
    await expect(streamText(noKey.req)).rejects.toMatchObject({ kind: 'noKey' });
    expect(noKey.usage.calls).toEqual([]);

    const refusal = new AiError('budget', 'Your OpenAI budget for November is used up.', 'Budget Used Up');
    const checked = request('openai', 'Over budget');
    const checks: string[] = [];
    checked.req.usage.check = async (provider, model) => {
      checks.push(`${provider}/${model}`);
      throw refusal;
    };
    // The check's own AiError comes through unchanged.
    await expect(streamText(checked.req)).rejects.toBe(refusal);
    await expect(completeText(checked.req)).rejects.toBe(refusal);
    expect(checks).toEqual(['openai/gpt-6.1-terra', 'openai/gpt-6.1-terra']);
    expect(checked.usage.calls).toEqual([]);
    expect(chatRequests(fakes.openai)).toBe(before);
  });

  it('a recorder that throws never breaks the call', async () => {
    const { req } = request('openai', 'Still answered');
    const result = await streamText({
      ...req,
      usage: {
        feature: 'run',
        record: () => {
          throw new Error('insert failed');
        },
      },
    });
    expect(result.text.length).toBeGreaterThan(0);
  });
});

describe('embeddings: one report per call, all batches together', () => {
  const texts = Array.from({ length: 100 }, (_, i) => `passage ${i} about pricing a course`);

  it('openai: the prompt_tokens of every batch, added up (two batches of at most 96)', async () => {
    const usage = usageLog('embeddings');
    const vectors = await embedTexts({
      target: { provider: 'openai', apiKey: FAKE_KEYS.openai.good },
      model: 'text-embedding-3-small',
      texts,
      settings: { baseUrls: { openai: fakes.openai.baseURL } },
      usage,
    });
    expect(vectors).toHaveLength(100);
    const sent = texts.reduce((sum, text) => sum + text.length, 0);
    // The fake counts a token per 4 characters of each text, as its usage says.
    const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    expect(usage.calls).toEqual([
      {
        provider: 'openai',
        model: 'text-embedding-3-small',
        outcome: 'done',
        promptChars: sent,
        outputChars: 0,
        reported: { inputTokens: tokens, outputTokens: 0, cachedInputTokens: null },
      },
    ]);
  });

  it('gemini: batchEmbedContents reports no counts, so the row is an estimate', async () => {
    const usage = usageLog('embeddings');
    await embedTexts({
      target: { provider: 'gemini', apiKey: FAKE_KEYS.gemini.good },
      model: 'gemini-embedding-001',
      texts: ['pricing a course'],
      settings: { baseUrls: { gemini: fakes.gemini.baseURL } },
      usage,
    });
    expect(usage.calls).toEqual([expect.objectContaining({ outcome: 'done', reported: null, promptChars: 16 })]);
    expect(ledgerRowOf(usage.calls[0]!, { feature: 'embeddings', surface: 'dashboard' }, [], '2026-11-29')).toMatchObject({
      estimated: true,
      input_tokens: 4,
      output_tokens: 0,
    });
  });

  it("cohere's compatibility layer reports prompt_tokens like OpenAI", async () => {
    const usage = usageLog('embeddings');
    await embedTexts({
      target: { provider: 'cohere', apiKey: FAKE_KEYS.cohere.good },
      model: 'embed-v4.0',
      texts: ['pricing a course'],
      settings: { baseUrls: { cohere: fakes.cohere.baseURL } },
      usage,
    });
    expect(usage.calls).toEqual([expect.objectContaining({ outcome: 'done', reported: expect.objectContaining({ inputTokens: 4 }) })]);
  });

  it('a refused embedding reports once, failed; no key reports nothing', async () => {
    const usage = usageLog('embeddings');
    await expect(
      embedTexts({
        target: { provider: 'openai', apiKey: FAKE_KEYS.openai.bad },
        model: 'text-embedding-3-small',
        texts: ['x'],
        settings: { baseUrls: { openai: fakes.openai.baseURL }, maxRetries: 0 },
        usage,
      }),
    ).rejects.toMatchObject({ kind: 'auth' });
    expect(usage.calls).toEqual([expect.objectContaining({ outcome: 'failed', reported: null })]);
    const none = usageLog('embeddings');
    await expect(
      embedTexts({ target: { provider: 'openai', apiKey: ' ' }, model: 'text-embedding-3-small', texts: ['x'], usage: none }),
    ).rejects.toMatchObject({ kind: 'noKey' });
    expect(none.calls).toEqual([]);
  });
});
