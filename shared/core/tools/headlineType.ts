/**
 * What a headline is made of, for the headline analyzer (headline.ts): its words and its format
 * (list, how-to, question, guide or generic). Pure.
 */

export type HeadlineType = 'list' | 'how-to' | 'question' | 'guide' | 'generic';

export const HEADLINE_TYPE_LABELS: Record<HeadlineType, string> = {
  list: 'List',
  'how-to': 'How-to',
  question: 'Question',
  guide: 'Guide',
  generic: 'Generic',
};

/** Collapses runs of white space and trims. */
export const normalizeHeadline = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The words of a headline, lower-cased, without surrounding punctuation (inner - and ' stay). */
export function headlineWords(text: string): string[] {
  return normalizeHeadline(text)
    .split(' ')
    .map((w) =>
      w
        .toLowerCase()
        .replace(/[’‘]/g, "'")
        .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
    )
    .filter((w) => w.length > 0);
}

const NUMBER_WORDS = new Set([
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'fifteen',
  'twenty',
  'fifty',
  'hundred',
]);
const QUESTION_STARTS = new Set([
  'what',
  'why',
  'how',
  'when',
  'where',
  'who',
  'which',
  'is',
  'are',
  'can',
  'do',
  'does',
  'should',
  'will',
  'would',
  'could',
  'did',
]);
const isNumberWord = (w: string) => /^\d[\d,.]*(k|m|x|%)?$/.test(w) || NUMBER_WORDS.has(w);

/** The headline's format: list, how-to, question, guide, or generic. */
export function headlineType(text: string): HeadlineType {
  const normalized = normalizeHeadline(text);
  const words = headlineWords(normalized);
  if (words.length === 0) return 'generic';
  const first = words[0]!;
  const joined = ` ${words.join(' ')} `;
  if (first === 'how' && words[1] === 'to') return 'how-to';
  if (isNumberWord(first)) return 'list';
  if (normalized.endsWith('?')) return 'question';
  if (joined.includes(' how to ')) return 'how-to';
  if (words.some(isNumberWord)) return 'list';
  if (QUESTION_STARTS.has(first) && words.length > 2 && first !== 'how') return 'question';
  if (/ (guide|tutorial|step-by-step|walkthrough|checklist|blueprint|playbook) /.test(joined)) return 'guide';
  if (first === 'how') return 'how-to';
  return 'generic';
}
