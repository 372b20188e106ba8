import type { ProviderId } from '../providerKeys.ts';
import { PROVIDER_KEYS } from '../providerKeys.ts';
import type { CostEstimate } from '../usage/cost.ts';
import { estimateJob, rangeText, type EstimateSettings, type JobStep } from '../usage/jobEstimate.ts';
import { passed, refused, type Check } from '../check.ts';

/**
 * Which providers draw pictures, with which models, at which sizes, and what a batch will roughly
 * cost before it starts (pure). The rules and their sources are in docs/providers.md §14: OpenAI's
 * Images API and Gemini's image models; Anthropic, Cohere and AI21 have no image model, and the
 * Hugging Face router and custom servers are not used for pictures.
 */

export type ImageProvider = 'openai' | 'gemini';
/** The picture's shape as people pick it; each provider's nearest size is sent. */
export type ImageShape = 'square' | 'landscape' | 'portrait' | 'wide';
/** OpenAI's quality levels (Gemini has one). */
export type ImageQuality = 'low' | 'medium' | 'high';

export const IMAGE_SHAPES: readonly ImageShape[] = ['square', 'landscape', 'portrait', 'wide'];
export const IMAGE_QUALITIES: readonly ImageQuality[] = ['low', 'medium', 'high'];

export const IMAGE_SHAPE_LABELS: Record<ImageShape, string> = {
  square: 'Square',
  landscape: 'Landscape',
  portrait: 'Portrait',
  wide: 'Wide (16:9)',
};

export const IMAGE_QUALITY_LABELS: Record<ImageQuality, string> = { low: 'Draft', medium: 'Standard', high: 'Best' };

/** The image models each provider offers, the app's choice first. */
export const IMAGE_MODELS: Record<ImageProvider, readonly string[]> = {
  openai: ['gpt-image-1.5', 'gpt-image-1-mini', 'gpt-image-1'],
  gemini: ['gemini-2.5-flash-image', 'gemini-3-pro-image-preview'],
};

/** Pictures one request may ask for (OpenAI's `n` is 1–10); Gemini draws one per request. */
export const MAX_IMAGES_PER_BATCH = 4;

const isImageProvider = (provider: ProviderId): provider is ImageProvider => provider === 'openai' || provider === 'gemini';

/** OpenAI's `size` per shape (it has three; wide is its landscape). */
const OPENAI_SIZES: Record<ImageShape, { size: string; width: number; height: number }> = {
  square: { size: '1024x1024', width: 1024, height: 1024 },
  landscape: { size: '1536x1024', width: 1536, height: 1024 },
  portrait: { size: '1024x1536', width: 1024, height: 1536 },
  wide: { size: '1536x1024', width: 1536, height: 1024 },
};

/** Gemini's `imageConfig.aspectRatio` per shape, with the pixels gemini-2.5-flash-image answers at. */
const GEMINI_RATIOS: Record<ImageShape, { aspectRatio: string; width: number; height: number }> = {
  square: { aspectRatio: '1:1', width: 1024, height: 1024 },
  landscape: { aspectRatio: '3:2', width: 1248, height: 832 },
  portrait: { aspectRatio: '2:3', width: 832, height: 1248 },
  wide: { aspectRatio: '16:9', width: 1344, height: 768 },
};

export const openAiSizeOf = (shape: ImageShape) => OPENAI_SIZES[shape];
export const geminiRatioOf = (shape: ImageShape) => GEMINI_RATIOS[shape];

/**
 * Output tokens of one picture: OpenAI's table per quality and size (square 272/1056/4160,
 * portrait 408/1584/6240, landscape 400/1568/6208); Gemini 2.5 Flash Image 1,290 up to 1024 px,
 * Gemini 3 Pro Image 1,120 at 1K/2K.
 */
export function outputTokensPerImage(provider: ImageProvider, model: string, shape: ImageShape, quality: ImageQuality): number {
  if (provider === 'gemini') return model.startsWith('gemini-3') ? 1120 : 1290;
  const size = OPENAI_SIZES[shape].size;
  const table: Record<string, Record<ImageQuality, number>> = {
    '1024x1024': { low: 272, medium: 1056, high: 4160 },
    '1024x1536': { low: 408, medium: 1584, high: 6240 },
    '1536x1024': { low: 400, medium: 1568, high: 6208 },
  };
  return table[size]![quality];
}

