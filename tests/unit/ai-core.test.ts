import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiJsonError, toAiError } from '@/shared/ai/aiErrors.ts';
import { extractJson, parseJsonReply } from '@/shared/ai/jsonReply.ts';
import { chatModels, defaultModel, MODEL_PREFERENCES_CHECKED } from '@/shared/ai/modelChoice.ts';
import { maxOutputTokensFor } from '@/shared/ai/modelLimits.ts';

describe('error mapping', () => {
  const apiError = (status: number, message: string) => APIError.generate(status, { error: { message } }, undefined, new Headers());
  it.each([
    [apiError(401, 'bad key'), 'auth', 'Authentication failed. Please check your OpenAI API key in Settings.'],
    [apiError(403, 'forbidden'), 'auth', 'Authentication failed. Please check your OpenAI API key in Settings.'],
    [apiError(429, 'Too many'), 'rateLimit', 'The AI service returned an error: Too many'],
    [apiError(400, 'Unknown model'), 'api', 'The AI service returned an error: Unknown model'],
    [new APIConnectionTimeoutError(), 'timeout', 'Could not generate the offer. Please check your network and try again.'],
    [
      new APIConnectionError({ message: 'fetch failed' }),
      'network',
      'Could not generate the offer. Please check your network and try again.',
    ],
    [new AiJsonError('no json', 'x'), 'badJson', 'The AI returned an unexpected data format. Please try again.'],
    [new APIUserAbortError(), 'aborted', 'Stopped.'],
  ])('%s', (error, kind, message) => {
    expect(
      toAiError(error, { provider: 'openai', fallback: 'Could not generate the offer. Please check your network and try again.' }),
    ).toMatchObject({ kind, message });
  });
  it('without a caller fallback, a timeout and a network failure have their own messages', () => {
    expect(toAiError(new APIConnectionTimeoutError(), { provider: 'openai' })).toMatchObject({
      kind: 'timeout',
      message: 'The AI service did not answer in time. Please try again.',
    });
    expect(toAiError(new APIConnectionError({ message: 'fetch failed' }), { provider: 'openai' })).toMatchObject({
      kind: 'network',
      message: 'Could not reach the AI service. Please check your network and try again.',
    });
  });
});

describe('JSON in answers', () => {
  it('finds bare, fenced and embedded JSON; braces inside strings do not confuse it', () => {
    expect(extractJson(' {"a":1} ')).toEqual({ a: 1 });
    expect(extractJson('```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(extractJson('Sure: {"a":"x}y","b":[1,2]} done')).toEqual({ a: 'x}y', b: [1, 2] });
    expect(extractJson('list: [1, {"c": 3}]')).toEqual([1, { c: 3 }]);
    expect(() => extractJson('no json here')).toThrow(AiJsonError);
    expect(() => parseJsonReply('{"a": 1}', z.object({ a: z.string() }))).toThrow(AiJsonError);
  });
});

describe('output-token limits per model family', () => {
  it('sends Anthropic its model family’s limit, AI21 its ceiling, and the others none', () => {
    expect(maxOutputTokensFor('anthropic', 'claude-sonnet-5-5')).toBe(128_000);
    expect(maxOutputTokensFor('anthropic', 'claude-opus-4-7')).toBe(128_000);
    expect(maxOutputTokensFor('anthropic', 'claude-haiku-4-5')).toBe(64_000);
    expect(maxOutputTokensFor('anthropic', 'claude-opus-4-1-20250805')).toBe(32_000);
    expect(maxOutputTokensFor('anthropic', 'claude-3-5-haiku-latest')).toBe(8_192);
    expect(maxOutputTokensFor('anthropic', 'claude-3-haiku-20240307')).toBe(4_096);
    expect(maxOutputTokensFor('anthropic', 'claude-next')).toBe(8_192);
    expect(maxOutputTokensFor('ai21', 'jamba-large')).toBe(4_096);
    expect(maxOutputTokensFor('openai', 'gpt-6.1-terra')).toBeUndefined();
  });
});

describe('model choice', () => {
  it('prefers a current model the key lists, never a preview; our first preference when the list is unknown', () => {
    // A retired id the key still lists is not chosen over a current preference.
    expect(defaultModel('openai', ['gpt-4o', 'gpt-4-turbo-preview', 'gpt-6-luna', 'text-embedding-3-small'])).toBe('gpt-6-luna');
    // None of our preferences listed: the first current chat model, skipping previews.
    expect(defaultModel('openai', ['gpt-4-turbo-preview', 'gpt-4o', 'gpt-4o-mini'])).toBe('gpt-4o');
    expect(defaultModel('gemini', ['models/gemini-3.8-flash', 'models/gemini-embedding-001'])).toBe('gemini-3.8-flash');
    expect(defaultModel('gemini', ['models/gemini-3.1-pro-preview', 'models/gemini-9-flash'])).toBe('gemini-9-flash');
    expect(defaultModel('chatgpt_custom', ['phi3:latest', 'nomic-embed-text'])).toBe('phi3:latest');
    expect(defaultModel('anthropic', null)).toBe('claude-sonnet-5-5');
    expect(MODEL_PREFERENCES_CHECKED).toBe('2026-11-29');
    expect(chatModels(['whisper-1', 'tts-1', 'dall-e-3', 'gpt-4o', 'omni-moderation-latest'])).toEqual(['gpt-4o']);
  });
});
