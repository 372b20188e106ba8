import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError } from '@/shared/ai/aiErrors.ts';
import { completeText, streamText, type AiRequest } from '@/shared/ai/chat.ts';
import type { ChatMessage } from '@/shared/ai/protocol/types.ts';
import {
  base64Bytes,
  COMMON_LIMITS,
  fitWithin,
  imageProblem,
  shrinkEdgeFor,
  VISION_LIMITS,
  visionSupport,
  type ChatImage,
} from '@/shared/ai/vision.ts';
import { usesScreenshot, withScreenshotMention } from '@/shared/core/placeholders.ts';
import type { ProviderId } from '@/shared/core/providerKeys.ts';
import { cropBoxFor } from '@/extension/lib/regionPick.ts';
import { FAKE_KEYS, startFakeProvider, type FakeProvider } from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN } from '../fixtures/fake-providers/testing.ts';
import { usageLog } from '../helpers/usage.ts';

/**
 * Images in prompts: each adapter sends them in its provider's own format and the strict fakes read
 * them as the real APIs do; a model or image the provider would refuse is refused before any
 * request with one sentence; the client-side scaling math.
 */

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const png: ChatImage = { mediaType: 'image/png', base64: PNG_1x1 };

/** A PNG header declaring width × height, padded to `bytes` (the fakes read sizes from the header). */
function pngOf(width: number, height: number, bytes = 64): string {
  const buffer = Buffer.alloc(Math.max(bytes, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer, 0);
  buffer.writeUInt32BE(13, 8);
  buffer.write('IHDR', 12, 'latin1');
  buffer.writeUInt32BE(width, 16);
  buffer.writeUInt32BE(height, 20);
  return buffer.toString('base64');
}

const fakes = {} as Record<'openai' | 'anthropic' | 'gemini', FakeProvider>;
beforeAll(async () => {
  fakes.openai = await startFakeProvider('openai', { chunkDelayMs: 0, models: ['gpt-6.1-terra', 'gpt-3.5-turbo'] });
  fakes.anthropic = await startFakeProvider('anthropic', { chunkDelayMs: 0 });
  fakes.gemini = await startFakeProvider('gemini', { chunkDelayMs: 0 });
});
afterAll(async () => Promise.all(Object.values(fakes).map((fake) => fake.close())));

const MODELS = { openai: 'gpt-6.1-terra', anthropic: 'claude-sonnet-5-5', gemini: 'gemini-3.8-flash' };

function request(kind: keyof typeof fakes, messages: ChatMessage[], model: string = MODELS[kind]): AiRequest {
  const provider: ProviderId = kind;
  return {
    target: { provider, apiKey: FAKE_KEYS[kind].good },
    model,
    prompt: messages,
    settings: { baseUrls: { [provider]: fakes[kind].baseURL }, maxRetries: 0 },
    usage: usageLog(),
  };
}

const lastBody = (fake: FakeProvider) => fake.requests.filter((r) => r.method === 'POST').at(-1)?.body as Record<string, unknown>;
const posts = (fake: FakeProvider) => fake.requests.filter((r) => r.method === 'POST').length;
const ask: ChatMessage = { role: 'user', content: 'What is in this picture?', images: [png] };

describe('adapters send images in each provider’s format, and the fakes take them', () => {
  it('OpenAI: a list of parts, text then image_url with a base64 data URL', async () => {
    const text = await completeText(request('openai', [{ role: 'system', content: 'Be brief.' }, ask]));
    expect(text.length).toBeGreaterThan(0);
    const messages = lastBody(fakes.openai).messages as unknown[];
    expect(messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1x1}` } },
      ],
    });
  });

  it('OpenAI: a message without images stays a plain string (streams too)', async () => {
    const result = await streamText(request('openai', [{ role: 'user', content: 'Hello' }]));
    expect(result.stopped).toBe(false);
    expect((lastBody(fakes.openai).messages as unknown[])[0]).toEqual({ role: 'user', content: 'Hello' });
  });

  it('Anthropic: image blocks (base64 source, media_type) before the text', async () => {
    await completeText(request('anthropic', [ask]));
    expect((lastBody(fakes.anthropic).messages as unknown[])[0]).toEqual({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1x1 } },
        { type: 'text', text: 'What is in this picture?' },
      ],
    });
  });

  it('Gemini: inlineData parts (mimeType, data) after the text', async () => {
    await streamText(request('gemini', [ask]));
    expect((lastBody(fakes.gemini).contents as unknown[])[0]).toEqual({
      role: 'user',
      parts: [{ text: 'What is in this picture?' }, { inlineData: { mimeType: 'image/png', data: PNG_1x1 } }],
    });
  });
});

describe('refused before any request, in one sentence', () => {
  it('a model without vision names models that can, and nothing is sent or recorded', async () => {
    const before = posts(fakes.openai);
    const req = request('openai', [ask], 'gpt-3.5-turbo');
    const error = await completeText(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('vision');
    expect((error as AiError).message).toBe(
      'gpt-3.5-turbo cannot read images. Choose a model that can, such as gpt-6.1-terra, gpt-6-luna or claude-sonnet-5-5.',
    );
    expect(posts(fakes.openai)).toBe(before);
  });

  it('every AI21 model, Cohere’s text models, Hugging Face text models; not their vision models', () => {
    expect(visionSupport('ai21', 'jamba-large')).toEqual({
      ok: false,
      error: "AI21's jamba-large cannot read images. Choose a model that can, such as gpt-6.1-terra or claude-sonnet-5-5.",
    });
    expect(visionSupport('cohere', 'command-a-03-2025').ok).toBe(false);
    expect((visionSupport('cohere', 'command-a-03-2025') as { error: string }).error).toMatch(/such as command-a-vision-07-2025, /);
    expect(visionSupport('cohere', 'command-a-vision-07-2025').ok).toBe(true);
    expect(visionSupport('huggingface', 'meta-llama/Llama-3.3-70B-Instruct').ok).toBe(false);
    expect(visionSupport('huggingface', 'Qwen/Qwen2.5-VL-7B-Instruct').ok).toBe(true);
    for (const [provider, model] of [
      ['openai', 'gpt-6.1-terra'],
      ['openai', 'gpt-6-luna'],
      ['anthropic', 'claude-haiku-4-5'],
      ['gemini', 'gemini-3.5-flash-lite'],
    ] as const)
      expect(visionSupport(provider, model).ok).toBe(true);
    expect(visionSupport('gemini', 'gemini-embedding-001').ok).toBe(false);
  });

  it('an oversized image and a format the provider does not take', async () => {
    const big: ChatImage = { mediaType: 'image/png', base64: pngOf(100, 100, 6 * 1024 * 1024) };
    expect(imageProblem('anthropic', 'claude-sonnet-5-5', [big])).toBe('This image is 6.0 MB; Anthropic takes images up to 5.0 MB.');
    expect(imageProblem('openai', 'gpt-6.1-terra', [big])).toBeNull();
    const gif: ChatImage = { mediaType: 'image/gif', base64: 'R0lGODlhAQABAAAAACw=' };
    expect(imageProblem('gemini', 'gemini-3.8-flash', [gif])).toBe('Gemini does not take GIF images.');
    const before = posts(fakes.anthropic);
    await expect(completeText(request('anthropic', [{ role: 'user', content: 'x', images: [big] }]))).rejects.toMatchObject({
      kind: 'vision',
    });
    expect(posts(fakes.anthropic)).toBe(before);
    expect(imageProblem('openai', 'gpt-3.5-turbo', [])).toBeNull();
  });
});

describe('the strict fakes refuse what the real APIs refuse', () => {
  const openaiChat = (model: string, url: string) =>
    fetch(`${fakes.openai.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BROWSER_ORIGIN, authorization: `Bearer ${FAKE_KEYS.openai.good}` },
      body: JSON.stringify({
        model,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'hi' },
              { type: 'image_url', image_url: { url } },
            ],
          },
        ],
      }),
    });

  it('O13: OpenAI refuses an image part to a text-only model, and bytes that are not the declared image', async () => {
    const textOnly = await openaiChat('gpt-3.5-turbo', `data:image/png;base64,${PNG_1x1}`);
    expect(textOnly.status).toBe(400);
    expect(await textOnly.json()).toEqual({
      error: {
        message: 'Invalid content type. image_url is only supported by certain models.',
        type: 'invalid_request_error',
        param: 'messages.[0].content.[1].type',
        code: null,
      },
    });
    const mislabelled = await openaiChat('gpt-6.1-terra', `data:image/jpeg;base64,${PNG_1x1}`);
    expect(mislabelled.status).toBe(400);
    expect(((await mislabelled.json()) as { error: { code: string } }).error.code).toBe('invalid_image_format');
    expect((await openaiChat('gpt-6.1-terra', `data:image/png;base64,${PNG_1x1}`)).status).toBe(200);
  });

  const anthropicChat = (image: Record<string, unknown>) =>
    fetch(`${fakes.anthropic.baseURL}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: BROWSER_ORIGIN,
        'x-api-key': FAKE_KEYS.anthropic.good,
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      body: JSON.stringify({
        model: 'claude-sonnet-5-5',
        max_tokens: 100,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', ...image } },
              { type: 'text', text: 'hi' },
            ],
          },
        ],
      }),
    });
  const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

  it('A17: Anthropic refuses a bad media type, over 5 MB, over 8000 px; takes a good one', async () => {
    const bmp = await anthropicChat({ media_type: 'image/bmp', data: PNG_1x1 });
    expect(bmp.status).toBe(400);
    expect(await messageOf(bmp)).toMatch(/media_type: Input should be 'image\/jpeg'/);
    const big = await anthropicChat({ media_type: 'image/png', data: pngOf(10, 10, 5 * 1024 * 1024 + 1) });
    expect(await messageOf(big)).toMatch(/image exceeds 5 MB maximum: 5242881 bytes > 5242880 bytes/);
    const wide = await anthropicChat({ media_type: 'image/png', data: pngOf(9000, 10) });
    expect(await messageOf(wide)).toMatch(/exceed max allowed size: 8000 pixels/);
    expect((await anthropicChat({ media_type: 'image/png', data: PNG_1x1 })).status).toBe(200);
  });

  it('C12: Cohere’s OpenAI layer takes images for its vision models only', async () => {
    const cohere = await startFakeProvider('cohere', { chunkDelayMs: 0 });
    try {
      const post = (model: string) =>
        fetch(`${cohere.baseURL}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${FAKE_KEYS.cohere.good}` },
          body: JSON.stringify({
            model,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: 'hi' },
                  { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1x1}` } },
                ],
              },
            ],
          }),
        });
      const text = await post('command-a-03-2025');
      expect(text.status).toBe(400);
      expect(((await text.json()) as { message: string }).message).toBe(
        "invalid request: model 'command-a-03-2025' does not support image inputs",
      );
      expect((await post('command-a-vision-07-2025')).status).toBe(200);
      // Through chat.ts (the extension's direct way): the adapter's image_url parts are taken.
      const answer = await completeText({
        target: { provider: 'cohere', apiKey: FAKE_KEYS.cohere.good },
        model: 'command-a-vision-07-2025',
        prompt: [ask],
        settings: { baseUrls: { cohere: cohere.baseURL }, maxRetries: 0 },
        usage: usageLog(),
      });
      expect(answer.length).toBeGreaterThan(0);
    } finally {
      await cohere.close();
    }
  });

  it('G16: Gemini refuses GIF and takes PNG', async () => {
    const gemini = (mimeType: string, data: string) =>
      fetch(`${fakes.gemini.baseURL}/models/gemini-3.8-flash:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': FAKE_KEYS.gemini.good },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType, data } }] }] }),
      });
    const gif = await gemini('image/gif', 'R0lGODlhAQABAAAAACw=');
    expect(gif.status).toBe(400);
    expect(((await gif.json()) as { error: { message: string } }).error.message).toBe('Unsupported MIME type: image/gif');
    expect((await gemini('image/png', PNG_1x1)).status).toBe(200);
  });
});

describe('client-side scaling', () => {
  it('fits the longest edge, keeps the ratio, never enlarges', () => {
    expect(fitWithin(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536, scaled: true });
    expect(fitWithin(1080, 1920, 1568)).toEqual({ width: 882, height: 1568, scaled: true });
    expect(fitWithin(800, 600, 2048)).toEqual({ width: 800, height: 600, scaled: false });
    expect(fitWithin(10000, 1, 1568)).toEqual({ width: 1568, height: 1, scaled: true });
    expect(fitWithin(0, 100, 1568)).toEqual({ width: 0, height: 0, scaled: false });
  });

  it('shrinks the edge by the square root of the byte ratio, with a margin', () => {
    expect(shrinkEdgeFor(2000, 4_000_000, 5_000_000)).toBe(2000);
    expect(shrinkEdgeFor(2000, 20_000_000, 5_000_000)).toBe(900);
    expect(shrinkEdgeFor(3, 1e12, 1)).toBe(1);
  });

  it('counts decoded bytes and knows the limits every provider takes', () => {
    expect(base64Bytes(PNG_1x1)).toBe(Buffer.from(PNG_1x1, 'base64').length);
    expect(base64Bytes('QUI=')).toBe(2);
    expect(COMMON_LIMITS).toEqual({ maxEdgePx: 1568, maxImageBytes: 5 * 1024 * 1024 });
    expect(VISION_LIMITS.gemini.mediaTypes).not.toContain('image/gif');
  });
});

describe('{{screenshot}}', () => {
  it('is found in any case and spacing, and replaced by a mention of the attached image', () => {
    expect(usesScreenshot('Critique this landing page: {{ Screenshot }}')).toBe(true);
    expect(usesScreenshot('Critique {{page}}')).toBe(false);
    expect(withScreenshotMention('Look at {{screenshot}} and {{SCREENSHOT}}.')).toBe(
      'Look at (the screenshot of the page, attached) and (the screenshot of the page, attached).',
    );
  });
});

describe('Select an area: the crop in the capture’s pixels', () => {
  it('scales CSS pixels by the capture over the viewport, rounds outwards, stays inside', () => {
    const region = { x: 100, y: 120, width: 300, height: 200, viewportWidth: 1280, viewportHeight: 720 };
    expect(cropBoxFor(region, 2560, 1440)).toEqual({ x: 200, y: 240, width: 600, height: 400 });
    expect(cropBoxFor(region, 1280, 720)).toEqual({ x: 100, y: 120, width: 300, height: 200 });
    expect(cropBoxFor({ ...region, x: 100.4, width: 299.2 }, 1280, 720)).toEqual({ x: 100, y: 120, width: 300, height: 200 });
    expect(cropBoxFor({ ...region, x: 1200, width: 500 }, 1280, 720)).toEqual({ x: 1200, y: 120, width: 80, height: 200 });
  });
});
