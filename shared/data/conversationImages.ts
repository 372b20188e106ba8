import type { ChatImage } from '../ai/vision.ts';
import { randomId } from '../core/ids.ts';
import { bytesOfBase64 } from '../core/images/pictureFile.ts';
import { ok, type DataResult } from './result.ts';
import { storageFailure } from './storageFailure.ts';
import type { AppClient } from './supabase.ts';

/**
 * The files of images asked about in a conversation (bucket conversation-images, private, one
 * folder per owner; migration 20261204000200). The message row keeps their names
 * (conversation_messages.image_paths); conversations.ts removes the files with their question.
 */

export const CONVERSATION_IMAGES_BUCKET = 'conversation-images';

const EXTENSIONS: Record<ChatImage['mediaType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Keeps a question's images in the owner's folder; answers their names in order. */
export async function keepChatImages(client: AppClient, userId: string, images: readonly ChatImage[]): Promise<DataResult<string[]>> {
  const bucket = client.storage.from(CONVERSATION_IMAGES_BUCKET);
  const paths: string[] = [];
  for (const image of images) {
    const path = `${userId}/${randomId()}.${EXTENSIONS[image.mediaType]}`;
    const body = new Blob([bytesOfBase64(image.base64) as BlobPart], { type: image.mediaType });
    const { error } = await bucket.upload(path, body, { contentType: image.mediaType, upsert: false });
    if (error) {
      // All or none: a question keeps every image it was asked with, or none.
      if (paths.length) await bucket.remove(paths);
      return storageFailure(error);
    }
    paths.push(path);
  }
  return ok(paths);
}

/** Addresses to show the images at, by name (valid for an hour). */
export async function chatImageUrls(client: AppClient, paths: readonly string[]): Promise<DataResult<Record<string, string>>> {
  if (paths.length === 0) return ok({});
  const { data, error } = await client.storage.from(CONVERSATION_IMAGES_BUCKET).createSignedUrls([...paths], 3600);
  if (error) return storageFailure(error);
  return ok(Object.fromEntries(data.flatMap((item) => (item.path && item.signedUrl ? [[item.path, item.signedUrl]] : []))));
}

/** Removes image files whose questions are gone (a file already missing is not an error; a refusal is logged). */
export async function removeChatImages(client: AppClient, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await client.storage.from(CONVERSATION_IMAGES_BUCKET).remove([...paths]);
  if (error) console.error('Conversation images could not be removed', error.message);
}

export async function downloadChatImage(client: AppClient, path: string): Promise<DataResult<Uint8Array>> {
  const { data, error } = await client.storage.from(CONVERSATION_IMAGES_BUCKET).download(path);
  return error ? storageFailure(error) : ok(new Uint8Array(await data.arrayBuffer()));
}
