import {
  ATTACH_MAX_BYTES,
  COMMON_LIMITS,
  fitWithin,
  formatBytes,
  IMAGE_MEDIA_TYPES,
  shrinkEdgeFor,
  type ChatImage,
  type ImageMediaType,
} from '@/shared/ai/vision.ts';

/**
 * Images attached to a prompt in the browser (dashboard and side panel): an uploaded or pasted
 * file, or a capture of the tab. Each is scaled on a canvas to the limits every vision provider
 * takes (shared/ai/vision.ts COMMON_LIMITS), so the same image can go to whichever model is chosen;
 * a GIF is sent as PNG (Gemini takes no GIF, OpenAI no animated one).
 */

export interface AttachedImage extends ChatImage {
  id: string;
  name: string;
  width: number;
  height: number;
}

export const ATTACH_TEXTS = {
  hint: `PNG, JPEG, WebP or GIF up to ${formatBytes(ATTACH_MAX_BYTES)}; large images are scaled to ${COMMON_LIMITS.maxEdgePx} px.`,
  badType: (name: string) => `${name} is not a PNG, JPEG, WebP or GIF image.`,
  tooBig: (name: string, bytes: number) =>
    `${name} is ${formatBytes(bytes)}; images up to ${formatBytes(ATTACH_MAX_BYTES)} can be attached.`,
  unreadable: (name: string) => `${name} could not be read as an image.`,
} as const;

const isMediaType = (type: string): type is ImageMediaType => (IMAGE_MEDIA_TYPES as readonly string[]).includes(type);

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function encode(bitmap: ImageBitmap, width: number, height: number, type: 'image/png' | 'image/jpeg'): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  if (type === 'image/jpeg') {
    // JPEG has no transparency: a white ground instead of black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), type, 0.88));
}

let counter = 0;

/** An image file (upload, paste, capture) ready to send, or the sentence that refuses it. */
export async function attachImage(blob: Blob, name: string): Promise<AttachedImage | string> {
  if (!isMediaType(blob.type)) return ATTACH_TEXTS.badType(name);
  if (blob.size > ATTACH_MAX_BYTES) return ATTACH_TEXTS.tooBig(name, blob.size);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return ATTACH_TEXTS.unreadable(name);
  }
  try {
    const fit = fitWithin(bitmap.width, bitmap.height, COMMON_LIMITS.maxEdgePx);
    const keep = !fit.scaled && blob.type !== 'image/gif' && blob.size <= COMMON_LIMITS.maxImageBytes;
    let out: Blob = blob;
    let { width, height } = fit;
    if (!keep) {
      // PNG stays PNG (screenshots, text); photos go as JPEG.
      let type: 'image/png' | 'image/jpeg' = blob.type === 'image/png' || blob.type === 'image/gif' ? 'image/png' : 'image/jpeg';
      out = await encode(bitmap, width, height, type);
      while (out.size > COMMON_LIMITS.maxImageBytes && Math.max(width, height) > 1) {
        const edge = shrinkEdgeFor(Math.max(width, height), out.size, COMMON_LIMITS.maxImageBytes);
        ({ width, height } = fitWithin(bitmap.width, bitmap.height, edge));
        type = 'image/jpeg';
        out = await encode(bitmap, width, height, type);
      }
    }
    const mediaType = out.type as ImageMediaType;
    counter += 1;
    return {
      id: `image-${Date.now().toString(36)}-${counter}`,
      name,
      mediaType,
      base64: bytesToBase64(new Uint8Array(await out.arrayBuffer())),
      width,
      height,
    };
  } finally {
    bitmap.close();
  }
}

/** A base64 `data:` URL (the tab's capture) as a blob, decoded here: a page's CSP may not allow fetching data: URLs. */
export function blobOfDataUrl(dataUrl: string): Blob {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(dataUrl);
  if (!match) return new Blob([]);
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}

/** What goes to the AI layer: the media type and bytes only. */
export const chatImagesOf = (images: readonly AttachedImage[]): ChatImage[] =>
  images.map(({ mediaType, base64 }) => ({ mediaType, base64 }));
