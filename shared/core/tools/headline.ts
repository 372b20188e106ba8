/**
 * Headline analyzer (free tool, /free-tools/headline-analyzer). Scores a headline 0–100 from its
 * length, its word balance (common / uncommon / emotional / power words) and its type, and says
 * for every rule what raised or lowered the score and how to improve it.
 * Pure: no browser, React or Supabase imports.
 */

import { HEADLINE_TYPE_LABELS, headlineType, headlineWords, normalizeHeadline, type HeadlineType } from './headlineType.ts';
import { COMMON_WORDS, EMOTIONAL_WORDS, POWER_WORDS, UNCOMMON_WORDS } from './headlineWords.ts';

/** Ideal ranges the length and word-balance rules aim for. */
export const HEADLINE_IDEALS = {
  characters: { min: 40, max: 70 },
  words: { min: 6, max: 12 },
  /** Shares of all words (0–1). */
  common: { min: 0.2, max: 0.3 },
  uncommon: { min: 0.1, max: 0.2 },
  emotional: { min: 0.1, max: 0.15 },
  /** At least this many power words. */
  power: 1,
} as const;

/** The most a rule can add; the maxima add up to 100. */
export const HEADLINE_MAX_POINTS = {
  characters: 15,
  words: 15,
  common: 15,
  uncommon: 10,
  emotional: 15,
  power: 15,
  type: 15,
} as const;

/** Deducted for writing the headline in capitals, and for a pile of exclamation marks. */
export const HEADLINE_PENALTIES = { allCaps: 10, exclamations: 5 } as const;

/** A headline longer than this is not analyzed further (the text field stops here too). */
export const HEADLINE_MAX_LENGTH = 200;

/** Points for each type: formats readers recognise and click. */
const TYPE_POINTS: Record<HeadlineType, number> = { list: 15, 'how-to': 15, question: 12, guide: 12, generic: 5 };

export type ReasonId = 'characters' | 'words' | 'common' | 'uncommon' | 'emotional' | 'power' | 'type' | 'allCaps' | 'exclamations';

export interface HeadlineReason {
  id: ReasonId;
  label: string;
  /** Points this rule added (negative for a penalty). */
  points: number;
  /** The most it can add (0 for penalties). */
  max: number;
  /** 'good' at full marks, 'fair' in between, 'poor' at little or nothing (or a penalty). */
  verdict: 'good' | 'fair' | 'poor';
  /** What was found. */
  detail: string;
  /** How to improve, when there is something to improve. */
  tip?: string;
}

export interface HeadlineAnalysis {
  headline: string;
  score: number;
  rating: HeadlineRating;
  characters: number;
  words: string[];
  type: HeadlineType;
  common: string[];
  uncommon: string[];
  emotional: string[];
  power: string[];
  reasons: HeadlineReason[];
}

export type HeadlineRating = 'Weak' | 'Fair' | 'Good' | 'Excellent';

export function ratingFor(score: number): HeadlineRating {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Weak';
}

