import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_KEYS,
  GEMINI_IMAGE_MODELS,
  generatedImages,
  OPENAI_IMAGE_MODELS,
  startFakeProvider,
  type FakeProvider,
  type FakeProviderKind,
} from '../fixtures/fake-providers/index.ts';
import { BROWSER_ORIGIN, readSse } from '../fixtures/fake-providers/testing.ts';

/** Image generation on the strict fakes: OpenAI's Images API (O14–O17), Gemini's image models (G17–G20). */

interface OpenAIError {
  error: { message: string; type: string; param: string | null; code: string | null };
}
interface OpenAIImages {
  created: number;
  data: { b64_json: string }[];
  background: string;
  output_format: string;
  quality: string;
  size: string;
  usage: {
    input_tokens: number;
    input_tokens_details: { text_tokens: number; image_tokens: number };
    output_tokens: number;
    total_tokens: number;
  };
}
interface GeminiAnswer {
  candidates: {
    content?: { role: string; parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] };
    finishReason: string;
    index: number;
  }[];
  usageMetadata: {
    promptTokenCount: number;
    candidatesTokenCount?: number;
    totalTokenCount: number;
    promptTokensDetails?: { modality: string; tokenCount: number }[];
    candidatesTokensDetails?: { modality: string; tokenCount: number }[];
  };
  modelVersion: string;
}
interface GoogleError {
  error: { code: number; message: string; status: string };
}

