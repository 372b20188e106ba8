import { z } from 'zod';
import { isUuid } from '../ids.ts';
import { ROUTES } from '../routes.ts';
import type { Check } from '../check.ts';

/**
 * An investor pitch deck: the classic slides in order, each a title, bullets and speaker notes.
 * What the model answers is parsed here into slides or one clear sentence saying what was wrong,
 * so a malformed or cut-off answer never reaches the editor. Pure.
 */

export const SLIDE_KINDS = [
  'problem',
  'solution',
  'market',
  'product',
  'business_model',
  'traction',
  'competition',
  'go_to_market',
  'team',
  'financials',
  'ask',
] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

export const SLIDE_KIND_LABELS: Record<SlideKind, string> = {
  problem: 'Problem',
  solution: 'Solution',
  market: 'Market',
  product: 'Product',
  business_model: 'Business model',
  traction: 'Traction',
  competition: 'Competition',
  go_to_market: 'Go-to-market',
  team: 'Team',
  financials: 'Financials',
  ask: 'The ask',
};

export const DECK_LIMITS = {
  minSlides: 10,
  maxSlides: 12,
  titleMax: 200,
  bulletsMax: 8,
  bulletMax: 500,
  notesMax: 3000,
} as const;

export interface Slide {
  /** Tells slides apart while they are edited and moved (not shown). */
  id: string;
  /** Which of the classic slides it is; null for one the model or the user added. */
  kind: SlideKind | null;
  title: string;
  bullets: string[];
  notes: string;
  /** The picture from the user's gallery shown beside the bullets (generated_images.id); absent: none. */
  imageId?: string;
}

export type SourceKind = 'idea' | 'offer' | 'text';

/** A slide as stored (pitch_decks.slides) and as the model writes it, before the editor gives it an id. */
const storedSlideSchema = z.object({
  kind: z.enum(SLIDE_KINDS).nullable().catch(null),
  title: z.string().trim().min(1).max(DECK_LIMITS.titleMax),
  bullets: z.array(z.string().trim().min(1).max(DECK_LIMITS.bulletMax)).max(DECK_LIMITS.bulletsMax),
  notes: z.string().trim().max(DECK_LIMITS.notesMax).catch(''),
  // Decks saved before slides had pictures have no imageId; anything else there must name a row.
  imageId: z.string().refine(isUuid).optional(),
});
export type StoredSlide = z.infer<typeof storedSlideSchema>;

export const DECK_PARSE_ERRORS = {
  empty: 'The AI sent an empty answer. Please try again.',
  notJson: 'The AI did not answer with slides in the expected format. Please try again.',
  cutOff: 'The AI’s answer was cut off before the deck was complete. Please try again.',
  noSlides: 'The AI’s answer holds no slides. Please try again.',
  slideCount: (count: number) =>
    `The AI wrote ${count} slide${count === 1 ? '' : 's'}; a deck needs ${DECK_LIMITS.minSlides} to ${DECK_LIMITS.maxSlides}. Please try again.`,
  noTitle: (n: number) => `Slide ${n} in the AI’s answer has no title. Please try again.`,
  noBullets: (n: number) => `Slide ${n} in the AI’s answer has no bullet points. Please try again.`,
} as const;

/** The JSON in an answer: bare, in a ```json fence, or from the first { to the last }; `cutOff` when it opens and never closes. */
function jsonIn(text: string): Check<unknown> {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: DECK_PARSE_ERRORS.empty };
  const fenced = /```(?:json)?\s*([\s\S]*?)(?:```|$)/i.exec(trimmed)?.[1]?.trim();
  const candidates = [trimmed, fenced ?? ''];
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch {
      // Try the next reading.
    }
  }
  return { ok: false, error: start >= 0 ? DECK_PARSE_ERRORS.cutOff : DECK_PARSE_ERRORS.notJson };
}

const clean = (line: string) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();

