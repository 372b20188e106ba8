import { APIError } from 'openai';
import {
  geminiRatioOf,
  IMAGE_TEXTS,
  imageRequestProblem,
  openAiSizeOf,
  type ImageQuality,
  type ImageShape,
} from '../core/images/imageModels.ts';
import { bytesOfBase64, pictureFacts, type PictureFacts } from '../core/images/pictureFile.ts';
import { AI_TEXTS, AiError, explainedFor, toAiError } from './aiErrors.ts';
import { callService } from './protocol/http.ts';
import type { TokenUsage } from './protocol/types.ts';
import { keyRequired, resolveBaseURL, type ClientOptions, type ProviderTarget } from './providers.ts';
import { withRetries } from './retry.ts';
import { withAiDefaults } from './settings.ts';
import type { AiUsage } from './usage.ts';

/**
 * Pictures drawn by the user's own image model: OpenAI's Images API (`POST /images/generations`,
 * every picture as base64) or a Gemini image model (`generateContent` with an IMAGE response
 * modality, one picture a request). A provider without image models, an unknown model, an empty
 * description or a bad count is refused before any request (core/images/imageModels.ts), as is a
 * missing key or a used-up budget. The call records one usage row with the pictures made, however
 * it ended. A safety refusal is one sentence of ours; any other failure is the chat catalogue's.
 */

export interface PictureRequest {
  target: ProviderTarget;
  model: string;
  /** What to draw. */
  prompt: string;
  shape: ImageShape;
  /** OpenAI only (default medium). */
  quality?: ImageQuality;
  count: number;
  signal?: AbortSignal;
  settings?: ClientOptions;
  usage: AiUsage;
}

export interface Picture extends PictureFacts {
  bytes: Uint8Array;
}

/** Pictures take longer than text: OpenAI's high quality can need two minutes. */
const PICTURE_TIMEOUT_MS = 300_000;

interface Drawn {
  pictures: Picture[];
  usage: TokenUsage | null;
  refused: boolean;
}

function pictureOf(base64: string): Picture {
  const bytes = bytesOfBase64(base64);
  const facts = pictureFacts(bytes);
  if (!facts) throw new AiError('picture', IMAGE_TEXTS.noPicture, IMAGE_TEXTS.title);
  return { ...facts, bytes };
}

const isModerationRefusal = (error: unknown) =>
  error instanceof APIError && error.status === 400 && (error.error as { code?: unknown } | undefined)?.code === 'moderation_blocked';

async function drawWithOpenAi(request: PictureRequest, baseURL: string, timeoutMs: number, fetcher?: typeof fetch): Promise<Drawn> {
  try {
    const response = await callService({
      url: `${baseURL}/images/generations`,
      headers: { authorization: `Bearer ${request.target.apiKey?.trim() ?? ''}` },
      body: {
        model: request.model,
        prompt: request.prompt,
        n: request.count,
        size: openAiSizeOf(request.shape).size,
        quality: request.quality ?? 'medium',
        output_format: 'png',
      },
      timeoutMs,
      signal: request.signal,
      fetch: fetcher,
    });
    const body = (await response.json()) as {
      data?: { b64_json?: string }[];
      usage?: { input_tokens?: number; output_tokens?: number; input_tokens_details?: { cached_tokens?: number } };
    };
    const pictures = (body.data ?? []).flatMap((item) => (item.b64_json ? [pictureOf(item.b64_json)] : []));
    const usage = body.usage
      ? {
          inputTokens: body.usage.input_tokens ?? null,
          outputTokens: body.usage.output_tokens ?? null,
          cachedInputTokens: body.usage.input_tokens_details?.cached_tokens ?? null,
        }
      : null;
    return { pictures, usage, refused: false };
  } catch (error) {
    if (isModerationRefusal(error)) return { pictures: [], usage: null, refused: true };
    throw error;
  }
}

