import { describe, expect, it } from 'vitest';
import {
  estimateImageBatch,
  geminiRatioOf,
  IMAGE_TEXTS,
  imageRequestProblem,
  imageSupport,
  openAiSizeOf,
  outputTokensPerImage,
} from '@/shared/core/images/imageModels.ts';
import { bytesOfBase64, pictureFacts } from '@/shared/core/images/pictureFile.ts';
import { generateImage } from '../fixtures/fake-providers/images.ts';

describe('which providers draw, and what a batch asks for', () => {
  it('offers OpenAI and Gemini image models and names them when another provider is chosen', () => {
    expect(imageSupport('openai')).toEqual({ ok: true, value: ['gpt-image-1.5', 'gpt-image-1-mini', 'gpt-image-1'] });
    expect(imageSupport('gemini')).toMatchObject({ ok: true });
    for (const provider of ['anthropic', 'cohere', 'ai21', 'huggingface'] as const) {
      expect(imageSupport(provider)).toEqual({ ok: false, error: IMAGE_TEXTS.unsupported(provider) });
    }
    expect(IMAGE_TEXTS.unsupported('chatgpt_custom')).toMatch(/^Pictures are not made on a custom server\./);
  });

  it('refuses an unknown model, an empty or long description and a bad count, in that order', () => {
    expect(imageRequestProblem('anthropic', 'x', '', 0)).toBe(IMAGE_TEXTS.unsupported('anthropic'));
    expect(imageRequestProblem('openai', 'gpt-6.1-terra', 'a cat', 1)).toBe(IMAGE_TEXTS.unknownModel('gpt-6.1-terra', 'openai'));
    expect(imageRequestProblem('openai', 'gpt-image-1.5', ' \n', 1)).toBe(IMAGE_TEXTS.emptyPrompt);
    expect(imageRequestProblem('openai', 'gpt-image-1.5', 'x'.repeat(32_001), 1)).toBe(IMAGE_TEXTS.tooLong(32_000));
    expect(imageRequestProblem('gemini', 'gemini-2.5-flash-image', 'a cat', 0)).toBe(IMAGE_TEXTS.count);
    expect(imageRequestProblem('gemini', 'gemini-2.5-flash-image', 'a cat', 5)).toBe(IMAGE_TEXTS.count);
    expect(imageRequestProblem('gemini', 'gemini-2.5-flash-image', 'a cat', 4)).toBeNull();
  });

  it('sends each provider its nearest size', () => {
    expect(openAiSizeOf('wide')).toEqual({ size: '1536x1024', width: 1536, height: 1024 });
    expect(openAiSizeOf('portrait').size).toBe('1024x1536');
    expect(geminiRatioOf('wide')).toEqual({ aspectRatio: '16:9', width: 1344, height: 768 });
    expect(geminiRatioOf('landscape').aspectRatio).toBe('3:2');
  });
});

describe('the cost of a batch before it starts', () => {
  it('counts each picture’s output tokens at the model’s price, in the user’s currency', () => {
    expect(outputTokensPerImage('openai', 'gpt-image-1.5', 'square', 'medium')).toBe(1056);
    expect(outputTokensPerImage('openai', 'gpt-image-1.5', 'landscape', 'high')).toBe(6208);
    expect(outputTokensPerImage('gemini', 'gemini-2.5-flash-image', 'wide', 'high')).toBe(1290);
    const settings = { overrides: [], usdRate: 1 };
    // 4 × (1,056 tokens × $32/1M + 10 prompt tokens × $5/1M) = 4 × $0.033842 = $0.135368.
    const estimate = estimateImageBatch(
      { provider: 'openai', model: 'gpt-image-1.5', promptChars: 40, count: 4, shape: 'square', quality: 'medium' },
      settings,
    );
    expect(estimate).toEqual({ low: 135_368, high: 135_368 });
    expect(IMAGE_TEXTS.estimate(estimate, 4, 'gpt-image-1.5', 'USD')).toBe('Estimate: about $0.14 for 4 pictures on gpt-image-1.5.');
    // Gemini: 1,290 × $30/1M = $0.0387 a picture; in euros at 0.5.
    const euros = estimateImageBatch(
      { provider: 'gemini', model: 'gemini-2.5-flash-image', promptChars: 0, count: 1, shape: 'wide', quality: 'medium' },
      { overrides: [], usdRate: 0.5 },
    );
    expect(euros).toEqual({ low: 19_350, high: 19_350 });
  });

  it('gives no amount for a model without a known price, and the user’s own price wins', () => {
    const batch = {
      provider: 'gemini' as const,
      model: 'gemini-3-pro-image-preview',
      promptChars: 0,
      count: 2,
      shape: 'square' as const,
      quality: 'medium' as const,
    };
    expect(estimateImageBatch(batch, { overrides: [], usdRate: 1 })).toBeNull();
    expect(IMAGE_TEXTS.estimate(null, 2, batch.model, 'USD')).toBe('Estimate: price unknown for 2 pictures on gemini-3-pro-image-preview.');
    const own = {
      sourceKind: 'user' as const,
      provider: 'gemini' as const,
      model: batch.model,
      inputPerMillion: 0,
      outputPerMillion: 100_000_000,
    };
    expect(estimateImageBatch(batch, { overrides: [own], usdRate: 1 })).toEqual({ low: 224_000, high: 224_000 });
  });
});

describe('picture files read from their bytes', () => {
  it('reads the format and size of PNG, JPEG and WebP, and refuses anything else', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'] as const) {
      const bytes = new Uint8Array(generateImage(type, 37, 21, 'seed'));
      expect(pictureFacts(bytes)).toEqual({ type, width: 37, height: 21 });
    }
    expect(pictureFacts(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(pictureFacts(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it('decodes base64 without Buffer', () => {
    expect([...bytesOfBase64('AAEC/w==')]).toEqual([0, 1, 2, 255]);
  });
});
