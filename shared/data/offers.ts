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
  };
}

const draftColumns = (offer: OfferDraft) => ({
  title: offer.framework.title,
  idea: offer.idea,
  framework: asJson(offer.framework),
  assets: asJson(offer.assets),
  general_notes: offer.generalNotes,
  video_url: offer.videoUrl,
});

/** Saves the draft: a new row the first time, the same row after; returns the saved draft (with its id). */
export async function saveOffer(client: AppClient, offer: OfferDraft): Promise<DataResult<OfferDraft>> {
  const query = offer.id
    ? client.from('offers').update(draftColumns(offer)).eq('id', offer.id).select('id').single()
    : client.from('offers').insert(draftColumns(offer)).select('id').single();
  const { data, error } = await query;
  if (error) return fail(error);
  return ok({ ...offer, id: data.id });
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
  return saveOffer(client, { ...copy, id: null, framework: { ...copy.framework, title: `${copy.framework.title} (copy)` } });
}

export async function deleteOffer(client: AppClient, id: string): Promise<DataResult<void>> {
  const { error } = await client.from('offers').delete().eq('id', id);
  return error ? fail(error) : ok();
}