/** A provider's image models, or the sentence saying it has none. */
export type ImageSupport = Check<readonly string[]>;

const DRAWERS = 'OpenAI (gpt-image-1.5) or Google Gemini (gemini-2.5-flash-image)';

export const IMAGE_TEXTS = {
  unsupported: (provider: ProviderId) =>
    provider === 'chatgpt_custom'
      ? `Pictures are not made on a custom server. Choose ${DRAWERS} and add its key in Settings.`
      : `${PROVIDER_KEYS[provider].label} cannot make pictures. Choose ${DRAWERS} and add its key in Settings.`,
  unknownModel: (model: string, provider: ImageProvider) =>
    `${model} does not make pictures. Choose one of ${IMAGE_MODELS[provider].join(', ')}.`,
  emptyPrompt: 'Describe the picture first.',
  tooLong: (max: number) => `Keep the description under ${max.toLocaleString('en-US')} characters.`,
  count: `Make between 1 and ${MAX_IMAGES_PER_BATCH} pictures at a time.`,
  refused: 'The provider refused to draw this picture (its safety rules). Change the description and try again.',
  noPicture: 'The provider answered without a picture. Try again, or change the description.',
  title: 'Picture Not Made',
  /** "Estimate: about $0.034 for 1 picture on gpt-image-1.5." */
  estimate: (range: CostEstimate | null, count: number, model: string, currency: string) =>
    `Estimate: ${range ? `about ${rangeText(range, currency)}` : 'price unknown'} for ${count} ${count === 1 ? 'picture' : 'pictures'} on ${model}.`,
} as const;

const MAX_IMAGE_PROMPT_CHARS = 32_000;

export function imageSupport(provider: ProviderId): ImageSupport {
  return isImageProvider(provider) ? passed(IMAGE_MODELS[provider]) : refused(IMAGE_TEXTS.unsupported(provider));
}

/** What stops a batch before any request: a provider or model that draws nothing, an empty or long description, a bad count. */
export function imageRequestProblem(provider: ProviderId, model: string, prompt: string, count: number): string | null {
  if (!isImageProvider(provider)) return IMAGE_TEXTS.unsupported(provider);
  if (!IMAGE_MODELS[provider].includes(model)) return IMAGE_TEXTS.unknownModel(model, provider);
  if (!prompt.trim()) return IMAGE_TEXTS.emptyPrompt;
  if (prompt.length > MAX_IMAGE_PROMPT_CHARS) return IMAGE_TEXTS.tooLong(MAX_IMAGE_PROMPT_CHARS);
  if (!Number.isInteger(count) || count < 1 || count > MAX_IMAGES_PER_BATCH) return IMAGE_TEXTS.count;
  return null;
}

export interface ImageBatch {
  provider: ImageProvider;
  model: string;
  promptChars: number;
  count: number;
  shape: ImageShape;
  quality: ImageQuality;
}

/**
 * The batch as a job's steps (core/usage/jobEstimate.ts): the prompt once per picture (Gemini draws
 * one a request; OpenAI reads it once, so this is an upper bound there) and each picture's output
 * tokens, the same at both ends of the range (the provider's own table, not a guess).
 */
export function imageBatchSteps(batch: ImageBatch): JobStep[] {
  const tokens = outputTokensPerImage(batch.provider, batch.model, batch.shape, batch.quality);
  return [{ promptChars: batch.promptChars, calls: batch.count, output: { low: tokens, high: tokens } }];
}

/** The batch's cost before it starts, in the user's currency; null when the model has no known price. */
export function estimateImageBatch(
  batch: ImageBatch,
  settings: Pick<EstimateSettings, 'overrides' | 'usdRate'>,
  on?: string,
): CostEstimate | null {
  return estimateJob(batch.provider, batch.model, imageBatchSteps(batch), settings, on).range;
}
