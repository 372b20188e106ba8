import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeJson, streamText, type AiRequest } from '@/shared/ai/chat.ts';
import { embedTexts, embeddingModelFor } from '@/shared/ai/embeddings.ts';
import { testProviderKey } from '@/shared/ai/keyTest.ts';
import { defaultModel } from '@/shared/ai/modelChoice.ts';
import type { ClientOptions, ProviderTarget, Surface } from '@/shared/ai/providers.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { FAKE_OF, startFakeAiServices, type FakeAiServices } from '../fixtures/fake-ai-services.ts';
import { FAKE_KEYS, type FakeProviderKind } from '../fixtures/fake-providers/index.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { person, type Person } from './documents-helpers.ts';
import { aiFailure } from '../helpers/aiFailure.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * The AI layer against strict fakes of every service (tests/fixtures/fake-providers), each
 * refusing what the real service refuses: every provider lists its models and is tested with its
 * key, streams an answer with the usage it reports, answers JSON, embeds where it can, and maps
 * 401, 429 and 5xx to the catalogue — from a server (the Edge Functions), the extension, and a web
 * page, which reaches Cohere, AI21 and Hugging Face through the ai-relay Edge Function. No request
 * carries the `openai` SDK's telemetry headers.
 */

let services: FakeAiServices;
let stack: TestStack;
let user: Person;
let baseUrls: Record<string, string>;

/** Each provider's fake; the custom provider is the Ollama fake, at its custom base URL. */
const KIND_OF: Record<ProviderId, FakeProviderKind> = { ...FAKE_OF, chatgpt_custom: 'ollama' };

const PROVIDERS: readonly ProviderId[] = ['openai', 'gemini', 'anthropic', 'cohere', 'ai21', 'huggingface', 'chatgpt_custom'];

beforeAll(async () => {
  services = await startFakeAiServices();
  baseUrls = JSON.parse(services.baseUrlsJson) as Record<string, string>;
  stack = await startTestStack({ config: { functionSecrets: { AI_BASE_URLS: services.baseUrlsJson } } });
  user = await person(stack, 'ai-providers');
});
afterAll(async () => {
  await stack?.close();
  await services?.close();
});

const targetOf = (provider: ProviderId): ProviderTarget =>
  provider === 'chatgpt_custom'
    ? { provider, apiKey: null, customBaseUrl: services.fakes.ollama.baseURL }
    : { provider, apiKey: FAKE_KEYS[KIND_OF[provider]].good };

async function settingsFor(surface: Surface): Promise<ClientOptions> {
  const session = (await user.client.auth.getSession()).data.session!;
  return {
    surface,
    baseUrls,
    maxRetries: 1,
    relay: { url: `${stack.url}/functions/v1/ai-relay`, anonKey: stack.config.anonKey, accessToken: async () => session.access_token },
  };
}

const surfaces: Surface[] = ['server', 'extension', 'page'];

