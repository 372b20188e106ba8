import type { ImageShape } from '../images/imageModels.ts';
import { contentMarkdown } from './copy.ts';
import type { OfferAsset, OfferDraft } from './offer.ts';

/**
 * Ad creatives for an offer's ad-copy assets (pure): which assets are ads, the picture's shape for
 * where the ad runs, and the description the picture maker starts from — the offer, the ad's first
 * variant's words (what the picture must go with), and the rules of an ad picture.
 */

const AD_ASSETS: Readonly<Record<string, ImageShape>> = {
  'Facebook Ads': 'square',
  'Facebook Retargeting Ads': 'square',
  // YouTube shows a 16:9 frame (the thumbnail or the companion).
  'YouTube Ads': 'wide',
};

export const isAdAsset = (name: string): boolean => name in AD_ASSETS;

export const adCreativeShape = (name: string): ImageShape => AD_ASSETS[name] ?? 'square';

/** The ad's words are cut here: the first variant is enough to set the picture's subject. */
const AD_WORDS_MAX = 600;

export function adCreativePrompt(offer: Pick<OfferDraft, 'framework'>, asset: Pick<OfferAsset, 'name' | 'content'>): string {
  const words = asset.content
    ? contentMarkdown(asset.name, asset.content)
        .split(/\n(?=### )/)[0]!
        .replace(/[#*]/g, '')
        .trim()
    : '';
  const cut = words.length > AD_WORDS_MAX ? `${words.slice(0, AD_WORDS_MAX - 1).trimEnd()}…` : words;
  return [
    `An ad creative for ${asset.name} promoting the offer "${offer.framework.title.trim()}".`,
    cut && `The ad it goes with:\n${cut}`,
    'Style: a scroll-stopping, high-contrast picture with one clear subject a buyer recognises, room for the headline around it. No text, letters or logos in the picture.',
  ]
    .filter(Boolean)
    .join('\n\n');
}