/** Models write bullets as a list, or now and then as one string of lines: both become a list. */
function bulletsOf(value: unknown): unknown {
  const list = typeof value === 'string' ? value.split('\n') : value;
  if (!Array.isArray(list)) return value;
  return list
    .map((item) => (typeof item === 'string' ? clean(item) : item))
    .filter((item) => item !== '')
    .slice(0, DECK_LIMITS.bulletsMax);
}

function slideFrom(value: unknown, n: number): Check<StoredSlide> {
  if (typeof value !== 'object' || value === null) return { ok: false, error: DECK_PARSE_ERRORS.noTitle(n) };
  const raw = value as Record<string, unknown>;
  const kind =
    typeof raw.kind === 'string'
      ? raw.kind
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : null;
  const bullets = bulletsOf(raw.bullets ?? raw.points);
  const checked = storedSlideSchema.safeParse({ kind, title: raw.title, bullets, notes: raw.notes ?? raw.speakerNotes ?? '' });
  if (checked.success) {
    if (!checked.data.bullets.length) return { ok: false, error: DECK_PARSE_ERRORS.noBullets(n) };
    return { ok: true, value: checked.data };
  }
  const path = checked.error.issues[0]?.path[0];
  return { ok: false, error: path === 'bullets' ? DECK_PARSE_ERRORS.noBullets(n) : DECK_PARSE_ERRORS.noTitle(n) };
}

/** A whole deck from the model's answer: { "slides": [...] } (or the bare array). */
export function parseDeckAnswer(text: string): Check<StoredSlide[]> {
  const json = jsonIn(text);
  if (!json.ok) return json;
  const value = json.value;
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? (value as { slides?: unknown }).slides : null;
  if (!Array.isArray(list) || list.length === 0) return { ok: false, error: DECK_PARSE_ERRORS.noSlides };
  if (list.length < DECK_LIMITS.minSlides || list.length > DECK_LIMITS.maxSlides)
    return { ok: false, error: DECK_PARSE_ERRORS.slideCount(list.length) };
  const slides: StoredSlide[] = [];
  for (const [i, item] of list.entries()) {
    const slide = slideFrom(item, i + 1);
    if (!slide.ok) return slide;
    slides.push(slide.value);
  }
  return { ok: true, value: slides };
}

/** One slide from the model's answer: the slide object itself, or { "slide": {...} }. */
export function parseSlideAnswer(text: string, n: number): Check<StoredSlide> {
  const json = jsonIn(text);
  if (!json.ok) return json;
  const value = json.value;
  const inner = typeof value === 'object' && value !== null && 'slide' in value ? (value as { slide: unknown }).slide : value;
  return slideFrom(inner, n);
}

/** Slides read back from the table: each checked, a damaged one refused as a whole (the caller reports it). */
export function storedSlides(value: unknown): StoredSlide[] | null {
  const checked = z.array(storedSlideSchema).min(1).safeParse(value);
  return checked.success ? checked.data : null;
}

/** The pictures a deck's slides show, each once and sorted: the editor and the export ask for the same list. */
export const slidePictureIds = (slides: readonly Pick<StoredSlide, 'imageId'>[]): string[] =>
  [...new Set(slides.flatMap((slide) => (slide.imageId ? [slide.imageId] : [])))].sort();

/** The deck's title as a file name: characters no file system accepts become spaces, and an empty title a default. */
export function deckFileName(title: string, extension: 'pptx' | 'pdf'): string {
  const printable = [...title].map((c) => (c.charCodeAt(0) < 32 ? ' ' : c)).join('');
  const name = printable
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${name || 'Pitch deck'}.${extension}`;
}

/** The Pitch Deck page starting from a saved idea or offer (Saved Ideas' and the Offer Builder's "Make a pitch deck"). */
export const pitchDeckPathFor = (kind: 'idea' | 'offer', id: string): string => `${ROUTES.pitchDeck}?${kind}=${encodeURIComponent(id)}`;