/** Looks a word up in a list, also as its singular ("ways" → "way", "mistakes" → "mistake"). */
function inList(list: ReadonlySet<string>, word: string): boolean {
  if (list.has(word)) return true;
  if (word.endsWith("'s")) return list.has(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('ies')) return list.has(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith('es') && list.has(word.slice(0, -2))) return true;
  return word.length > 2 && word.endsWith('s') && list.has(word.slice(0, -1));
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
const range = (min: number, max: number, unit = '') => `${min}–${max}${unit}`;
const quoteList = (words: string[]) => [...new Set(words)].map((w) => `"${w}"`).join(', ');
const verdictOf = (points: number, max: number): HeadlineReason['verdict'] =>
  points >= max ? 'good' : points >= max / 2 ? 'fair' : 'poor';

/**
 * Points for a value against an ideal range: full inside it, scaled down linearly below it (to 0
 * at 0) and above it (to 0 at `max + falloff`).
 */
function rangePoints(value: number, min: number, max: number, falloff: number, points: number): number {
  if (value >= min && value <= max) return points;
  if (value < min) return Math.round((points * value) / min);
  return Math.round(points * Math.max(0, 1 - (value - max) / falloff));
}

/** Analyzes a headline; an empty one scores 0 with no reasons. */
export function analyzeHeadline(input: string): HeadlineAnalysis {
  const headline = normalizeHeadline(input).slice(0, HEADLINE_MAX_LENGTH);
  const words = headlineWords(headline);
  const type = headlineType(headline);
  const pick = (list: ReadonlySet<string>) => words.filter((w) => inList(list, w));
  const common = pick(COMMON_WORDS);
  const uncommon = pick(UNCOMMON_WORDS);
  const emotional = pick(EMOTIONAL_WORDS);
  const power = pick(POWER_WORDS);
  const base = { headline, characters: headline.length, words, type, common, uncommon, emotional, power };
  if (words.length === 0) return { ...base, score: 0, rating: ratingFor(0), reasons: [] };

  const reasons: HeadlineReason[] = [];
  const add = (reason: Omit<HeadlineReason, 'verdict'>) =>
    reasons.push({ ...reason, verdict: reason.max === 0 ? 'poor' : verdictOf(reason.points, reason.max) });
  const I = HEADLINE_IDEALS;
  const M = HEADLINE_MAX_POINTS;

  // Length in characters.
  {
    const n = headline.length;
    const points = rangePoints(n, I.characters.min, I.characters.max, 50, M.characters);
    const inRange = n >= I.characters.min && n <= I.characters.max;
    add({
      id: 'characters',
      label: 'Character count',
      points,
      max: M.characters,
      detail: `${n} characters${inRange ? ` — in the ideal range of ${range(I.characters.min, I.characters.max)}.` : n < I.characters.min ? ` — shorter than the ideal ${range(I.characters.min, I.characters.max)}.` : ` — longer than the ideal ${range(I.characters.min, I.characters.max)}; search results and feeds may cut it off.`}`,
      tip: inRange
        ? undefined
        : n < I.characters.min
          ? 'Add a specific benefit or detail so the headline says more.'
          : 'Cut filler words so the whole headline shows in search results and social feeds.',
    });
  }

  // Length in words.
  {
    const n = words.length;
    const points = rangePoints(n, I.words.min, I.words.max, 8, M.words);
    const inRange = n >= I.words.min && n <= I.words.max;
    add({
      id: 'words',
      label: 'Word count',
      points,
      max: M.words,
      detail: `${n} ${n === 1 ? 'word' : 'words'}${inRange ? ` — in the ideal range of ${range(I.words.min, I.words.max)}.` : n < I.words.min ? ` — fewer than the ideal ${range(I.words.min, I.words.max)}.` : ` — more than the ideal ${range(I.words.min, I.words.max)}.`}`,
      tip: inRange
        ? undefined
        : n < I.words.min
          ? `Use at least ${I.words.min} words so readers know what they get.`
          : `Keep it to ${I.words.max} words or fewer; readers scan headlines.`,
    });
  }

  const share = (found: string[]) => found.length / words.length;

  // Common words: readability.
  {
    const s = share(common);
    const points = rangePoints(s, I.common.min, I.common.max, 0.4, M.common);
    const inRange = s >= I.common.min && s <= I.common.max;
    add({
      id: 'common',
      label: 'Common words',
      points,
      max: M.common,
      detail: `${pct(s)} common words${common.length ? ` (${quoteList(common)})` : ''}; the ideal is ${range(I.common.min * 100, I.common.max * 100, '%')}.`,
      tip: inRange
        ? undefined
        : s < I.common.min
          ? 'Add everyday words such as "you", "how", "the" or "your" so it reads naturally.'
          : 'Swap some everyday words for specific, meaningful ones.',
    });
  }

  // Uncommon words: substance.
  {
    const s = share(uncommon);
    const points = rangePoints(s, I.uncommon.min, I.uncommon.max, 0.5, M.uncommon);
    const inRange = s >= I.uncommon.min && s <= I.uncommon.max;
    add({
      id: 'uncommon',
      label: 'Uncommon words',
      points,
      max: M.uncommon,
      detail: `${pct(s)} uncommon words${uncommon.length ? ` (${quoteList(uncommon)})` : ''}; the ideal is ${range(I.uncommon.min * 100, I.uncommon.max * 100, '%')}.`,
      tip: inRange
        ? undefined
        : s < I.uncommon.min
          ? 'Add words that give substance, such as "best", "tips", "mistakes" or "today".'
          : 'Too many of these words at once; keep one or two.',
    });
  }

  // Emotional words: make readers care.
  {
    const s = share(emotional);
    const points = rangePoints(s, I.emotional.min, I.emotional.max, 0.3, M.emotional);
    const inRange = s >= I.emotional.min && s <= I.emotional.max;
    add({
      id: 'emotional',
      label: 'Emotional words',
      points,
      max: M.emotional,
      detail: emotional.length
        ? `${pct(s)} emotional words (${quoteList(emotional)}); the ideal is ${range(I.emotional.min * 100, I.emotional.max * 100, '%')}.`
        : `No emotional words; the ideal is ${range(I.emotional.min * 100, I.emotional.max * 100, '%')}.`,
      tip: inRange
        ? undefined
        : s > I.emotional.max
          ? 'Tone it down: too many emotional words can read as clickbait.'
          : emotional.length
            ? 'Add one more emotional word, or trim a few plain ones, to reach the ideal share.'
            : 'Add a word that stirs a feeling, such as "amazing", "mistakes", "love" or "surprising".',
    });
  }

  // Power words: trigger action.
  {
    const n = power.length;
    const points = n >= I.power ? M.power : 0;
    add({
      id: 'power',
      label: 'Power words',
      points,
      max: M.power,
      detail: n ? `${n} power ${n === 1 ? 'word' : 'words'} (${quoteList(power)}).` : 'No power words.',
      tip: n ? undefined : 'Add a persuasive word such as "proven", "ultimate", "free", "secret" or "instantly".',
    });
  }

  // Headline type.
  {
    const points = TYPE_POINTS[type];
    add({
      id: 'type',
      label: 'Headline type',
      points,
      max: M.type,
      detail:
        type === 'generic'
          ? 'A generic headline: no list, how-to, question or guide format.'
          : `A ${HEADLINE_TYPE_LABELS[type].toLowerCase()} headline — a format readers recognise and click.`,
      tip:
        type === 'generic'
          ? 'Try a list ("7 ways to…"), a how-to ("How to…") or a question — these formats get more clicks.'
          : type === 'question' || type === 'guide'
            ? 'Lists and how-to headlines score highest; try "How to…" or a number.'
            : undefined,
    });
  }

  // Penalties.
  const letters = headline.replace(/[^\p{L}]/gu, '');
  if (words.length >= 3 && letters.length >= 6 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) {
    add({
      id: 'allCaps',
      label: 'All capitals',
      points: -HEADLINE_PENALTIES.allCaps,
      max: 0,
      detail: 'The headline is written in capitals, which reads as shouting.',
      tip: 'Use title case or sentence case instead.',
    });
  }
  const bangs = (headline.match(/!/g) ?? []).length;
  if (bangs >= 2) {
    add({
      id: 'exclamations',
      label: 'Exclamation marks',
      points: -HEADLINE_PENALTIES.exclamations,
      max: 0,
      detail: `${bangs} exclamation marks make the headline look like spam.`,
      tip: 'Use one exclamation mark at most.',
    });
  }

  const total = reasons.reduce((sum, r) => sum + r.points, 0);
  const score = Math.max(0, Math.min(100, total));
  return { ...base, score, rating: ratingFor(score), reasons };
}
