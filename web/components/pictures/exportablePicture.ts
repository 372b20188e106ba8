import { pictureFacts, type PictureFacts } from '@/shared/core/images/pictureFile.ts';

/** A picture ready for a file: PNG or JPEG, the formats Word, PowerPoint and jsPDF all embed as they are. */
export interface ExportablePicture extends PictureFacts {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
}

/** A WebP picture as PNG, drawn on a canvas by the browser. */
async function webpAsPng(bytes: Uint8Array): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/webp' }));
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the picture.');
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('This browser cannot draw the picture.'))), 'image/png'),
    );
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    bitmap.close();
  }
}

/**
 * A stored picture's bytes as a file can embed them, with the format and size read from the bytes
 * themselves (not from its row): PNG and JPEG as they are, WebP turned into PNG; null for bytes
 * that are no picture this can read.
 */
export async function exportablePicture(stored: Uint8Array): Promise<ExportablePicture | null> {
  const bytes = pictureFacts(stored)?.type === 'image/webp' ? await webpAsPng(stored) : stored;
  const facts = pictureFacts(bytes);
  return facts && facts.type !== 'image/webp' ? { ...facts, type: facts.type, bytes } : null;
}