interface GeminiPictureAnswer {
  candidates?: { content?: { parts?: { inlineData?: { mimeType?: string; data?: string } }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number };
}

/** Gemini's finish reasons for a picture its safety rules stopped (and a prompt blocked before). */
const GEMINI_REFUSALS = new Set(['IMAGE_SAFETY', 'SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'IMAGE_PROHIBITED_CONTENT']);

async function drawWithGemini(request: PictureRequest, baseURL: string, timeoutMs: number, fetcher?: typeof fetch): Promise<Drawn> {
  const pictures: Picture[] = [];
  let input = 0;
  let output = 0;
  for (let i = 0; i < request.count; i++) {
    const response = await callService({
      url: `${baseURL}/models/${encodeURIComponent(request.model)}:generateContent`,
      headers: { 'x-goog-api-key': request.target.apiKey?.trim() ?? '' },
      body: {
        contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
        generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: geminiRatioOf(request.shape).aspectRatio } },
      },
      timeoutMs,
      signal: request.signal,
      fetch: fetcher,
    });
    const body = (await response.json()) as GeminiPictureAnswer;
    input += body.usageMetadata?.promptTokenCount ?? 0;
    output += body.usageMetadata?.candidatesTokenCount ?? 0;
    const candidate = body.candidates?.[0];
    if (body.promptFeedback?.blockReason || GEMINI_REFUSALS.has(candidate?.finishReason ?? '')) {
      return { pictures, usage: { inputTokens: input, outputTokens: output, cachedInputTokens: null }, refused: true };
    }
    const data = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData?.data;
    if (data) pictures.push(pictureOf(data));
  }
  return { pictures, usage: { inputTokens: input, outputTokens: output, cachedInputTokens: null }, refused: false };
}

/** Draws `count` pictures; throws an AiError (kind 'picture' for ours and a safety refusal). */
export async function generatePictures(request: PictureRequest): Promise<Picture[]> {
  const settings = { timeoutMs: PICTURE_TIMEOUT_MS, maxRetries: 2, ...withAiDefaults(request.settings) };
  const { provider } = request.target;
  const problem = imageRequestProblem(provider, request.model, request.prompt, request.count);
  if (problem) throw new AiError('picture', problem, IMAGE_TEXTS.title);
  if (keyRequired(request.target) && !request.target.apiKey?.trim()) {
    throw new AiError('noKey', AI_TEXTS.noKey(provider), AI_TEXTS.noKeyTitle(provider));
  }
  try {
    await request.usage.check?.(provider, request.model);
  } catch (error) {
    throw error instanceof AiError ? error : toAiError(error, { provider });
  }

  const baseURL = resolveBaseURL(request.target, settings.baseUrls);
  let made = 0;
  let reported: TokenUsage | null = null;
  let recorded = false;
  const record = (outcome: 'done' | 'stopped' | 'failed') => {
    if (recorded) return;
    recorded = true;
    try {
      request.usage.record({
        provider,
        model: request.model,
        reported,
        promptChars: request.prompt.length,
        outputChars: 0,
        outcome,
        images: made,
      });
    } catch (error) {
      console.error('Usage could not be recorded', error);
    }
  };
  try {
    const drawn = await withRetries(
      () =>
        provider === 'openai'
          ? drawWithOpenAi(request, baseURL, settings.timeoutMs, settings.fetch)
          : drawWithGemini(request, baseURL, settings.timeoutMs, settings.fetch),
      { maxRetries: settings.maxRetries ?? 2, signal: request.signal },
    );
    made = drawn.pictures.length;
    reported = drawn.usage;
    if (drawn.refused && made === 0) throw new AiError('picture', IMAGE_TEXTS.refused, IMAGE_TEXTS.title);
    if (made === 0) throw new AiError('picture', IMAGE_TEXTS.noPicture, IMAGE_TEXTS.title);
    record('done');
    return drawn.pictures;
  } catch (error) {
    const mapped = explainedFor(toAiError(error, { provider }), { ...request.target, surface: settings.surface });
    record(mapped.kind === 'aborted' ? 'stopped' : 'failed');
    throw mapped;
  }
}
