import { z } from 'zod';
import type { OfferAsset, OfferDraft } from './offer.ts';
import { assetContentSchema, offerFrameworkSchema } from './schema.ts';

/**
 * The shapes an offer draft is stored in (a saved row's assets, the browser's working copy),
 * validated on the way back in so a damaged or outdated copy never breaks the builder.
 */

export const offerAssetSchema: z.ZodType<OfferAsset> = z.object({
  name: z.string().min(1),
  subItems: z.array(z.string()).default([]),
  content: assetContentSchema.nullable().default(null),
  notes: z.string().default(''),
  error: z.string().nullable().default(null),
});

const offerDraftSchema: z.ZodType<OfferDraft> = z.object({
  id: z.string().min(1).nullable(),
  idea: z.string(),
  framework: offerFrameworkSchema,
  assets: z.array(offerAssetSchema),
  generalNotes: z.string().default(''),
  videoUrl: z.string().default(''),
  heroImageId: z.string().min(1).nullable().default(null),
});

/**
 * The offer builder's working copy, kept in the browser per user so a reload loses nothing:
 * what was typed, the provider/model chosen, the offer (null before the first framework) and
 * whether it differs from the saved row.
 */
export interface OfferWorkspace {
  idea: string;
  videoUrl: string;
  provider: string | null;
  model: string;
  offer: OfferDraft | null;
  /** True when the offer has changes not yet saved to the database. */
  dirty: boolean;
}

export const emptyWorkspace = (): OfferWorkspace => ({ idea: '', videoUrl: '', provider: null, model: '', offer: null, dirty: false });

const workspaceSchema: z.ZodType<OfferWorkspace> = z.object({
  idea: z.string().default(''),
  videoUrl: z.string().default(''),
  provider: z.string().nullable().default(null),
  model: z.string().default(''),
  offer: offerDraftSchema.nullable().default(null),
  dirty: z.boolean().default(false),
});

/** The stored working copy, or null when there is none or it cannot be read. */
export function parseWorkspace(raw: string | null): OfferWorkspace | null {
  if (!raw) return null;
  try {
    const parsed = workspaceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The browser storage key of a user's working copy. */
export const workspaceStorageKey = (userId: string): string => `ai_vault_offer_builder:${userId}`;
