import { GENERAL_NOTES } from './categories.ts';
import type { OfferAsset, OfferDraft } from './offer.ts';
import type { AssetContent } from './schema.ts';

/**
 * Copy and export text of assets and whole offers, in fixed formats:
 * a Report Card reads 'Report Card for {item}', then 'name (Score: n/10): reasoning' lines, then
 * notes; the whole offer separates sections with '--- name ---' and writes 'Content not generated.'
 */

export const CONTENT_NOT_GENERATED = 'Content not generated.';

/** An asset's content as markdown (what is shown, copied and exported). */
export function contentMarkdown(name: string, content: AssetContent): string {
  switch (content.format) {
    case 'text':
      return content.markdown.trim();
    case 'reportCard':
      return [`Report Card for ${name}`, ...content.data.criteria.map((c) => `${c.name} (Score: ${c.score}/10): ${c.reasoning}`)].join(
        '\n\n',
      );
    case 'emailSequence':
      return content.data.emails.map((email, i) => `### Email ${i + 1}: ${email.subject}\n\n${email.body.trim()}`).join('\n\n');
    case 'facebookAds':
      return content.data.ads
        .map((ad, i) => `### Variant ${i + 1}: ${ad.headline}\n\n${ad.primaryText.trim()}\n\n**Call to action:** ${ad.callToAction}`)
        .join('\n\n');
  }
}

/** The copy text of one asset: its content (or 'Content not generated.'), then its notes. */
export function assetCopyText(asset: OfferAsset): string {
  const body = asset.content ? contentMarkdown(asset.name, asset.content) : CONTENT_NOT_GENERATED;
  const parts = [body];
  if (asset.notes.trim()) parts.push(`Notes: ${asset.notes.trim()}`);
  return parts.join('\n\n');
}

/** The whole offer as text: the description, then '--- name ---' per asset and General Notes. */
export function offerCopyText(offer: OfferDraft): string {
  const d = offer.framework.description;
  const list = (items: string[]) => items.map((item) => `- ${item}`).join('\n');
  const head = [
    offer.framework.title,
    `What it is:\n${d.about}`,
    `Who it's for:\n${list(d.for)}`,
    `Why they need it:\n${list(d.why)}`,
    `Outcome:\n${list(d.outcome)}`,
  ].join('\n\n');
  const sections = offer.assets.map((asset) => `--- ${asset.name} ---\n${assetCopyText(asset)}`);
  sections.push(`--- ${GENERAL_NOTES} ---\n${offer.generalNotes.trim() || CONTENT_NOT_GENERATED}`);
  return `${head}\n\n${sections.join('\n\n')}\n`;
}
