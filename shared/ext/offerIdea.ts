import { ROUTES } from '../core/routes.ts';
import { cutText } from './text.ts';

/**
 * "Offer from this page": the page (or the selection on it) becomes the offer builder's idea.
 * The dashboard's /prompt-stacks reads it from `?idea=` (plain text, URL-encoded) and puts it
 * in its idea box.
 */

export const OFFER_IDEA_PARAM = 'idea';
/** Long enough for a page's gist, short enough for a URL and the builder's idea box. */
export const OFFER_IDEA_MAX_CHARS = 1500;

export interface OfferSource {
  selection: string;
  title: string;
  url: string;
  text: string;
}

/** The selection when there is one; else the page's title, address and the start of its text. */
export function offerIdeaFrom({ selection, title, url, text }: OfferSource): string {
  const chosen = selection.trim() ? selection.trim() : [title.trim(), url.trim(), text.trim()].filter(Boolean).join('\n\n');
  return cutText(chosen, OFFER_IDEA_MAX_CHARS).text;
}

export function offerBuilderPath(idea: string): string {
  return `${ROUTES.promptStacks}?${new URLSearchParams({ [OFFER_IDEA_PARAM]: idea }).toString()}`;
}
