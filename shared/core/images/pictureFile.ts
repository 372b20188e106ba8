/**
 * What a picture file is, read from its bytes (pure): its format and pixel size. Providers say
 * what they sent, but the gallery and the exports trust the bytes.
 */

export type PictureType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface PictureFacts {
  type: PictureType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

function jpegSize(bytes: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return [u16be(bytes, at + 7), u16be(bytes, at + 5)];
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

function webpSize(bytes: Uint8Array): [number, number] | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8X') return [1 + u24le(bytes, 24), 1 + u24le(bytes, 27)];
  if (chunk === 'VP8L') {
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return [1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff)];
  }
  if (chunk === 'VP8 ') return [u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff];
  return null;
}

/** The picture's format and size, or null when the bytes are not a PNG, JPEG or WebP this can read. */
export function pictureFacts(bytes: Uint8Array): PictureFacts | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((value, i) => bytes[i] === value)) {
    return { type: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size && { type: 'image/jpeg', width: size[0], height: size[1] };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    const size = webpSize(bytes);
    return size && { type: 'image/webp', width: size[0], height: size[1] };
  }
  return null;
}

export const PICTURE_EXTENSIONS: Record<PictureType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Base64 → bytes, without Buffer (browsers, Deno, Node alike). */
export function bytesOfBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes → base64, without Buffer; in slices, so a large picture does not overflow the call stack. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
