/**
 * Lorem ipsum generator (free tool, /free-tools/lorem-ipsum): an exact number of paragraphs,
 * sentences or words of placeholder text, generated with the lorem-ipsum package.
 * Pure: no browser, React or Supabase imports.
 */
import { Generator } from 'lorem-ipsum';

export type LoremUnit = 'paragraphs' | 'sentences' | 'words';

export interface LoremUnitInfo {
  id: LoremUnit;
  label: string;
  min: number;
  max: number;
  /** Count the form starts with. */
  initial: number;
}

/** The units and their bounds. */
export const LOREM_UNITS: readonly LoremUnitInfo[] = [
  { id: 'paragraphs', label: 'Paragraphs', min: 1, max: 50, initial: 3 },
  { id: 'sentences', label: 'Sentences', min: 1, max: 200, initial: 5 },
  { id: 'words', label: 'Words', min: 1, max: 1000, initial: 50 },
];

export const loremUnit = (id: LoremUnit): LoremUnitInfo => LOREM_UNITS.find((u) => u.id === id)!;

/** The classic opening, used when "Start with 'Lorem ipsum dolor sit amet'" is ticked. */
export const LOREM_OPENING = 'Lorem ipsum dolor sit amet';
const OPENING_SENTENCE = `${LOREM_OPENING}, consectetur adipiscing elit.`;

/** Parses the count field: a whole number within the unit's bounds, or an error message. */
export function parseLoremCount(unit: LoremUnit, raw: string): { count: number; error: null } | { count: null; error: string } {
  const { min, max, label } = loremUnit(unit);
  const text = raw.trim();
  const bounds = `Enter a whole number of ${label.toLowerCase()} from ${min} to ${max.toLocaleString('en-US')}.`;
  if (!/^\d+$/.test(text)) return { count: null, error: bounds };
  const count = Number(text);
  if (count < min || count > max) return { count: null, error: bounds };
  return { count, error: null };
}

export interface LoremOptions {
  unit: LoremUnit;
  count: number;
  startWithLorem: boolean;
  /** [0, 1) like Math.random; pass a seeded one for repeatable text. */
  random?: () => number;
}

/**
 * The generated text as blocks: one block per paragraph for 'paragraphs', a single block for
 * sentences and words. Counts are exact. Throws when the count is out of bounds.
 */
export function generateLorem({ unit, count, startWithLorem, random }: LoremOptions): string[] {
  const { min, max } = loremUnit(unit);
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new RangeError(`Count must be a whole number from ${min} to ${max}.`);
  }
  const generator = new Generator({ random: random ?? Math.random });
  const sentence = () => normalizeCase(generator.generateRandomSentence());

  if (unit === 'words') {
    const words = Array.from({ length: count }, () => generator.pluckRandomWord().toLowerCase());
    if (startWithLorem) words.splice(0, Math.min(5, count), ...LOREM_OPENING.split(' ').slice(0, count));
    const text = words.join(' ');
    return [`${text.charAt(0).toUpperCase()}${text.slice(1)}.`];
  }

  if (unit === 'sentences') {
    const sentences = Array.from({ length: count }, sentence);
    if (startWithLorem) sentences[0] = OPENING_SENTENCE;
    return [sentences.join(' ')];
  }

  const paragraphs = Array.from({ length: count }, () => {
    const n = generator.generateRandomInteger(generator.sentencesPerParagraph.min, generator.sentencesPerParagraph.max);
    return Array.from({ length: n }, sentence);
  });
  if (startWithLorem) paragraphs[0]![0] = OPENING_SENTENCE;
  return paragraphs.map((p) => p.join(' '));
}

/** The package's word list has a capitalised "Lorem"; only a sentence's first letter is upper-case. */
function normalizeCase(sentence: string): string {
  const lower = sentence.toLowerCase();
  return `${lower.charAt(0).toUpperCase()}${lower.slice(1)}`;
}

/** The text "Copy" puts on the clipboard: paragraphs separated by a blank line. */
export const loremText = (blocks: readonly string[]): string => blocks.join('\n\n');

/** Counts for the summary line under the output. */
export function loremStats(blocks: readonly string[]): { paragraphs: number; sentences: number; words: number; characters: number } {
  const text = loremText(blocks);
  return {
    paragraphs: blocks.length,
    sentences: (text.match(/[.!?](\s|$)/g) ?? []).length,
    words: text.split(/\s+/).filter(Boolean).length,
    characters: text.length,
  };
}

/** A repeatable [0, 1) sequence (mulberry32): the first text on the page is the same on the server and in the browser. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
