import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { offerAssetSchema } from '../core/offers/draft.ts';
import type { OfferAsset, OfferDraft } from '../core/offers/offer.ts';
import { offerFrameworkSchema } from '../core/offers/schema.ts';

/**
 * Saved offers (table offers, owner-only): save a draft (insert or update), list, open, rename,
 * duplicate, delete. Rows read back are validated, so a damaged row never breaks the builder.
 */

export interface DataError {
  message: string;
  code?: string;
}

export interface OfferSummary {
  id: string;
  title: string;
  idea: string;
  assetCount: number;
  generatedCount: number;
  createdAt: string;
  updatedAt: string;
}

interface OfferRow {
  id: string;
  title: string;
  idea: string;
  framework: unknown;
  assets: unknown;
  general_notes: string;
  video_url: string;
  created_at: string;
  updated_at: string;
}

const toError = (error: { message: string; code?: string }): DataError => ({ message: error.message, code: error.code });

function rowToDraft(row: OfferRow): OfferDraft | null {
  const framework = offerFrameworkSchema.safeParse(row.framework);
  const assets = z.array(offerAssetSchema).safeParse(row.assets);
  if (!framework.success || !assets.success) return null;
  return { id: row.id, idea: row.idea, framework: framework.data, assets: assets.data, generalNotes: row.general_notes, videoUrl: row.video_url };
}

const draftColumns = (offer: OfferDraft) => ({
  title: offer.framework.title,
  idea: offer.idea,
  framework: offer.framework,
  assets: offer.assets,
  general_notes: offer.generalNotes,
  video_url: offer.videoUrl,
});

/** Saves the draft: a new row the first time, the same row after; returns the saved draft (with its id). */
export async function saveOffer(client: SupabaseClient, offer: OfferDraft): Promise<{ offer: OfferDraft } | { error: DataError }> {
  const query = offer.id
    ? client.from('offers').update(draftColumns(offer)).eq('id', offer.id).select('id').single()
    : client.from('offers').insert(draftColumns(offer)).select('id').single();
  const { data, error } = await query;
  if (error) return { error: toError(error) };
  return { offer: { ...offer, id: (data as { id: string }).id } };
}

export async function listOffers(client: SupabaseClient): Promise<{ offers: OfferSummary[] } | { error: DataError }> {
  const { data, error } = await client
    .from('offers')
    .select('id, title, idea, assets, created_at, updated_at')
    .order('updated_at', { ascending: false });
  if (error) return { error: toError(error) };
  return {
    offers: (data as Pick<OfferRow, 'id' | 'title' | 'idea' | 'assets' | 'created_at' | 'updated_at'>[]).map((row) => {
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
  };
}

export async function getOffer(client: SupabaseClient, id: string): Promise<{ offer: OfferDraft | null } | { error: DataError }> {
  const { data, error } = await client.from('offers').select('*').eq('id', id).maybeSingle();
  if (error) return { error: toError(error) };
  if (!data) return { offer: null };
  const offer = rowToDraft(data as OfferRow);
  return offer ? { offer } : { error: { message: 'This saved offer could not be read.' } };
}

/** Renames the offer (its framework title is the title). */
export async function renameOffer(client: SupabaseClient, offer: OfferDraft, title: string): Promise<{ offer: OfferDraft } | { error: DataError }> {
  const trimmed = title.trim();
  if (!trimmed) return { error: { message: 'Offer name cannot be empty.' } };
  return saveOffer(client, { ...offer, framework: { ...offer.framework, title: trimmed } });
}

export async function duplicateOffer(client: SupabaseClient, id: string): Promise<{ offer: OfferDraft } | { error: DataError }> {
  const found = await getOffer(client, id);
  if ('error' in found) return found;
  if (!found.offer) return { error: { message: 'Offer not found.' } };
  const copy = found.offer;
  return saveOffer(client, { ...copy, id: null, framework: { ...copy.framework, title: `${copy.framework.title} (copy)` } });
}

export async function deleteOffer(client: SupabaseClient, id: string): Promise<DataError | null> {
  const { error } = await client.from('offers').delete().eq('id', id);
  return error ? toError(error) : null;
}