describe.each(surfaces)(`every provider from the %s (${testDbKind})`, (surface) => {
  it.each(PROVIDERS)('%s: the key lists its models, a bad key is refused with the service’s words', async (provider) => {
    const settings = await settingsFor(surface);
    const target = targetOf(provider);
    const tested = await testProviderKey(target, settings);
    if (provider === 'ai21') {
      expect(tested).toMatchObject({ ok: false, unsupported: true });
      return;
    }
    expect(tested).toMatchObject({ ok: true });
    const models = tested.ok ? tested.models : [];
    expect(models.length).toBeGreaterThan(0);
    // The default is a current model the key lists.
    expect(models.map((m) => m.replace(/^models\//, ''))).toContain(defaultModel(provider, models));
    if (provider !== 'chatgpt_custom') {
      const bad = await testProviderKey({ provider, apiKey: FAKE_KEYS[KIND_OF[provider]].bad }, settings);
      expect(bad).toMatchObject({ ok: false });
      expect(bad.ok ? '' : bad.message).toMatch(/\(HTTP (400|401|403)\)$/);
    }
  });

  it.each(PROVIDERS)('%s: streams an answer, with the usage the service reports', async (provider) => {
    const settings = await settingsFor(surface);
    const target = targetOf(provider);
    const models = (await testProviderKey(target, settings)) as { models?: string[] };
    const model = defaultModel(provider, models.models ?? null);
    const deltas: string[] = [];
    const result = await streamText({
      target,
      model,
      prompt: [
        { role: 'system', content: 'You write marketing copy.' },
        { role: 'user', content: 'Write a tagline for a pricing course' },
      ],
      settings,
      usage: usageLog(),
      onDelta: (delta) => deltas.push(delta),
    });
    // The fake's answer echoes the question and names the model it ran on.
    expect(result.text).toContain('Write a tagline for a pricing course');
    expect(result.text).toContain(`Answered by ${model}`);
    expect(deltas.join('')).toBe(result.text);
    expect(result.stopped).toBe(false);
    // OpenAI (asked with stream_options), Gemini and Anthropic report tokens in the stream.
    if (provider === 'openai' || provider === 'gemini' || provider === 'anthropic') {
      expect(result.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    }
  });

  it.each(PROVIDERS)('%s: answers JSON as the service asks for it', async (provider) => {
    const settings = await settingsFor(surface);
    const target = targetOf(provider);
    const models = (await testProviderKey(target, settings)) as { models?: string[] };
    const request: AiRequest = {
      target,
      model: defaultModel(provider, models.models ?? null),
      prompt: 'Return a JSON object with a "title" for an offer about pricing. Answer with JSON only.',
      settings,
      usage: usageLog(),
    };
    const answer = await completeJson({ ...request, schema: z.record(z.string(), z.unknown()) });
    expect(typeof answer).toBe('object');
  });

  it.each(PROVIDERS)('%s: 401, 429 and 5xx reach the user as the catalogue says', async (provider) => {
    const settings = { ...(await settingsFor(surface)), maxRetries: 0 };
    const target = targetOf(provider);
    const models = (await testProviderKey(target, settings)) as { models?: string[] };
    const model = defaultModel(provider, models.models ?? null);
    const request = (marker: string): AiRequest => ({ target, model, prompt: `Go ${marker}`, settings, usage: usageLog() });
    if (provider !== 'chatgpt_custom') {
      const auth = await aiFailure(streamText(request('[[fake:401]]')));
      expect(auth).toMatchObject({ kind: 'auth' });
    }
    const limited = await aiFailure(streamText(request('[[fake:429]]')));
    expect(limited).toMatchObject({ kind: 'rateLimit', status: 429 });
    const broken = await aiFailure(streamText(request('[[fake:500]]')));
    expect(broken.kind).toBe('api');
    expect(broken.status).toBeGreaterThanOrEqual(500);
  });

  // Which providers embed is the AI layer's own rule (embeddings.ts): OpenAI, Gemini, Cohere and a custom server with an embedding model.
  it.each(['openai', 'gemini', 'cohere', 'chatgpt_custom'] as const)(
    '%s: embeds texts where the service has embeddings',
    async (provider) => {
      const settings = await settingsFor(surface);
      const target = targetOf(provider);
      const model = embeddingModelFor(target, ['nomic-embed-text:latest'])!;
      const vectors = await embedTexts({
        target,
        model,
        texts: ['pricing a course', 'how to price a course'],
        settings,
        usage: usageLog('embeddings'),
      });
      expect(vectors).toHaveLength(2);
      expect(vectors[0]!.length).toBeGreaterThan(0);
    },
  );
});

describe('what leaves the app', () => {
  it('no request to any service carries the SDK’s x-stainless-* headers', () => {
    const seen = Object.values(services.fakes).flatMap((fake) => fake.requests.map((r) => Object.keys(r.headers)));
    expect(seen.length).toBeGreaterThan(50);
    expect(seen.flat().filter((name) => name.startsWith('x-stainless'))).toEqual([]);
  });

  it('a web page never calls Cohere, AI21 or Hugging Face itself: the relay does, with the user’s key', () => {
    for (const kind of ['cohere', 'ai21', 'huggingface'] as const) {
      const keys = services.fakes[kind].requests.filter((r) => r.method !== 'OPTIONS').map((r) => r.headers.authorization ?? '');
      expect(keys.every((auth) => !auth.includes('eyJ'))).toBe(true);
    }
  });
});
