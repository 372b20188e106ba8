import type { Tables } from './database.types.ts';
import { asJson, type AppClient } from './supabase.ts';
import { z } from 'zod';
import { offerAssetSchema } from '../core/offers/draft.ts';
import type { OfferAsset, OfferDraft } from '../core/offers/offer.ts';
import { offerFrameworkSchema } from '../core/offers/schema.ts';
import { fail, invalid, notFound, ok, type DataResult } from './result.ts';

/**
 * Saved offers (table offers, owner-only): save a draft (insert or update), list, open, rename,
 * duplicate, delete. Rows read back are validated, so a damaged row never breaks the builder.
 */

export interface OfferSummary {
  id: string;
  title: string;
  idea: string;
  assetCount: number;
  generatedCount: number;
  createdAt: string;
  updatedAt: string;
}

type OfferRow = Tables<'offers'>;

function rowToDraft(row: OfferRow): OfferDraft | null {
  const framework = offerFrameworkSchema.safeParse(row.framework);
  const assets = z.array(offerAssetSchema).safeParse(row.assets);
  if (!framework.success || !assets.success) return null;
  return {
    id: row.id,
    idea: row.idea,
    framework: framework.data,
    assets: assets.data,
    generalNotes: row.general_notes,
    videoUrl: row.video_url,
    heroImageId: row.hero_image_id,
  };
}

// The hero picture is not among them: setOfferHero sets it on the row, and a save reads it back.
const draftColumns = (offer: OfferDraft) => ({
  title: offer.framework.title,
  idea: offer.idea,
  framework: asJson(offer.framework),
  assets: asJson(offer.assets),
  general_notes: offer.generalNotes,
  video_url: offer.videoUrl,
});

/**
 * Saves the draft: a new row the first time, the same row after; returns the saved draft with the
 * row's id and its hero picture as the row has it (a new row has none; a picture deleted meanwhile
 * is gone from it).
 */
export async function saveOffer(client: AppClient, offer: OfferDraft): Promise<DataResult<OfferDraft>> {
  const query = offer.id
    ? client.from('offers').update(draftColumns(offer)).eq('id', offer.id).select('id, hero_image_id').single()
    : client.from('offers').insert(draftColumns(offer)).select('id, hero_image_id').single();
  const { data, error } = await query;
  if (error) return fail(error);
  return ok({ ...offer, id: data.id, heroImageId: data.hero_image_id });
}

export async function listOffers(client: AppClient): Promise<DataResult<OfferSummary[]>> {
  const { data, error } = await client
    .from('offers')
    .select('id, title, idea, assets, created_at, updated_at')
    .order('updated_at', { ascending: false });
  if (error) return fail(error);
  return ok(
    data.map((row) => {
      // assets is jsonb (typed Json): only counted here, so each entry is read as a partial asset.
      const assets = Array.isArray(row.assets) ? (row.assets as Partial<OfferAsset>[]) : [];
      return {
        id: row.id,
        title: row.title,
        idea: row.idea,
        assetCount: assets.length,
        generatedCount: assets.filter((a) => a.content && !a.error).length,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    }),
  );
}

/** The saved offer, or null when there is none with that id (a damaged row is an error). */
export async function getOffer(client: AppClient, id: string): Promise<DataResult<OfferDraft | null>> {
  const { data, error } = await client.from('offers').select('*').eq('id', id).maybeSingle();
  if (error) return fail(error);
  if (!data) return ok(null);
  const offer = rowToDraft(data);
  return offer ? ok(offer) : fail({ message: 'This saved offer could not be read.', code: 'unreadable' }, 'server');
}

/** Renames the offer (its framework title is the title). */
export async function renameOffer(client: AppClient, offer: OfferDraft, title: string): Promise<DataResult<OfferDraft>> {
  const trimmed = title.trim();
  if (!trimmed) return invalid('Offer name cannot be empty.');
  return saveOffer(client, { ...offer, framework: { ...offer.framework, title: trimmed } });
}

export async function duplicateOffer(client: AppClient, id: string): Promise<DataResult<OfferDraft>> {
  const found = await getOffer(client, id);
  if (found.error) return found;
  if (!found.data) return notFound('Offer not found.');
  const copy = found.data;
  const saved = await saveOffer(client, { ...copy, id: null, framework: { ...copy.framework, title: `${copy.framework.title} (copy)` } });
  if (saved.error || !copy.heroImageId) return saved;
  // The copy shows the same hero picture (the picture itself stays one, in the gallery).
  const { error } = await client.from('offers').update({ hero_image_id: copy.heroImageId }).eq('id', saved.data.id!);
  return error ? fail(error) : ok({ ...saved.data, heroImageId: copy.heroImageId });
}

export async function deleteOffer(client: AppClient, id: string): Promise<DataResult<void>> {
  const { error } = await client.from('offers').delete().eq('id', id);
  return error ? fail(error) : ok();
}
