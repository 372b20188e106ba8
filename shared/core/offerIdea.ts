import { ROUTES } from './routes.ts';
import { cutText } from './text.ts';

/**
 * "Offer from this page": the page (or the selection on it) becomes the offer builder's idea.
 * The dashboard's /prompt-stacks reads it from `?idea=` (plain text, URL-encoded) and puts it
 * in its idea box; with `&generate=1` it also starts generating the framework. It takes both once
 * and removes them from the address, so a reload does not start again.
 */

export const OFFER_IDEA_PARAM = 'idea';
export const OFFER_GENERATE_PARAM = 'generate';
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

/** The offer builder with `idea`, generating its framework right away. */
export function offerBuilderPath(idea: string): string {
  return `${ROUTES.offerBuilder}?${new URLSearchParams({ [OFFER_IDEA_PARAM]: idea, [OFFER_GENERATE_PARAM]: '1' }).toString()}`;
}

/** What a /prompt-stacks address asks for: the idea to put in the box, and whether to generate it. */
export function readOfferLink(params: URLSearchParams): { idea: string; generate: boolean } | null {
  const idea = params.get(OFFER_IDEA_PARAM)?.trim();
  return idea ? { idea, generate: params.get(OFFER_GENERATE_PARAM) === '1' } : null;
}
