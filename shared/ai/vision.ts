import { PROVIDER_KEYS, type ProviderId } from '../core/providerKeys.ts';
import { passed, refused, type Check } from '../core/check.ts';

/**
 * Images in a prompt: which provider and model can read them, the limits each provider states, and
 * the size an image is scaled to on the client before it is sent. Pure (no DOM): the canvas work
 * is in shared/ui/ai/imageAttach.ts. Sources per provider are in VISION_RULES and docs/providers.md §12.
 */

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export interface ChatImage {
  mediaType: ImageMediaType;
  /** The image's bytes in base64, without a `data:` prefix. */
  base64: string;
}

/** What the user may attach before any provider is chosen: the four formats, up to 20 MB a file. */
export const ATTACH_MAX_BYTES = 20 * 1024 * 1024;
/** Images per message (the lowest provider count: Cohere's 20 per request). */
export const MAX_IMAGES_PER_MESSAGE = 4;

export interface VisionLimits {
  /** Formats the provider takes; another format is converted to PNG or JPEG on the client. */
  mediaTypes: readonly ImageMediaType[];
  /** Bytes one image may have once decoded. */
  maxImageBytes: number;
  /** The longest edge the client scales to: beyond it the provider scales down anyway (no gain, more bytes). */
  maxEdgePx: number;
  /** Images per request. */
  maxImages: number;
  source: string;
}

const MB = 1024 * 1024;

/** Provider limits with their public sources (the same numbers the strict fakes enforce). */
export const VISION_LIMITS: Record<Exclude<ProviderId, 'ai21'>, VisionLimits> = {
  openai: {
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    // 50 MB per request in total; one image is kept well under it.
    maxImageBytes: 20 * MB,
    // High detail fits the image in 2048×2048 before tiling.
    maxEdgePx: 2048,
    maxImages: 500,
    source:
      'https://developers.openai.com/api/docs/guides/images-vision (PNG, JPEG, WEBP, non-animated GIF; 50 MB a request; fit to 2048 px)',
  },
  chatgpt_custom: {
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    maxImageBytes: 20 * MB,
    maxEdgePx: 2048,
    maxImages: 500,
    source: "OpenAI's rules (the server speaks its protocol): https://developers.openai.com/api/docs/guides/images-vision",
  },
  anthropic: {
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    maxImageBytes: 5 * MB,
    // Larger long edges are scaled down to 1568 px by the API; 8000×8000 is refused.
    maxEdgePx: 1568,
    maxImages: 100,
    source:
      'https://platform.claude.com/docs/en/build-with-claude/vision (JPEG, PNG, GIF, WebP; 5 MB an image; > 8000×8000 px refused; long edge 1568 px)',
  },
  gemini: {
    // No GIF: a GIF is sent as PNG.
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp'],
    // Inline data: 20 MB for the whole request.
    maxImageBytes: 15 * MB,
    maxEdgePx: 3072,
    maxImages: 3000,
    source:
      'https://firebase.google.com/docs/ai-logic/input-file-requirements; https://ai.google.dev/gemini-api/docs/image-understanding (PNG, JPEG, WEBP, HEIC, HEIF; 20 MB inline request)',
  },
  cohere: {
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    // 20 images and 20 MB per request.
    maxImageBytes: 5 * MB,
    maxEdgePx: 2048,
    maxImages: 20,
    source:
      'https://docs.cohere.com/docs/command-a-vision (up to 20 images a request); https://docs.cohere.com/docs/image-inputs (20 MB a request)',
  },
  huggingface: {
    mediaTypes: ['image/png', 'image/jpeg', 'image/webp'],
    // Depends on the model behind the router: unverified, strict reading.
    maxImageBytes: 5 * MB,
    maxEdgePx: 2048,
    maxImages: 5,
    source: "Unverified (the router passes OpenAI's image_url parts to the model's provider); strict reading",
  },
};

/** Models per provider that read images, named in a refusal. */
const VISION_EXAMPLES: Partial<Record<ProviderId, string[]>> = {
  openai: ['gpt-6.1-terra', 'gpt-6-luna'],
  chatgpt_custom: ['gpt-6.1-terra'],
  anthropic: ['claude-sonnet-5-5', 'claude-haiku-4-5'],
  gemini: ['gemini-3.8-flash'],
  cohere: ['command-a-vision-07-2025'],
  huggingface: ['Qwen/Qwen2.5-VL-7B-Instruct'],
};

