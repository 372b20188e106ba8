import { z } from 'zod';

/**
 * What the AI must return, validated before anything is shown or saved:
 * the offer framework, and the three JSON assets.
 */

const trimmed = z.string().trim().min(1);
const threeToFive = z.array(trimmed).min(3).max(5);

const offerItemSchema = z.union([trimmed, z.object({ name: trimmed, subItems: z.array(trimmed).default([]) })]);
export type OfferItem = z.infer<typeof offerItemSchema>;

/** The offers table keeps titles up to 300 characters: a longer AI title is cut, not refused. */
export const OFFER_TITLE_MAX = 300;
const offerTitle = trimmed.transform((title) =>
  title.length > OFFER_TITLE_MAX ? `${title.slice(0, OFFER_TITLE_MAX - 1).trimEnd()}…` : title,
);

export const offerFrameworkSchema = z.object({
  title: offerTitle,
  description: z.object({
    title: trimmed,
    about: trimmed,
    for: threeToFive,
    why: threeToFive,
    outcome: threeToFive,
  }),
  items: z.array(offerItemSchema).min(15).max(20),
});
export type OfferFramework = z.infer<typeof offerFrameworkSchema>;

export const itemName = (item: OfferItem): string => (typeof item === 'string' ? item : item.name);

export const reportCardSchema = z.object({
  criteria: z.array(z.object({ name: trimmed, score: z.number().int().min(1).max(10), reasoning: trimmed })).min(8),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

export const emailSequenceSchema = z.object({
  emails: z.array(z.object({ subject: trimmed, body: trimmed })).length(5),
});
export type EmailSequence = z.infer<typeof emailSequenceSchema>;

export const facebookAdsSchema = z.object({
  ads: z.array(z.object({ headline: trimmed, primaryText: trimmed, callToAction: trimmed })).length(3),
});
export type FacebookAds = z.infer<typeof facebookAdsSchema>;

/** An asset's content: markdown text, or one of the structured JSON shapes. */
export type AssetContent =
  | { format: 'text'; markdown: string }
  | { format: 'reportCard'; data: ReportCard }
  | { format: 'emailSequence'; data: EmailSequence }
  | { format: 'facebookAds'; data: FacebookAds };

export const assetContentSchema: z.ZodType<AssetContent> = z.discriminatedUnion('format', [
  z.object({ format: z.literal('text'), markdown: z.string() }),
  z.object({ format: z.literal('reportCard'), data: reportCardSchema }),
  z.object({ format: z.literal('emailSequence'), data: emailSequenceSchema }),
  z.object({ format: z.literal('facebookAds'), data: facebookAdsSchema }),
]);
