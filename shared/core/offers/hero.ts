import type { OfferDraft } from './offer.ts';

/**
 * The description an offer's hero image starts from in the picture maker (pure): the offer's
 * title and tagline, what it is and who it is for, and the rules of a cover picture. People edit
 * it before anything is drawn, so it favours a clear subject over every detail of the offer.
 */

/** "What it is" is cut here (at a word): enough for the subject; a long text only dilutes the picture. */
export const HERO_ABOUT_MAX = 400;
/** At most this many audiences are named. */
const AUDIENCES_MAX = 3;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Ends the text with a full stop unless it already ends a sentence. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

export function heroImagePrompt(offer: Pick<OfferDraft, 'framework'>): string {
  const { title, description } = offer.framework;
  const name = oneLine(title);
  const tagline = oneLine(description.title);
  const about = cutAtWord(oneLine(description.about), HERO_ABOUT_MAX);
  const audiences = description.for.map(oneLine).filter(Boolean).slice(0, AUDIENCES_MAX);
  const lines = [
    sentence(`A landscape hero image for the offer "${name}"${tagline && tagline !== name ? `: ${tagline}` : ''}`),
    about && `What it is: ${sentence(about)}`,
    audiences.length > 0 && `Made for: ${sentence(audiences.join(', '))}`,
    'Style: a clean, modern marketing picture with one clear subject, soft light and calm space around it. No text, letters or logos in the picture.',
  ];
  return lines.filter(Boolean).join('\n');
}
