import { slugFileName, type ExportDocument, type ExportSection } from '../../export/model.ts';
import { GENERAL_NOTES } from './categories.ts';
import { CONTENT_NOT_GENERATED, contentMarkdown } from './copy.ts';
import type { OfferAsset, OfferDraft } from './offer.ts';
import type { AssetContent } from './schema.ts';
import { markdownList } from '../text.ts';

/**
 * Offers as exports (DOCX, HTML, PDF through shared/export): the whole offer — description, every
 * asset in order, General Notes — or one asset. File names: the offer title
 * lowercased, every character other than a letter or digit an underscore; one asset's file adds
 * its name the same way ("creator_sprint_offer_hooks").
 */

/** An asset's content as export markdown: the copy text, except a Report Card becomes a table with its average. */
export function exportMarkdown(name: string, content: AssetContent): string {
  if (content.format !== 'reportCard') return contentMarkdown(name, content);
  const criteria = content.data.criteria;
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
  const average = criteria.reduce((sum, c) => sum + c.score, 0) / criteria.length;
  return [
    `Report Card for ${name}`,
    `**Overall: ${average.toFixed(1)}/10**`,
    [
      '| Criterion | Score | Reasoning |',
      '| --- | --- | --- |',
      ...criteria.map((c) => `| ${cell(c.name)} | ${c.score}/10 | ${cell(c.reasoning)} |`),
    ].join('\n'),
  ].join('\n\n');
}

function assetMarkdown(asset: OfferAsset): string {
  const parts = [asset.content ? exportMarkdown(asset.name, asset.content) : CONTENT_NOT_GENERATED];
  if (asset.notes.trim()) parts.push(`**Notes:** ${asset.notes.trim()}`);
  return parts.join('\n\n');
}

export function offerExport(offer: OfferDraft): ExportDocument {
  const d = offer.framework.description;
  const sections: ExportSection[] = [
    { heading: 'What it is', markdown: d.about },
    { heading: "Who it's for", markdown: markdownList(d.for) },
    { heading: 'Why they need it', markdown: markdownList(d.why) },
    { heading: 'Outcome', markdown: markdownList(d.outcome) },
    ...offer.assets.map((asset) => ({ heading: asset.name, markdown: assetMarkdown(asset) })),
    { heading: GENERAL_NOTES, markdown: offer.generalNotes.trim() || CONTENT_NOT_GENERATED },
  ];
  return { title: offer.framework.title, subtitle: d.title, sections };
}

export function assetExport(offer: OfferDraft, asset: OfferAsset): ExportDocument {
  return { title: asset.name, subtitle: offer.framework.title, sections: [{ markdown: assetMarkdown(asset) }] };
}

/** File name (without extension) of the whole offer: the title lowercased, non-letters/digits → _. */
export const offerFileName = (offer: OfferDraft): string => slugFileName(offer.framework.title);

/** One asset's file name: the same rule over "{offer title} {asset name}". */
export const assetFileName = (offer: OfferDraft, asset: OfferAsset): string => slugFileName(`${offer.framework.title} ${asset.name}`);
