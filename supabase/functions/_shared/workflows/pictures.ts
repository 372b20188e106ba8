import type { Picture } from '@/shared/ai/imageGeneration.ts';
import type { ImageProvider } from '@/shared/core/images/imageModels.ts';
import { PICTURE_EXTENSIONS } from '@/shared/core/images/pictureFile.ts';
import type { Db } from '../db.ts';

/**
 * A picture a workflow's image step drew, kept as the gallery keeps any other (the owner's folder
 * of the generated-images bucket and its generated_images row, purpose 'workflow'). Written with
 * the service role, so the owner is named rather than taken from the caller: a scheduled run has
 * no caller. A row whose insert fails takes its new file with it.
 */

const BUCKET = 'generated-images';

export async function keepRunPicture(
  db: Db,
  owner: string,
  picture: Picture & { prompt: string; provider: ImageProvider; model: string },
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const id = crypto.randomUUID();
  const path = `${owner}/${id}.${PICTURE_EXTENSIONS[picture.type]}`;
  const bucket = db.storage.from(BUCKET);
  const uploaded = await bucket.upload(path, new Blob([picture.bytes as BlobPart], { type: picture.type }), {
    contentType: picture.type,
    upsert: false,
  });
  if (uploaded.error) return { ok: false, message: uploaded.error.message || 'The file could not be stored.' };
  const { error } = await db.from('generated_images').insert({
    id,
    user_id: owner,
    prompt: picture.prompt,
    provider: picture.provider,
    model: picture.model,
    purpose: 'workflow',
    file_path: path,
    mime_type: picture.type,
    file_size: picture.bytes.byteLength,
    width: picture.width,
    height: picture.height,
  });
  if (error) {
    await bucket.remove([path]).catch(() => undefined);
    return { ok: false, message: error.message || 'The picture could not be listed.' };
  }
  return { ok: true, id };
}