/** Models without image input, per provider, with the source of each rule. */
const VISION_RULES: Record<ProviderId, { reads: (model: string) => boolean; source: string }> = {
  openai: {
    // Current chat models (gpt-5.x, gpt-6.x) take text and images; the retired text-only ones and non-chat models do not.
    reads: (m) => !/^(gpt-3\.5|o1-mini|o3-mini|gpt-oss|text-|tts-|whisper|davinci|babbage|omni-moderation|gpt-image|dall-e)/i.test(m),
    source:
      'https://developers.openai.com/api/docs/models/gpt-6.1-terra (input: text, image); https://vercel.com/ai-gateway/models/openai/gpt-6-luna (text and images)',
  },
  chatgpt_custom: {
    reads: (m) => !/^(gpt-3\.5|o1-mini|o3-mini|text-|tts-|whisper)/i.test(m),
    source: 'As OpenAI; a custom server decides for its own models',
  },
  anthropic: {
    // Claude 3 and later read images.
    reads: (m) => !/^claude-(2|instant)/i.test(m),
    source: 'https://docs.claude.com/en/docs/vision (Claude 3 and 4 families and later)',
  },
  gemini: {
    reads: (m) => !/embedding|^aqa|^imagen/i.test(m),
    source: 'https://ai.google.dev/gemini-api/docs/image-understanding (Gemini models are multimodal)',
  },
  cohere: {
    // Only Command A Vision reads images; the other Command models are text-only.
    reads: (m) => /vision/i.test(m),
    source: 'https://docs.cohere.com/v2/changelog/2025-07-31-command-a-vision ("Cohere\'s first model able to understand … image inputs")',
  },
  ai21: {
    reads: () => false,
    source: "Unverified: AI21's Jamba chat reference (docs.ai21.com) documents text content only; strict reading",
  },
  huggingface: {
    // Vision-language models name themselves (VL, Vision, LLaVA, Pixtral, Llama 4, Gemma 3 and the like).
    reads: (m) => /(vl\b|-vl-|vision|llava|pixtral|llama-4|gemma-3|idefics|smolvlm|minicpm-v|glm-4\.\dv)/i.test(m),
    source: 'https://huggingface.co/docs/inference-providers/tasks/image-text-to-text (vision-language models only)',
  },
};

/** What a model's images must fit, or the sentence saying it reads none. */
export type VisionSupport = Check<VisionLimits>;

function suggestions(provider: ProviderId): string {
  const own = VISION_EXAMPLES[provider] ?? [];
  const others =
    provider === 'openai' ? ['claude-sonnet-5-5'] : provider === 'anthropic' ? ['gpt-6.1-terra'] : ['gpt-6.1-terra', 'claude-sonnet-5-5'];
  const names = [...own, ...others].slice(0, 3);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** Whether `model` of `provider` reads images: its limits, or the one sentence that refuses before any request. */
export function visionSupport(provider: ProviderId, model: string): VisionSupport {
  const rule = VISION_RULES[provider];
  if (provider !== 'ai21' && rule.reads(model)) return passed(VISION_LIMITS[provider]);
  const who = provider === 'ai21' ? `${PROVIDER_KEYS.ai21.label}'s ${model}` : model;
  return refused(`${who} cannot read images. Choose a model that can, such as ${suggestions(provider)}.`);
}

/** Decoded byte length of base64 text (padding counted out). */
export const base64Bytes = (base64: string): number => {
  const clean = base64.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
};

export const formatBytes = (bytes: number): string =>
  bytes >= MB ? `${(bytes / MB).toFixed(bytes >= 10 * MB ? 0 : 1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The problem with sending these images to this provider and model, as one sentence, or null.
 * Checked before any request: the model reads images, the count, each format and size.
 */
export function imageProblem(provider: ProviderId, model: string, images: readonly ChatImage[]): string | null {
  if (images.length === 0) return null;
  const support = visionSupport(provider, model);
  if (!support.ok) return support.error;
  const limits = support.value;
  if (images.length > limits.maxImages) return `${PROVIDER_KEYS[provider].label} takes at most ${limits.maxImages} images in one request.`;
  for (const image of images) {
    if (!limits.mediaTypes.includes(image.mediaType))
      return `${PROVIDER_KEYS[provider].label} does not take ${image.mediaType.replace('image/', '').toUpperCase()} images.`;
    const bytes = base64Bytes(image.base64);
    if (bytes > limits.maxImageBytes)
      return `This image is ${formatBytes(bytes)}; ${PROVIDER_KEYS[provider].label} takes images up to ${formatBytes(limits.maxImageBytes)}.`;
  }
  return null;
}

/**
 * The size an image is drawn at to fit a provider: the longest edge at most `maxEdge`, the aspect
 * ratio kept, whole pixels, never enlarged and never below 1 px.
 */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number; scaled: boolean } {
  if (!(width > 0 && height > 0)) return { width: 0, height: 0, scaled: false };
  const longest = Math.max(width, height);
  if (longest <= maxEdge) return { width: Math.round(width), height: Math.round(height), scaled: false };
  const ratio = maxEdge / longest;
  return {
    width: Math.max(1, Math.min(maxEdge, Math.round(width * ratio))),
    height: Math.max(1, Math.min(maxEdge, Math.round(height * ratio))),
    scaled: true,
  };
}

/**
 * Each step of shrinking an image whose encoding is still over `maxBytes` at a size: the edge is
 * cut by the square root of the byte ratio (bytes grow with the area), with a 10% margin.
 */
export function shrinkEdgeFor(currentEdge: number, bytes: number, maxBytes: number): number {
  if (bytes <= maxBytes) return currentEdge;
  return Math.max(1, Math.floor(currentEdge * Math.sqrt(maxBytes / bytes) * 0.9));
}

/** The limits every provider that reads images accepts (what the dashboard and panel scale to before a provider is known). */
export const COMMON_LIMITS = {
  maxEdgePx: Math.min(...Object.values(VISION_LIMITS).map((l) => l.maxEdgePx)),
  maxImageBytes: Math.min(...Object.values(VISION_LIMITS).map((l) => l.maxImageBytes)),
};