describe('OpenAI fake: POST /v1/images/generations', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider('openai');
  });
  afterAll(() => fake.close());

  const headers = (key: string | null = FAKE_KEYS.openai.good) => ({
    'content-type': 'application/json',
    origin: BROWSER_ORIGIN,
    ...(key ? { authorization: `Bearer ${key}` } : {}),
  });
  const generate = (body: Record<string, unknown>, key?: string | null) =>
    fetch(`${fake.baseURL}/images/generations`, { method: 'POST', headers: headers(key), body: JSON.stringify(body) });
  /** What the app sends (shared/ai/imageGeneration.ts). */
  const appBody = (extra: Record<string, unknown> = {}) => ({
    model: 'gpt-image-1.5',
    prompt: 'A lighthouse at dawn',
    n: 1,
    size: '1024x1024',
    quality: 'medium',
    output_format: 'png',
    ...extra,
  });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as OpenAIError).error;
  };

  it('O14: the route takes the other routes’ Bearer auth (401 without or with a bad key)', async () => {
    const none = await generate(appBody(), null);
    expect(none.status).toBe(401);
    expect(((await none.json()) as OpenAIError).error.message).toMatch(/^You didn't provide an API key/);
    const bad = await generate(appBody(), FAKE_KEYS.openai.bad);
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as OpenAIError).error.code).toBe('invalid_api_key');
    expect((await generate(appBody())).status).toBe(200);
  });

  it('O14: the preflight allows authorization and content-type; ACAO * on answers and refusals', async () => {
    const preflight = await fetch(`${fake.baseURL}/images/generations`, {
      method: 'OPTIONS',
      headers: {
        origin: BROWSER_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    const ok = await generate(appBody());
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await generate(appBody({ size: '512x512' }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('O14: every image model answers, though the model list (the chat pickers’) names none', async () => {
    expect(OPENAI_IMAGE_MODELS).toEqual(['gpt-image-1.5', 'gpt-image-1', 'gpt-image-1-mini']);
    const list = (await (await fetch(`${fake.baseURL}/models`, { headers: headers() })).json()) as { data: { id: string }[] };
    expect(list.data.map((m) => m.id).filter((id) => id.startsWith('gpt-image'))).toEqual([]);
    for (const model of OPENAI_IMAGE_MODELS) expect((await generate(appBody({ model }))).status).toBe(200);
  });

  it('O14: a chat model, an embedding model or an unknown id is a 400 invalid_value on model', async () => {
    for (const model of ['gpt-6.1-terra', 'text-embedding-3-small', 'dall-e-9']) {
      expect(await refusal(await generate(appBody({ model })))).toEqual({
        message: `Invalid value: '${model}'. Supported values are: 'gpt-image-1.5', 'gpt-image-1', and 'gpt-image-1-mini'.`,
        type: 'invalid_request_error',
        param: 'model',
        code: 'invalid_value',
      });
    }
    const { model: _omitted, ...noModel } = appBody();
    expect(await refusal(await generate(noModel))).toMatchObject({ param: 'model', code: 'missing_required_parameter' });
  });

  it('O15: the prompt is a required non-empty string of at most 32000 characters', async () => {
    const { prompt: _omitted, ...noPrompt } = appBody();
    expect(await refusal(await generate(noPrompt))).toEqual({
      message: "Missing required parameter: 'prompt'.",
      type: 'invalid_request_error',
      param: 'prompt',
      code: 'missing_required_parameter',
    });
    expect(await refusal(await generate(appBody({ prompt: '' })))).toMatchObject({ param: 'prompt', code: 'empty_string' });
    expect(await refusal(await generate(appBody({ prompt: 42 })))).toMatchObject({ param: 'prompt', code: 'invalid_type' });
    const tooLong = await refusal(await generate(appBody({ prompt: 'a'.repeat(32_001) })));
    expect(tooLong).toMatchObject({ param: 'prompt', code: 'string_above_max_length' });
    expect(tooLong.message).toContain('maximum length 32000, but got a string with length 32001');
    expect((await generate(appBody({ prompt: 'a'.repeat(32_000) }))).status).toBe(200);
  });

  it('O15: n is an integer from 1 to 10 (default 1), and n images come back', async () => {
    expect(await refusal(await generate(appBody({ n: 0 })))).toMatchObject({ param: 'n', code: 'integer_below_min_value' });
    expect(await refusal(await generate(appBody({ n: 11 })))).toEqual({
      message: "Invalid 'n': integer above maximum value. Expected a value <= 10, but got 11 instead.",
      type: 'invalid_request_error',
      param: 'n',
      code: 'integer_above_max_value',
    });
    expect(await refusal(await generate(appBody({ n: 1.5 })))).toMatchObject({ param: 'n', code: 'invalid_type' });
    expect(await refusal(await generate(appBody({ n: '2' })))).toMatchObject({ param: 'n', code: 'invalid_type' });

    const ten = (await (await generate(appBody({ n: 10 }))).json()) as OpenAIImages;
    expect(ten.data).toHaveLength(10);
    expect(generatedImages(ten).every((image) => image.actual === 'image/png' && image.width === 1024)).toBe(true);
    expect(new Set(ten.data.map((d) => d.b64_json)).size).toBe(10);

    const { n: _omitted, ...noN } = appBody();
    expect(((await (await generate(noN)).json()) as OpenAIImages).data).toHaveLength(1);
  });

  it('O15: size, quality and output_format outside their values are 400 invalid_value listing them', async () => {
    expect(await refusal(await generate(appBody({ size: '512x512' })))).toEqual({
      message: "Invalid value: '512x512'. Supported values are: '1024x1024', '1536x1024', '1024x1536', and 'auto'.",
      type: 'invalid_request_error',
      param: 'size',
      code: 'invalid_value',
    });
    expect(await refusal(await generate(appBody({ size: '1792x1024' })))).toMatchObject({ param: 'size' });
    expect(await refusal(await generate(appBody({ quality: 'standard' })))).toEqual({
      message: "Invalid value: 'standard'. Supported values are: 'low', 'medium', 'high', and 'auto'.",
      type: 'invalid_request_error',
      param: 'quality',
      code: 'invalid_value',
    });
    expect(await refusal(await generate(appBody({ quality: 'hd' })))).toMatchObject({ param: 'quality' });
    expect(await refusal(await generate(appBody({ output_format: 'gif' })))).toEqual({
      message: "Invalid value: 'gif'. Supported values are: 'png', 'jpeg', and 'webp'.",
      type: 'invalid_request_error',
      param: 'output_format',
      code: 'invalid_value',
    });
  });

  it('O15: response_format and any other unknown field are 400 unknown_parameter', async () => {
    expect(await refusal(await generate(appBody({ response_format: 'b64_json' })))).toEqual({
      message: "Unknown parameter: 'response_format'.",
      type: 'invalid_request_error',
      param: 'response_format',
      code: 'unknown_parameter',
    });
    for (const field of ['style', 'stream', 'messages'])
      expect(await refusal(await generate(appBody({ [field]: 'x' })))).toMatchObject({
        message: `Unknown parameter: '${field}'.`,
        param: field,
        code: 'unknown_parameter',
      });
  });

  it('O15: background, moderation, output_compression and user are taken; transparent JPEG is refused', async () => {
    const taken = await generate(appBody({ background: 'transparent', moderation: 'low', output_compression: 80, user: 'u-1' }));
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as OpenAIImages).background).toBe('transparent');
    expect(await refusal(await generate(appBody({ background: 'clear' })))).toMatchObject({ param: 'background', code: 'invalid_value' });
    expect(await refusal(await generate(appBody({ moderation: 'off' })))).toMatchObject({ param: 'moderation', code: 'invalid_value' });
    expect(await refusal(await generate(appBody({ output_compression: 101 })))).toMatchObject({ param: 'output_compression' });
    expect(await refusal(await generate(appBody({ background: 'transparent', output_format: 'jpeg' })))).toMatchObject({
      param: 'background',
    });
  });

  it('O16: [[fake:moderation]] is a 400 moderation_blocked image_generation_user_error', async () => {
    const res = await generate(appBody({ prompt: 'Something forbidden [[fake:moderation]]' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      error: {
        message:
          'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
        type: 'image_generation_user_error',
        param: null,
        code: 'moderation_blocked',
      },
    });
  });

  it('O16: the brain’s markers and scripted steps fail as the chat routes do', async () => {
    const limited = await generate(appBody({ prompt: 'A cat [[fake:429]]' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(((await limited.json()) as OpenAIError).error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    const broken = await generate(appBody({ prompt: 'A cat [[fake:500]]' }));
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as OpenAIError).error.type).toBe('server_error');
    expect((await generate(appBody({ prompt: 'A cat [[fake:overloaded]]' }))).status).toBe(503);

    fake.script([{ status: 500, message: 'Scripted image failure' }, { drop: true }]);
    const scripted = await generate(appBody());
    expect(scripted.status).toBe(500);
    expect(((await scripted.json()) as OpenAIError).error.message).toBe('Scripted image failure');
    await expect(generate(appBody())).rejects.toThrow();
    expect((await generate(appBody())).status).toBe(200);
  });

  it('O17: the answer has OpenAI’s shape, a real PNG of the size asked, and usage from the token table', async () => {
    const prompt = 'A lighthouse at dawn, in watercolour';
    const res = await generate(appBody({ prompt }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as OpenAIImages;
    expect(Object.keys(body).sort()).toEqual(['background', 'created', 'data', 'output_format', 'quality', 'size', 'usage']);
    expect(body).toMatchObject({ background: 'opaque', output_format: 'png', quality: 'medium', size: '1024x1024' });
    expect(body.created).toBeGreaterThan(1_700_000_000);
    expect(Object.keys(body.data[0]!)).toEqual(['b64_json']);
    const bytes = Buffer.from(body.data[0]!.b64_json, 'base64');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(generatedImages(body)).toEqual([{ declared: 'image/png', actual: 'image/png', bytes: bytes.length, width: 1024, height: 1024 }]);
    const input = Math.ceil(prompt.length / 4);
    expect(body.usage).toEqual({
      input_tokens: input,
      input_tokens_details: { text_tokens: input, image_tokens: 0 },
      output_tokens: 1056,
      total_tokens: input + 1056,
    });
  });

  it('O17: output tokens follow size and quality (auto: 1024x1024, medium), n times', async () => {
    const cases: [string, string, number, [number, number], number][] = [
      ['1024x1024', 'low', 1, [1024, 1024], 272],
      ['1024x1024', 'medium', 2, [1024, 1024], 1056],
      ['1024x1024', 'high', 1, [1024, 1024], 4160],
      ['1536x1024', 'low', 2, [1536, 1024], 400],
      ['1536x1024', 'medium', 1, [1536, 1024], 1568],
      ['1536x1024', 'high', 1, [1536, 1024], 6208],
      ['1024x1536', 'low', 1, [1024, 1536], 408],
      ['1024x1536', 'medium', 1, [1024, 1536], 1584],
      ['1024x1536', 'high', 3, [1024, 1536], 6240],
      ['auto', 'auto', 1, [1024, 1024], 1056],
    ];
    for (const [size, quality, n, [width, height], perImage] of cases) {
      const body = (await (await generate(appBody({ size, quality, n }))).json()) as OpenAIImages;
      expect(body.usage.output_tokens).toBe(perImage * n);
      expect(body.usage.total_tokens).toBe(body.usage.input_tokens + perImage * n);
      expect(body.size).toBe(size === 'auto' ? '1024x1024' : size);
      expect(body.quality).toBe(quality === 'auto' ? 'medium' : quality);
      expect(generatedImages(body).map((image) => [image.width, image.height])).toEqual(Array(n).fill([width, height]));
    }
  });

  it('O17: output_format jpeg and webp give JPEG and WebP files of the size asked', async () => {
    for (const format of ['jpeg', 'webp']) {
      const body = (await (await generate(appBody({ output_format: format, size: '1536x1024' }))).json()) as OpenAIImages;
      expect(body.output_format).toBe(format);
      const [image] = generatedImages(body);
      expect(image).toMatchObject({ actual: `image/${format}`, width: 1536, height: 1024 });
      expect(image!.bytes).toBeLessThan(64 * 1024);
    }
  });

  it('O17: the same prompt gives the same image, another prompt another', async () => {
    const image = async (prompt: string) => ((await (await generate(appBody({ prompt }))).json()) as OpenAIImages).data[0]!.b64_json;
    const first = await image('A red kite');
    expect(await image('A red kite')).toBe(first);
    expect(await image('A blue kite')).not.toBe(first);
  });

  it('records each request, with the generated images’ sizes (and none for a refusal)', async () => {
    const before = fake.requests.length;
    await generate(appBody({ n: 2, size: '1024x1536' }));
    await generate(appBody({ size: 'huge' }));
    const [ok, refused] = fake.requests.slice(before);
    expect(fake.requests.length).toBe(before + 2);
    expect(ok).toMatchObject({ method: 'POST', path: '/v1/images/generations', origin: BROWSER_ORIGIN });
    expect((ok!.body as { prompt: string }).prompt).toBe('A lighthouse at dawn');
    expect(ok!.generated?.map((image) => [image.actual, image.width, image.height])).toEqual([
      ['image/png', 1024, 1536],
      ['image/png', 1024, 1536],
    ]);
    expect(refused!.generated).toBeUndefined();
  });
});

describe('Gemini fake: image models on :generateContent', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider('gemini', { chunkDelayMs: 0 });
  });
  afterAll(() => fake.close());

  const generate = (body: Record<string, unknown>, model = 'gemini-2.5-flash-image', method = 'generateContent') =>
    fetch(`${fake.baseURL}/models/${model}:${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BROWSER_ORIGIN, 'x-goog-api-key': FAKE_KEYS.gemini.good },
      body: JSON.stringify(body),
    });
  /** What the app sends (shared/ai/imageGeneration.ts). */
  const appBody = (text: string, generationConfig: Record<string, unknown> = { responseModalities: ['IMAGE'] }) => ({
    contents: [{ role: 'user', parts: [{ text }] }],
    generationConfig,
  });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return (await res.json()) as GoogleError;
  };

  it('G17: the image models answer though the model list (the chat pickers’) names none', async () => {
    expect(GEMINI_IMAGE_MODELS).toEqual(['gemini-2.5-flash-image', 'gemini-3-pro-image-preview']);
    const list = (await (await fetch(`${fake.modelsURL}?key=${FAKE_KEYS.gemini.good}`)).json()) as { models: { name: string }[] };
    expect(list.models.map((m) => m.name).filter((name) => name.includes('image'))).toEqual([]);
    for (const model of GEMINI_IMAGE_MODELS) expect((await generate(appBody('A fox'), model)).status).toBe(200);
    expect((await generate(appBody('A fox'), 'gemini-2.0-flash-image')).status).toBe(404);
  });

  it('G17: IMAGE asked of a text model is a 400 INVALID_ARGUMENT naming the modality; AUDIO anywhere too', async () => {
    const res = await generate(appBody('A fox'), 'gemini-3.8-flash');
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    expect(await res.json()).toEqual({
      error: {
        code: 400,
        message: 'The requested combination of response modalities (IMAGE) is not supported by the model.',
        status: 'INVALID_ARGUMENT',
      },
    });
    const both = await refusal(await generate(appBody('A fox', { responseModalities: ['TEXT', 'IMAGE'] }), 'gemini-3.8-flash'));
    expect(both.error.message).toContain('(IMAGE)');
    const audio = await refusal(await generate(appBody('A fox', { responseModalities: ['AUDIO'] })));
    expect(audio.error.message).toContain('(AUDIO)');
    const unknown = await refusal(await generate(appBody('A fox', { responseModalities: ['PICTURE'] })));
    expect(unknown.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(unknown.error.message).toContain("'generation_config.response_modalities[0]'");
    // TEXT alone stays fine on a text model.
    expect((await generate(appBody('A fox', { responseModalities: ['TEXT'] }), 'gemini-3.8-flash')).status).toBe(200);
  });

  it('G17: an image model asked no IMAGE (no modalities, or TEXT only) answers text', async () => {
    for (const config of [{}, { responseModalities: ['TEXT'] }]) {
      const res = await generate(appBody('Say hello', config));
      expect(res.status).toBe(200);
      const body = (await res.json()) as GeminiAnswer;
      const parts = body.candidates[0]!.content!.parts;
      expect(parts.every((p) => typeof p.text === 'string' && !p.inlineData)).toBe(true);
      expect(parts.map((p) => p.text).join('')).not.toBe('');
    }
  });

  it('G18: every aspect ratio gives its 1K size; 1:1 by default', async () => {
    const sizes: Record<string, [number, number]> = {
      '1:1': [1024, 1024],
      '2:3': [832, 1248],
      '3:2': [1248, 832],
      '3:4': [864, 1184],
      '4:3': [1184, 864],
      '4:5': [896, 1152],
      '5:4': [1152, 896],
      '9:16': [768, 1344],
      '16:9': [1344, 768],
      '21:9': [1536, 672],
    };
    for (const [aspectRatio, [width, height]] of Object.entries(sizes)) {
      const body = await (await generate(appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { aspectRatio } }))).json();
      expect(generatedImages(body)).toMatchObject([{ actual: 'image/png', width, height }]);
    }
    const plain = await (await generate(appBody('A fox'))).json();
    expect(generatedImages(plain)).toMatchObject([{ width: 1024, height: 1024 }]);
  });

  it('G18: another aspect ratio, another imageConfig field or an image size the model lacks is a 400', async () => {
    for (const aspectRatio of ['7:3', '1:2', '']) {
      const res = await refusal(await generate(appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { aspectRatio } })));
      expect(res.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(res.error.message).toContain('aspect ratio');
    }
    const field = await refusal(await generate(appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { style: 'oil' } })));
    expect(field.error.message).toContain('Unknown name "style"');
    const flash2K = await refusal(await generate(appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { imageSize: '2K' } })));
    expect(flash2K.error.message).toContain('image size');
  });

  it('G18, G20: Gemini 3 Pro Image takes 1K, 2K and 4K (1120, 1120, 2000 tokens)', async () => {
    const cases: [string, number, number][] = [
      ['1K', 1024, 1120],
      ['2K', 2048, 1120],
      ['4K', 4096, 2000],
    ];
    for (const [imageSize, edge, tokens] of cases) {
      const res = await generate(
        appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '1:1', imageSize } }),
        'gemini-3-pro-image-preview',
      );
      const body = (await res.json()) as GeminiAnswer;
      expect(generatedImages(body)).toMatchObject([{ width: edge, height: edge }]);
      expect(body.usageMetadata.candidatesTokenCount).toBe(tokens);
      expect(body.modelVersion).toBe('gemini-3-pro-image-preview');
    }
    expect(
      (await generate(appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { imageSize: '8K' } }), 'gemini-3-pro-image-preview'))
        .status,
    ).toBe(400);
  });

  it('G19: [[fake:moderation]] stops with IMAGE_SAFETY and no content', async () => {
    const text = 'Something forbidden [[fake:moderation]]';
    const res = await generate(appBody(text));
    expect(res.status).toBe(200);
    const body = (await res.json()) as GeminiAnswer;
    expect(body.candidates).toEqual([{ finishReason: 'IMAGE_SAFETY', index: 0 }]);
    const prompt = Math.ceil(text.length / 4);
    expect(body.usageMetadata).toEqual({ promptTokenCount: prompt, totalTokenCount: prompt });
    expect(generatedImages(body)).toEqual([]);
  });

  it('G19: the brain’s markers and scripted steps fail in Google’s shape', async () => {
    const limited = await generate(appBody('A fox [[fake:429]]'));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as GoogleError).error.status).toBe('RESOURCE_EXHAUSTED');
    expect((await generate(appBody('A fox [[fake:overloaded]]'))).status).toBe(503);
    fake.script([{ status: 500 }]);
    const scripted = await generate(appBody('A fox'));
    expect(scripted.status).toBe(500);
    expect(((await scripted.json()) as GoogleError).error.status).toBe('INTERNAL');
  });

  it('G20: IMAGE alone answers one inlineData PNG part, 1290 tokens, STOP', async () => {
    const text = 'A fox in the snow';
    const res = await generate(appBody(text));
    expect(res.headers.get('access-control-allow-origin')).toBe(BROWSER_ORIGIN);
    const body = (await res.json()) as GeminiAnswer;
    expect(body.candidates).toHaveLength(1);
    const [candidate] = body.candidates;
    expect(candidate).toMatchObject({ finishReason: 'STOP', index: 0, content: { role: 'model' } });
    expect(candidate!.content!.parts).toHaveLength(1);
    expect(candidate!.content!.parts[0]!.inlineData!.mimeType).toBe('image/png');
    expect(candidate!.content!.parts[0]!.inlineData!.data).not.toMatch(/^data:/);
    const prompt = Math.ceil(text.length / 4);
    expect(body.usageMetadata).toEqual({
      promptTokenCount: prompt,
      candidatesTokenCount: 1290,
      totalTokenCount: prompt + 1290,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
      candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: 1290 }],
    });
    expect(body.modelVersion).toBe('gemini-2.5-flash-image');
  });

  it('G20: TEXT and IMAGE answer a text part before the image; its tokens count too', async () => {
    const body = (await (await generate(appBody('A fox', { responseModalities: ['TEXT', 'IMAGE'] }))).json()) as GeminiAnswer;
    const parts = body.candidates[0]!.content!.parts;
    expect(parts[0]).toEqual({ text: 'Here is the image.' });
    expect(parts[1]!.inlineData!.mimeType).toBe('image/png');
    const textTokens = Math.ceil('Here is the image.'.length / 4);
    expect(body.usageMetadata.candidatesTokenCount).toBe(1290 + textTokens);
    expect(body.usageMetadata.candidatesTokensDetails).toEqual([
      { modality: 'IMAGE', tokenCount: 1290 },
      { modality: 'TEXT', tokenCount: textTokens },
    ]);
  });

  it('G20: different prompts give different images; the log keeps each image’s size', async () => {
    const image = async (text: string) =>
      ((await (await generate(appBody(text))).json()) as GeminiAnswer).candidates[0]!.content!.parts[0]!.inlineData!.data;
    expect(await image('A red fox')).toBe(await image('A red fox'));
    expect(await image('A grey fox')).not.toBe(await image('A red fox'));
    const before = fake.requests.length;
    await generate(appBody('A fox', { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '16:9' } }));
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.generated).toMatchObject([{ actual: 'image/png', width: 1344, height: 768 }]);
  });

  it('G20: a stream of an image model stays text (not modelled)', async () => {
    const res = await fetch(`${fake.baseURL}/models/gemini-2.5-flash-image:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': FAKE_KEYS.gemini.good },
      body: JSON.stringify(appBody('Say hello', { responseModalities: ['TEXT', 'IMAGE'] })),
    });
    expect(res.status).toBe(200);
    const { raw } = await readSse(res);
    expect(raw).not.toContain('inlineData');
  });
});

describe('Services without image generation: the path is their own 404', () => {
  const cases: [FakeProviderKind, Record<string, string>, (body: unknown) => void][] = [
    [
      'anthropic',
      { 'x-api-key': FAKE_KEYS.anthropic.good, 'anthropic-version': '2023-06-01' },
      (body) => expect(body).toMatchObject({ type: 'error', error: { type: 'not_found_error' } }),
    ],
    [
      'cohere',
      { authorization: `Bearer ${FAKE_KEYS.cohere.good}` },
      (body) => expect(body).toMatchObject({ message: expect.stringMatching(/not found/) }),
    ],
    ['ai21', { authorization: `Bearer ${FAKE_KEYS.ai21.good}` }, (body) => expect(body).toEqual({ detail: 'Not Found' })],
    ['huggingface', { authorization: `Bearer ${FAKE_KEYS.huggingface.good}` }, (body) => expect(body).toEqual({ error: 'Not Found' })],
  ];
  for (const [kind, auth, check] of cases)
    it(`${kind}: POST {baseURL}/images/generations is a 404`, async () => {
      const fake = await startFakeProvider(kind);
      try {
        const res = await fetch(`${fake.baseURL}/images/generations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ model: 'gpt-image-1.5', prompt: 'A fox' }),
        });
        expect(res.status).toBe(404);
        check(await res.json());
      } finally {
        await fake.close();
      }
    });
});
