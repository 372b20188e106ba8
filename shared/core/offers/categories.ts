/**
 * Offer asset categories: the display names, and the mapping of whatever name the AI
 * gives an item onto a canonical category, by keyword, in a fixed order.
 */

export const OFFER_CATEGORIES = [
  'Offer Hooks',
  'Sales Page Headlines',
  'Product Launch Email Sequence',
  'Launch Plan (Checklist)',
  'Content Writing Templates',
  'Email Marketing Templates',
  'Video Script',
  'Launch Ideas',
  'Webinar Outline',
  'Facebook Ads',
  'YouTube Ads',
  'Facebook Retargeting Ads',
  'Pricing Strategy',
  'Refund Reducer',
  'Market Analysis',
  'Report Card',
  'Lead Magnet Ideas',
  'Bonus Builder',
  'High Ticket Upsells',
] as const;
type OfferCategory = (typeof OFFER_CATEGORIES)[number];

/** The free-notes row that ends every offer's list (never generated). */
export const GENERAL_NOTES = 'General Notes';

/**
 * Keyword → category, checked in this order. The first match wins, so
 * "Email Marketing Templates" maps to the email sequence, because email is checked before template.
 */
const KEYWORD_RULES: readonly [keywords: readonly string[], category: OfferCategory][] = [
  [['email'], 'Product Launch Email Sequence'],
  [['hook'], 'Offer Hooks'],
  [['headline'], 'Sales Page Headlines'],
  [['checklist', 'plan'], 'Launch Plan (Checklist)'],
  [['template'], 'Content Writing Templates'],
  [['video', 'script'], 'Video Script'],
  [['launch idea'], 'Launch Ideas'],
  [['webinar'], 'Webinar Outline'],
  [['facebook ad'], 'Facebook Ads'],
  [['youtube ad'], 'YouTube Ads'],
  [['retargeting'], 'Facebook Retargeting Ads'],
  [['pricing'], 'Pricing Strategy'],
  [['refund'], 'Refund Reducer'],
  [['analysis'], 'Market Analysis'],
  [['report card'], 'Report Card'],
  [['lead magnet'], 'Lead Magnet Ideas'],
  [['bonus'], 'Bonus Builder'],
  [['upsell'], 'High Ticket Upsells'],
];

/** The canonical category for a raw item name; an unmatched name stays as it is. */
export function mapCategory(rawName: string): string {
  const name = rawName.toLowerCase();
  for (const [keywords, category] of KEYWORD_RULES) {
    if (keywords.some((keyword) => name.includes(keyword))) return category;
  }
  return rawName.trim();
}

/** Assets whose content the AI returns as JSON; every other asset is markdown text. */
export type AssetFormat = 'reportCard' | 'emailSequence' | 'facebookAds' | 'text';

export function assetFormat(category: string): AssetFormat {
  switch (category) {
    case 'Report Card':
      return 'reportCard';
    case 'Product Launch Email Sequence':
      return 'emailSequence';
    case 'Facebook Ads':
      return 'facebookAds';
    default:
      return 'text';
  }
}
