import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listModels, testProviderKey } from '@/shared/ai/keyTest.ts';
import { errorObjectOf } from '@/shared/ai/protocol/http.ts';
import { serviceFetch } from '@/shared/ai/protocol/openai.ts';
import { PROVIDER_ENDPOINTS, resolveBaseURL } from '@/shared/ai/providers.ts';
import {
  KEY_TEXTS,
  PROVIDER_IDS,
  PROVIDER_KEY_COLUMNS,
  checkBaseUrl,
  checkProviderKey,
  maskKey,
  modelsAvailableText,
} from '@/shared/core/providerKeys.ts';
import { clearLocalProviderKeys, loadProviderKeys, saveBaseUrl, saveProviderKey } from '@/shared/data/providerKeys.ts';
import { createTypedStorage, memoryStore, type KeyValueStore } from '@/shared/storage.ts';
import {
  FAKE_OPENAI_BAD_KEY,
  FAKE_OPENAI_GOOD_KEY,
  FAKE_OPENAI_MODELS,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../fixtures/fake-openai.ts';

const repeat = (chars: string, n: number) => chars.repeat(Math.ceil(n / chars.length)).slice(0, n);

describe('key format checks', () => {
  it('OpenAI: valid only if it starts with sk-; empty is a clear', () => {
    expect(checkProviderKey('openai', 'sk-abc')).toEqual({ kind: 'valid', key: 'sk-abc' });
    expect(checkProviderKey('openai', '  sk-proj-123  ')).toEqual({ kind: 'valid', key: 'sk-proj-123' });
    expect(checkProviderKey('openai', '')).toEqual({ kind: 'empty' });
    expect(checkProviderKey('openai', '   ')).toEqual({ kind: 'empty' });
    expect(checkProviderKey('openai', 'abc')).toEqual({ kind: 'invalid' });
    expect(checkProviderKey('openai', 'SK-abc')).toEqual({ kind: 'invalid' });
    expect(checkProviderKey('openai', 'xsk-abc')).toEqual({ kind: 'invalid' });
  });

  it('Anthropic keys start with sk-ant-', () => {
    expect(checkProviderKey('anthropic', `sk-ant-api03-${repeat('aB3_-', 40)}`).kind).toBe('valid');
    expect(checkProviderKey('anthropic', `sk-${repeat('a', 40)}`).kind).toBe('invalid');
    expect(checkProviderKey('anthropic', 'sk-ant-short').kind).toBe('invalid');
  });

  it('Hugging Face tokens start with hf_', () => {
    expect(checkProviderKey('huggingface', `hf_${repeat('aBc', 34)}`).kind).toBe('valid');
    expect(checkProviderKey('huggingface', 'hf_short').kind).toBe('invalid');
    expect(checkProviderKey('huggingface', repeat('a', 37)).kind).toBe('invalid');
  });

  it('Gemini accepts the old AIza… and the new AQ.… keys, by length and charset only', () => {
    expect(checkProviderKey('gemini', `AIza${repeat('Sy-_x9', 35)}`).kind).toBe('valid');
    expect(checkProviderKey('gemini', `AQ.Ab${repeat('x8', 35)}`).kind).toBe('valid');
    expect(checkProviderKey('gemini', 'AIza-too-short').kind).toBe('invalid');
    expect(checkProviderKey('gemini', `AIza ${repeat('x', 35)}`).kind).toBe('invalid');
  });

  it('Cohere and AI21 have no documented prefix: length and charset', () => {
    for (const provider of ['cohere', 'ai21'] as const) {
      expect(checkProviderKey(provider, repeat('aZ9', 40)).kind).toBe('valid');
      expect(checkProviderKey(provider, 'short').kind).toBe('invalid');
      expect(checkProviderKey(provider, `${repeat('a', 20)} ${repeat('b', 20)}`).kind).toBe('invalid');
      expect(checkProviderKey(provider, `${repeat('a', 30)}!`).kind).toBe('invalid');
    }
  });

  it('Custom ChatGPT takes any key without spaces (local servers accept anything)', () => {
    expect(checkProviderKey('chatgpt_custom', 'ollama').kind).toBe('valid');
    expect(checkProviderKey('chatgpt_custom', 'sk-anything').kind).toBe('valid');
    expect(checkProviderKey('chatgpt_custom', 'two words').kind).toBe('invalid');
  });

  it('every provider has a key column named as in user_api_keys', () => {
    expect(Object.values(PROVIDER_KEY_COLUMNS)).toEqual([
      'openai_api_key',
      'gemini_api_key',
      'anthropic_api_key',
      'cohere_api_key',
      'ai21_api_key',
      'huggingface_api_key',
      'chatgpt_api_key',
    ]);
  });
});

describe('masking', () => {
  it('keeps the known prefix and the last 4 characters only', () => {
    expect(maskKey('openai', 'sk-proj-abcdefghijklmnop1234')).toBe('sk-…1234');
    expect(maskKey('anthropic', `sk-ant-api03-${repeat('x', 30)}WXYZ`)).toBe('sk-ant-…WXYZ');
    expect(maskKey('huggingface', `hf_${repeat('q', 30)}abcd`)).toBe('hf_…abcd');
    expect(maskKey('gemini', `AIza${repeat('q', 31)}9876`)).toBe('AIza…9876');
    expect(maskKey('gemini', `AQ.${repeat('q', 31)}9876`)).toBe('AQ.…9876');
    expect(maskKey('cohere', `${repeat('c', 36)}abcd`)).toBe('…abcd');
  });

  it('shows only 2 characters of a short key', () => {
    expect(maskKey('openai', 'sk-abcdef')).toBe('sk-…ef');
    expect(maskKey('chatgpt_custom', 'ollama')).toBe('…ma');
  });
});

describe('base URL', () => {
  it('accepts http(s) URLs and drops trailing slashes', () => {
    expect(checkBaseUrl(' http://localhost:11434/v1/ ')).toEqual({ kind: 'valid', url: 'http://localhost:11434/v1' });
    expect(checkBaseUrl('https://api.example.com/openai/v1')).toEqual({ kind: 'valid', url: 'https://api.example.com/openai/v1' });
    expect(checkBaseUrl('http://127.0.0.1:1234')).toEqual({ kind: 'valid', url: 'http://127.0.0.1:1234' });
    expect(checkBaseUrl('')).toEqual({ kind: 'empty' });
  });

  it('refuses other schemes, bare hosts, credentials, queries', () => {
    for (const bad of [
      'ftp://host/v1',
      'localhost:11434/v1',
      'javascript:alert(1)',
      'http://user:pw@host/v1',
      'http://host/v1?x=1',
      'not a url',
    ]) {
      expect(checkBaseUrl(bad), bad).toEqual({ kind: 'invalid' });
    }
  });
});

describe('key notices', () => {
  it('OpenAI notices are the product’s texts verbatim', () => {
    expect(KEY_TEXTS.saved('OpenAI')).toEqual({ title: 'OpenAI API Key Saved' });
    expect(KEY_TEXTS.savedLocally('OpenAI')).toEqual({
      title: 'OpenAI API Key Saved Locally',
      description: 'Saved locally. Sign in to sync to your account. Keep it secure!',
    });
    expect(KEY_TEXTS.cleared('OpenAI')).toEqual({ title: 'OpenAI API Key Cleared' });
    expect(KEY_TEXTS.invalid('OpenAI')).toEqual({
      title: 'Invalid API Key',
      description: 'Please enter a valid OpenAI API key. Key has been cleared.',
      variant: 'destructive',
    });
    expect(KEY_TEXTS.dbSaveError('OpenAI', 'boom')).toEqual({
      title: 'DB Save Error',
      description: 'OpenAI key saved locally, but failed to save to cloud: boom',
      variant: 'destructive',
    });
    expect(KEY_TEXTS.storageError()).toEqual({
      title: 'Storage Error',
      description: 'Could not save the API key.',
      variant: 'destructive',
    });
    expect(KEY_TEXTS.fetchError('OpenAI', 'nope').title).toBe('Error fetching OpenAI key from DB');
  });

  it('other providers get analogous texts', () => {
    expect(KEY_TEXTS.saved('Gemini').title).toBe('Gemini API Key Saved');
    expect(KEY_TEXTS.invalid('Hugging Face').description).toBe('Please enter a valid Hugging Face API key. Key has been cleared.');
  });

  it('model count text', () => {
    expect(modelsAvailableText(12, true)).toBe('Key works — 12 models available');
    expect(modelsAvailableText(1, true)).toBe('Key works — 1 model available');
    expect(modelsAvailableText(3, false)).toBe('Connected — 3 models available');
  });
});

describe('local key flows (signed out)', () => {
  // Signed out, the flows never touch the client.
  const noClient = {} as SupabaseClient;
  const setup = (store: KeyValueStore = memoryStore()) => ({
    store,
    deps: { storage: createTypedStorage(store), client: noClient, userId: null },
  });

  it('a valid key is stored locally under its spec name, with the "saved locally" notice', async () => {
    const { store, deps } = setup();
    const result = await saveProviderKey(deps, 'openai', ' sk-local-1234 ', false);
    expect(result.notice.title).toBe('OpenAI API Key Saved Locally');
    expect(result.next).toEqual({ value: 'sk-local-1234', source: 'local' });
    expect(store.getItem('openai_api_key')).toBe('sk-local-1234');
  });

  it('an invalid key is cleared (field and storage) with the invalid-key notice', async () => {
    const { store, deps } = setup(memoryStore({ openai_api_key: 'sk-old' }));
    const result = await saveProviderKey(deps, 'openai', 'not-a-key', false);
    expect(result.notice).toEqual(KEY_TEXTS.invalid('OpenAI'));
    expect(result.next).toEqual({ value: null, source: 'empty' });
    expect(store.getItem('openai_api_key')).toBeNull();
  });

  it('an empty value clears with the cleared notice', async () => {
    const { store, deps } = setup(memoryStore({ gemini_api_key: 'AIza-old' }));
    const result = await saveProviderKey(deps, 'gemini', '', false);
    expect(result.notice).toEqual({ title: 'Gemini API Key Cleared' });
    expect(store.getItem('gemini_api_key')).toBeNull();
  });

  it('a failing local storage gives "Storage Error" and changes nothing', async () => {
    const broken: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const { deps } = setup(broken);
    const result = await saveProviderKey(deps, 'openai', 'sk-valid', false);
    expect(result.notice).toEqual(KEY_TEXTS.storageError());
    expect(result.next).toBeUndefined();
  });

  it('the base URL is validated and stored the same way', async () => {
    const { store, deps } = setup();
    expect((await saveBaseUrl(deps, 'http://localhost:11434/v1/', false)).next).toEqual({
      value: 'http://localhost:11434/v1',
      source: 'local',
    });
    expect(store.getItem('custom_base_url')).toBe('http://localhost:11434/v1');
    const bad = await saveBaseUrl(deps, 'ftp://x', false);
    expect(bad.notice.title).toBe('Invalid Base URL');
    expect(store.getItem('custom_base_url')).toBeNull();
  });

  it('signed out, keys load from local storage; sign-out clears every key', async () => {
    const { store, deps } = setup(memoryStore({ openai_api_key: 'sk-here', huggingface_api_key: 'hf_x', custom_base_url: 'http://h/v1' }));
    const { state, notices } = await loadProviderKeys(deps);
    expect(notices).toEqual([]);
    expect(state.keys.openai).toEqual({ value: 'sk-here', source: 'local' });
    expect(state.keys.gemini).toEqual({ value: null, source: 'empty' });
    expect(state.baseUrl).toEqual({ value: 'http://h/v1', source: 'local' });
    await clearLocalProviderKeys(deps.storage);
    for (const id of PROVIDER_IDS) expect(store.getItem(PROVIDER_KEY_COLUMNS[id])).toBeNull();
    expect(store.getItem('custom_base_url')).toBeNull();
  });
});

describe('provider registry', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => fake?.close());

  it('knows each provider’s base URL (Gemini and Anthropic in their own APIs)', () => {
    expect(resolveBaseURL({ provider: 'openai', apiKey: 'sk-x' })).toBe('https://api.openai.com/v1');
    expect(resolveBaseURL({ provider: 'gemini', apiKey: 'k' })).toBe('https://generativelanguage.googleapis.com/v1beta');
    expect(resolveBaseURL({ provider: 'anthropic', apiKey: 'k' })).toBe('https://api.anthropic.com/v1');
    expect(resolveBaseURL({ provider: 'gemini', apiKey: 'k' }, { gemini: 'http://127.0.0.1:4404/v1beta' })).toBe(
      'http://127.0.0.1:4404/v1beta',
    );
    expect(resolveBaseURL({ provider: 'huggingface', apiKey: 'k' })).toBe('https://router.huggingface.co/v1');
    expect(resolveBaseURL({ provider: 'chatgpt_custom', apiKey: null, customBaseUrl: 'http://localhost:11434/v1' })).toBe(
      'http://localhost:11434/v1',
    );
    expect(resolveBaseURL({ provider: 'chatgpt_custom', apiKey: 'sk-x' })).toBe('https://api.openai.com/v1');
  });

  it('a good key lists the models ("Key works — n models available")', async () => {
    const result = await testProviderKey({ provider: 'chatgpt_custom', apiKey: FAKE_OPENAI_GOOD_KEY, customBaseUrl: fake.baseURL });
    expect(result).toEqual({
      ok: true,
      models: [...FAKE_OPENAI_MODELS],
      message: `Key works — ${FAKE_OPENAI_MODELS.length} models available`,
    });
    expect(fake.requests.at(-1)).toEqual({ method: 'GET', path: '/v1/models', key: FAKE_OPENAI_GOOD_KEY });
    // The SDK's telemetry headers never leave (a service listing its allowed headers would refuse the preflight).
    expect(fake.headers.at(-1)?.filter((name) => name.startsWith('x-stainless'))).toEqual([]);
  });

  it('a rejected key reports the provider’s own message and status', async () => {
    const result = await testProviderKey({ provider: 'chatgpt_custom', apiKey: FAKE_OPENAI_BAD_KEY, customBaseUrl: fake.baseURL });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Incorrect API key provided: sk-\*\*\*\*cdef\..* \(HTTP 401\)$/);
  });

  it('an unreachable server says so (not a mysterious failure)', async () => {
    const result = await testProviderKey({ provider: 'chatgpt_custom', apiKey: 'k', customBaseUrl: 'http://127.0.0.1:9/v1' });
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toContain('Could not reach http://127.0.0.1:9/v1');
  });

  it('AI21 cannot be tested, and says why', async () => {
    const result = await testProviderKey({ provider: 'ai21', apiKey: repeat('a', 32) });
    expect(result).toMatchObject({ ok: false, unsupported: true });
    expect(result.message).toMatch(/AI21 has no endpoint that checks a key/);
  });

  it('a provider key is required, except for a custom base URL', async () => {
    expect((await testProviderKey({ provider: 'openai', apiKey: null })).message).toBe('Save your OpenAI key first.');
    const keyless = await testProviderKey({ provider: 'chatgpt_custom', apiKey: null, customBaseUrl: fake.baseURL });
    expect(keyless.ok).toBe(false); // the fake wants a key; a local Ollama would answer
    expect(fake.requests.at(-1)?.path).toBe('/v1/models');
  });

  it('Anthropic gets its browser-access and key headers', async () => {
    let seen: Headers | undefined;
    const fetchSpy: typeof fetch = async (input, init) => {
      seen = new Headers(init?.headers);
      expect(String(input)).toBe('https://api.anthropic.com/v1/models?limit=1000');
      return Response.json({ data: [{ id: 'claude-x', type: 'model' }], has_more: false });
    };
    expect(await listModels({ provider: 'anthropic', apiKey: 'sk-ant-k' }, { fetch: fetchSpy })).toEqual(['claude-x']);
    expect(seen?.get('anthropic-dangerous-direct-browser-access')).toBe('true');
    expect(seen?.get('x-api-key')).toBe('sk-ant-k');
    expect(seen?.get('anthropic-version')).toBe('2023-06-01');
  });

  it('Cohere lists models on its native API; Hugging Face checks the token first', async () => {
    const urls: string[] = [];
    const cohere: typeof fetch = async (input) => {
      urls.push(String(input));
      return Response.json({ models: [{ name: 'command-a' }, { name: 'embed-v4.0' }] });
    };
    expect(await listModels({ provider: 'cohere', apiKey: 'c' }, { fetch: cohere })).toEqual(['command-a', 'embed-v4.0']);
    expect(urls).toEqual([PROVIDER_ENDPOINTS.cohere.models.kind === 'custom' ? PROVIDER_ENDPOINTS.cohere.models.url : '']);

    const hf: typeof fetch = async (input) => {
      urls.push(String(input));
      return Response.json({ error: 'Invalid credentials in Authorization header' }, { status: 401 });
    };
    const result = await testProviderKey({ provider: 'huggingface', apiKey: 'hf_bad' }, { fetch: hf });
    expect(result).toEqual({ ok: false, status: 401, message: 'Invalid credentials in Authorization header (HTTP 401)' });
    expect(urls.at(-1)).toBe('https://huggingface.co/api/whoami-v2');
  });

  it('error bodies in other shapes keep the provider’s message', async () => {
    expect(errorObjectOf(JSON.stringify([{ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }]))).toEqual({
      code: 400,
      message: 'API key not valid.',
      status: 'INVALID_ARGUMENT',
    });
    expect(errorObjectOf(JSON.stringify({ message: 'invalid api token' }))).toEqual({ message: 'invalid api token' });
    expect(errorObjectOf(JSON.stringify({ detail: 'Bad request: bad or missing authentication.' }))).toEqual({
      message: 'Bad request: bad or missing authentication.',
    });
    expect(errorObjectOf('Unauthorized')).toEqual({ message: 'Unauthorized' });
    const wrapped = serviceFetch(async () => new Response(JSON.stringify({ message: 'invalid api token' }), { status: 401 }));
    const response = await wrapped('http://x');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'invalid api token' } });
  });
});
