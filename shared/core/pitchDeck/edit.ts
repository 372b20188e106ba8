import { DECK_LIMITS, type Slide, type StoredSlide } from './deck.ts';

/** Editing a deck in memory: slides get ids to be told apart, move one place at a time, change one at a time. Pure. */

let counter = 0;
const nextId = () => `slide-${++counter}`;

export const withIds = (slides: readonly StoredSlide[]): Slide[] => slides.map((slide) => ({ ...slide, id: nextId() }));

/** A slide without a picture is stored without the key, as decks were before slides had pictures. */
export const toStored = (slides: readonly Slide[]): StoredSlide[] =>
  slides.map(({ kind, title, bullets, notes, imageId }) => ({
    kind,
    title: title.trim(),
    bullets: cleanBullets(bullets),
    notes: notes.trim(),
    ...(imageId ? { imageId } : {}),
  }));

/** Bullets as typed one per line: trimmed, blank lines dropped. */
const cleanBullets = (bullets: readonly string[]): string[] => bullets.map((b) => b.trim()).filter(Boolean);

/** The slide at `index` moved one place up (-1) or down (+1); the same list when it cannot move. */
export function moveSlide<T>(slides: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= slides.length || target < 0 || target >= slides.length) return [...slides];
  const next = [...slides];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The slide with `id` changed (title, bullets, notes, picture), the others untouched. */
export const updateSlide = (slides: readonly Slide[], id: string, change: Partial<Omit<Slide, 'id'>>): Slide[] =>
  slides.map((slide) => (slide.id === id ? { ...slide, ...change } : slide));

/** A regenerated slide in place of the one with `id`, keeping its place, kind and picture. */
export const replaceSlide = (slides: readonly Slide[], id: string, fresh: StoredSlide): Slide[] =>
  slides.map((slide) => (slide.id === id ? { ...slide, title: fresh.title, bullets: fresh.bullets, notes: fresh.notes } : slide));

/** What a slide still lacks before the deck can be saved or exported, or null. */
export function slideProblem(slide: Slide, n: number): string | null {
  if (!slide.title.trim()) return `Slide ${n} needs a title.`;
  const bullets = cleanBullets(slide.bullets);
  if (bullets.length > DECK_LIMITS.bulletsMax) return `Slide ${n} has more than ${DECK_LIMITS.bulletsMax} bullet points.`;
  if (bullets.some((b) => b.length > DECK_LIMITS.bulletMax))
    return `A bullet point on slide ${n} is longer than ${DECK_LIMITS.bulletMax} characters.`;
  if (slide.title.trim().length > DECK_LIMITS.titleMax) return `The title of slide ${n} is longer than ${DECK_LIMITS.titleMax} characters.`;
  if (slide.notes.trim().length > DECK_LIMITS.notesMax)
    return `The speaker notes of slide ${n} are longer than ${DECK_LIMITS.notesMax} characters.`;
  return null;
}
