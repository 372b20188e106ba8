import { describe, expect, it } from 'vitest';
import { generateLorem, LOREM_OPENING, LOREM_UNITS, loremStats, loremText, parseLoremCount } from '@/shared/core/tools/lorem.ts';

/** A small seeded PRNG (mulberry32) so the text is repeatable. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sentencesIn = (text: string) => (text.match(/\.(\s|$)/g) ?? []).length;
const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('lorem ipsum', () => {
  it('has the bounds the form promises', () => {
    expect(LOREM_UNITS.map((u) => [u.id, u.min, u.max])).toEqual([
      ['paragraphs', 1, 50],
      ['sentences', 1, 200],
      ['words', 1, 1000],
    ]);
  });

  it('parses counts: whole numbers within bounds only', () => {
    expect(parseLoremCount('paragraphs', '3')).toEqual({ count: 3, error: null });
    expect(parseLoremCount('paragraphs', ' 50 ')).toEqual({ count: 50, error: null });
    expect(parseLoremCount('words', '1000')).toEqual({ count: 1000, error: null });
    for (const bad of ['', '0', '51', '-1', '2.5', 'abc', '1e1']) {
      expect(parseLoremCount('paragraphs', bad).error, bad).toBe('Enter a whole number of paragraphs from 1 to 50.');
    }
    expect(parseLoremCount('words', '1001').error).toBe('Enter a whole number of words from 1 to 1,000.');
  });

  it('generates exactly the requested number of paragraphs, each of several sentences', () => {
    for (const count of [1, 3, 50]) {
      const blocks = generateLorem({ unit: 'paragraphs', count, startWithLorem: false, random: seeded(count) });
      expect(blocks).toHaveLength(count);
      for (const p of blocks) {
        expect(sentencesIn(p)).toBeGreaterThanOrEqual(3);
        expect(p).toMatch(/^[A-Z][a-z ]+\./);
      }
      expect(loremText(blocks).split('\n\n')).toHaveLength(count);
    }
  });

  it('generates exactly the requested number of sentences', () => {
    for (const count of [1, 5, 200]) {
      const [text] = generateLorem({ unit: 'sentences', count, startWithLorem: false, random: seeded(7) });
      expect(sentencesIn(text!)).toBe(count);
    }
  });

  it('generates exactly the requested number of words', () => {
    for (const count of [1, 4, 5, 6, 50, 1000]) {
      for (const startWithLorem of [false, true]) {
        const [text] = generateLorem({ unit: 'words', count, startWithLorem, random: seeded(count) });
        expect(wordsIn(text!), `${count} ${startWithLorem}`).toBe(count);
        expect(text!.endsWith('.')).toBe(true);
      }
    }
  });

  it("starts with 'Lorem ipsum dolor sit amet' when asked, without changing the count", () => {
    const [p1] = generateLorem({ unit: 'paragraphs', count: 2, startWithLorem: true, random: seeded(1) });
    expect(p1!.startsWith(`${LOREM_OPENING}, consectetur adipiscing elit.`)).toBe(true);
    const [s] = generateLorem({ unit: 'sentences', count: 3, startWithLorem: true, random: seeded(2) });
    expect(s!.startsWith(LOREM_OPENING)).toBe(true);
    expect(sentencesIn(s!)).toBe(3);
    expect(generateLorem({ unit: 'words', count: 3, startWithLorem: true })[0]).toBe('Lorem ipsum dolor.');
    expect(generateLorem({ unit: 'words', count: 8, startWithLorem: true })[0]!.startsWith('Lorem ipsum dolor sit amet ')).toBe(true);
    const [plain] = generateLorem({ unit: 'sentences', count: 3, startWithLorem: false, random: seeded(2) });
    expect(plain!.startsWith(LOREM_OPENING)).toBe(false);
  });

  it('is repeatable with the same random source and capitalises only sentence starts', () => {
    const a = generateLorem({ unit: 'paragraphs', count: 2, startWithLorem: false, random: seeded(42) });
    const b = generateLorem({ unit: 'paragraphs', count: 2, startWithLorem: false, random: seeded(42) });
    expect(a).toEqual(b);
    expect(loremText(a)).not.toMatch(/[a-z] Lorem/);
  });

  it('refuses counts out of bounds', () => {
    expect(() => generateLorem({ unit: 'paragraphs', count: 0, startWithLorem: false })).toThrow(RangeError);
    expect(() => generateLorem({ unit: 'paragraphs', count: 51, startWithLorem: false })).toThrow(RangeError);
    expect(() => generateLorem({ unit: 'words', count: 1.5, startWithLorem: false })).toThrow(RangeError);
  });

  it('stats count paragraphs, sentences, words and characters', () => {
    expect(loremStats(['One two. Three four five.', 'Six seven.'])).toEqual({ paragraphs: 2, sentences: 3, words: 7, characters: 37 });
  });
});
