import { randomId } from '../core/ids.ts';
import type { ImageProvider } from '../core/images/imageModels.ts';
import { PICTURE_EXTENSIONS, type PictureFacts } from '../core/images/pictureFile.ts';
import type { Tables } from './database.types.ts';
import { fail, notFound, ok, type DataResult } from './result.ts';
import { storageFailure } from './storageFailure.ts';
import type { AppClient } from './supabase.ts';

/**
 * Generated pictures (table generated_images and the private bucket generated-images, one folder
 * per owner; migration 20261204000100): keep one, list them (the gallery, an offer's, a deck's),
 * show them (signed URLs), download and delete. A picture's row and file are written and removed
 * together: a row whose insert fails takes its new file with it.
 */

export const GENERATED_IMAGES_BUCKET = 'generated-images';
/** workflow: drawn by a workflow's image step (migration 20261204000400). */
export type ImagePurpose = 'offer_hero' | 'ad_creative' | 'deck_slide' | 'run' | 'gallery' | 'workflow';

export interface GeneratedImage {
  id: string;
  prompt: string;
  provider: ImageProvider;
  model: string;
  purpose: ImagePurpose;
  path: string;
  mimeType: PictureFacts['type'];
  size: number;
  width: number;
  height: number;
  offerId: string | null;
  pitchDeckId: string | null;
  createdAt: string;
}

export interface PictureToKeep extends PictureFacts {
  bytes: Uint8Array;
  prompt: string;
  provider: ImageProvider;
  model: string;
  purpose: ImagePurpose;
  offerId?: string | null;
  pitchDeckId?: string | null;
}

type ImageRow = Tables<'generated_images'>;

const toImage = (row: ImageRow): GeneratedImage => ({
  id: row.id,
  prompt: row.prompt,
  provider: row.provider === 'gemini' ? 'gemini' : 'openai',
  model: row.model,
  purpose: row.purpose as ImagePurpose,
  path: row.file_path,
  mimeType: row.mime_type as PictureFacts['type'],
  size: row.file_size,
  width: row.width,
  height: row.height,
  offerId: row.offer_id,
  pitchDeckId: row.pitch_deck_id,
  createdAt: row.created_at,
});

/** Keeps a picture: its file in the owner's folder, then its row. */
export async function keepPicture(client: AppClient, userId: string, picture: PictureToKeep): Promise<DataResult<GeneratedImage>> {
  const id = randomId();
  const path = `${userId}/${id}.${PICTURE_EXTENSIONS[picture.type]}`;
  const bucket = client.storage.from(GENERATED_IMAGES_BUCKET);
  const uploaded = await bucket.upload(path, new Blob([picture.bytes as BlobPart], { type: picture.type }), {
    contentType: picture.type,
    upsert: false,
  });
  if (uploaded.error) return storageFailure(uploaded.error);
  const { data, error } = await client
    .from('generated_images')
    .insert({
      id,
      prompt: picture.prompt,
      provider: picture.provider,
      model: picture.model,
      purpose: picture.purpose,
      file_path: path,
      mime_type: picture.type,
      file_size: picture.bytes.byteLength,
      width: picture.width,
      height: picture.height,
      offer_id: picture.offerId ?? null,
      pitch_deck_id: picture.pitchDeckId ?? null,
    })
    .select()
    .single();
  if (error) {
    await bucket.remove([path]);
    return fail(error);
  }
  return ok(toImage(data));
}

export interface ImageFilter {
  purpose?: ImagePurpose;
  offerId?: string;
  pitchDeckId?: string;
  /** These pictures only (a deck's slides name theirs by id); a deleted one is simply not listed. */
  ids?: readonly string[];
}

/** The owner's pictures, newest first (at most 200: the gallery's page). */
export async function listPictures(client: AppClient, filter: ImageFilter = {}): Promise<DataResult<GeneratedImage[]>> {
  let query = client.from('generated_images').select('*');
  if (filter.purpose) query = query.eq('purpose', filter.purpose);
  if (filter.offerId) query = query.eq('offer_id', filter.offerId);
  if (filter.pitchDeckId) query = query.eq('pitch_deck_id', filter.pitchDeckId);
  if (filter.ids) query = query.in('id', [...filter.ids]);
  const { data, error } = await query.order('created_at', { ascending: false }).order('id').limit(200);
  return error ? fail(error) : ok(data.map(toImage));
}

/** One of the owner's pictures (an offer's hero), or null when it is gone. */
export async function getPicture(client: AppClient, id: string): Promise<DataResult<GeneratedImage | null>> {
  const { data, error } = await client.from('generated_images').select('*').eq('id', id).maybeSingle();
  return error ? fail(error) : ok(data && toImage(data));
}

/** Addresses to show the pictures at, by path (valid for an hour). */
export async function pictureUrls(client: AppClient, paths: readonly string[]): Promise<DataResult<Record<string, string>>> {
  if (paths.length === 0) return ok({});
  const { data, error } = await client.storage.from(GENERATED_IMAGES_BUCKET).createSignedUrls([...paths], 3600);
  if (error) return storageFailure(error);
  return ok(Object.fromEntries(data.flatMap((item) => (item.path && item.signedUrl ? [[item.path, item.signedUrl]] : []))));
}

export async function downloadPicture(client: AppClient, path: string): Promise<DataResult<Uint8Array>> {
  const { data, error } = await client.storage.from(GENERATED_IMAGES_BUCKET).download(path);
  return error ? storageFailure(error) : ok(new Uint8Array(await data.arrayBuffer()));
}

/** Deletes the picture: its row first (what shows it), then its file. */
export async function deletePicture(client: AppClient, image: Pick<GeneratedImage, 'id' | 'path'>): Promise<DataResult<void>> {
  const { error } = await client.from('generated_images').delete().eq('id', image.id);
  if (error) return fail(error);
  const removed = await client.storage.from(GENERATED_IMAGES_BUCKET).remove([image.path]);
  return removed.error ? storageFailure(removed.error) : ok();
}

/** Sets or clears an offer's hero picture; an offer deleted meanwhile (or someone else's) is not found. */
export async function setOfferHero(client: AppClient, offerId: string, imageId: string | null): Promise<DataResult<void>> {
  const { data, error } = await client.from('offers').update({ hero_image_id: imageId }).eq('id', offerId).select('id');
  if (error) return fail(error);
  return data.length > 0 ? ok() : notFound('Offer not found.');
}
