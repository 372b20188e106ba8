import { z, type ZodType } from 'zod';
import { assetFormat } from '../core/offers/categories.ts';
import type { OfferAsset, OfferDraft } from '../core/offers/offer.ts';
import { normalizePlan, organizeSchema, type OrganizePlan } from '../core/offers/organize.ts';
import {
  assetPrompt,
  frameworkPrompt,
  organizePrompt,
  rewriteJsonPrompt,
  rewritePrompt,
  type KnowledgeContext,
} from '../core/offers/prompts.ts';
import {
  emailSequenceSchema,
  facebookAdsSchema,
  offerFrameworkSchema,
  reportCardSchema,
  type AssetContent,
  type OfferFramework,
} from '../core/offers/schema.ts';
import { OFFER_TEXTS } from '../core/offers/texts.ts';
import { completeJson, completeText, type AiRequest } from './chat.ts';
import type { ClientOptions, ProviderTarget } from './providers.ts';
import type { AiUsage } from './usage.ts';

/**
 * The offer builder's AI calls: JSON mode for the framework and the Report Card,
 * Product Launch Email Sequence and Facebook Ads assets, plain text for the others; Rewrite and
 * Organize. Every failure is an AiError with the offer builder's messages (network problems read
 * 'Could not generate the offer. Please check your network and try again.').
 *
 * Each call records its usage under its own feature: offer_framework, offer_asset (or
 * generate_all, as the caller says), offer_rewrite (an asset or the description), offer_organize.
 */

type OfferFeature = 'offer_framework' | 'offer_asset' | 'generate_all' | 'offer_rewrite' | 'offer_organize';

export interface OfferAiOptions {
  target: ProviderTarget;
  model: string;
  signal?: AbortSignal;
  settings?: ClientOptions;
  /** The usage of a call for this offer, per feature (the offer is its subject). */
  usage: (feature: OfferFeature) => AiUsage;
}

const request = (options: OfferAiOptions, prompt: string, feature: OfferFeature): AiRequest => ({
  target: options.target,
  model: options.model,
  prompt,
  signal: options.signal,
  settings: options.settings,
  fallbackError: OFFER_TEXTS.fallbackError,
  usage: options.usage(feature),
});

export function generateFramework(idea: string, context: KnowledgeContext | null, options: OfferAiOptions): Promise<OfferFramework> {
  return completeJson({ ...request(options, frameworkPrompt(idea, context), 'offer_framework'), schema: offerFrameworkSchema });
}

/** The JSON schema of a structured asset format (null: markdown text). */
function structuredSchema(format: AssetContent['format']): ZodType | null {
  switch (format) {
    case 'reportCard':
      return reportCardSchema;
    case 'emailSequence':
      return emailSequenceSchema;
    case 'facebookAds':
      return facebookAdsSchema;
    case 'text':
      return null;
  }
}

/** An AI answer as the asset's content; text answers lose a wrapping ``` fence some models add. */
function asContent(format: AssetContent['format'], value: unknown): AssetContent {
  if (format === 'text') return { format: 'text', markdown: unfence(String(value)) };
  return { format, data: value } as AssetContent;
}

const unfence = (text: string): string => /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text)?.[1] ?? text.trim();

export async function generateAssetContent(
  offer: OfferDraft,
  asset: OfferAsset,
  context: KnowledgeContext | null,
  options: OfferAiOptions,
  /** 'generate_all' when the asset is one of a Generate all. */
  feature: 'offer_asset' | 'generate_all' = 'offer_asset',
): Promise<AssetContent> {
  const format = assetFormat(asset.name);
  const prompt = assetPrompt(offer, asset, context);
  const schema = structuredSchema(format);
  if (!schema) return asContent('text', await completeText(request(options, prompt, feature)));
  return asContent(format, await completeJson({ ...request(options, prompt, feature), schema }));
}

/** One asset rewritten by the user's instruction; structured assets keep their shape. */
export async function rewriteAssetContent(
  name: string,
  content: AssetContent,
  instruction: string,
  options: OfferAiOptions,
): Promise<AssetContent> {
  if (content.format === 'text')
    return asContent('text', await completeText(request(options, rewritePrompt(content.markdown, instruction, name), 'offer_rewrite')));
  const schema = structuredSchema(content.format)!;
  return asContent(
    content.format,
    await completeJson({ ...request(options, rewriteJsonPrompt(content.data, instruction, name), 'offer_rewrite'), schema }),
  );
}

const descriptionSchema = offerFrameworkSchema.shape.description;
export type OfferDescription = z.infer<typeof descriptionSchema>;

/** The offer's description rewritten by the instruction (same lists, same lengths). */
export function rewriteDescription(description: OfferDescription, instruction: string, options: OfferAiOptions): Promise<OfferDescription> {
  return completeJson({
    ...request(options, rewriteJsonPrompt(description, instruction, 'Offer description'), 'offer_rewrite'),
    schema: descriptionSchema,
  });
}

/** The AI's launch sequence for the offer's assets, cleaned so accepting it never loses an asset. */
export async function organizeOffer(offer: OfferDraft, options: OfferAiOptions): Promise<OrganizePlan> {
  const plan = await completeJson({ ...request(options, organizePrompt(offer), 'offer_organize'), schema: organizeSchema });
  return normalizePlan(plan, offer);
}
