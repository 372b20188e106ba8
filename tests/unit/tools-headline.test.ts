import { describe, expect, it } from 'vitest';
import {
  analyzeHeadline,
  HEADLINE_MAX_POINTS,
  HEADLINE_PENALTIES,
  ratingFor,
  type HeadlineAnalysis,
  type ReasonId,
} from '@/shared/core/tools/headline.ts';
import { headlineType, headlineWords } from '@/shared/core/tools/headlineType.ts';

const reason = (a: HeadlineAnalysis, id: ReasonId) => a.reasons.find((r) => r.id === id);
const points = (a: HeadlineAnalysis, id: ReasonId) => reason(a, id)?.points ?? 0;

describe('headline analyzer', () => {
  it('scores an empty headline 0 with no reasons', () => {
    const a = analyzeHeadline('   ');
    expect(a.score).toBe(0);
    expect(a.reasons).toEqual([]);
    expect(a.rating).toBe('Weak');
  });

  it('scores a strong headline far above a weak one', () => {
    const strong = analyzeHeadline('7 Proven Ways to Write Amazing Headlines That Get More Clicks');
    const weak = analyzeHeadline('stuff');
    expect(strong.score).toBeGreaterThanOrEqual(80);
    expect(strong.rating).toBe('Excellent');
    expect(weak.score).toBeLessThan(20);
    expect(weak.rating).toBe('Weak');
    expect(strong.score).toBeGreaterThan(weak.score + 50);
  });

  it('the score is the sum of the reasons, each within its maximum, and the maxima add up to 100', () => {
    const max = Object.values(HEADLINE_MAX_POINTS).reduce((s, n) => s + n, 0);
    expect(max).toBe(100);
    for (const text of ['How to Write Amazing Headlines That Your Readers Will Love', 'Why do most product launches fail?', 'marketing']) {
      const a = analyzeHeadline(text);
      expect(a.score).toBe(a.reasons.reduce((s, r) => s + r.points, 0));
      for (const r of a.reasons) {
        expect(r.points).toBeLessThanOrEqual(r.max);
        expect(r.detail.length).toBeGreaterThan(0);
      }
    }
  });

  it('gives every rule a reason, with a tip only where there is something to improve', () => {
    const a = analyzeHeadline('Headlines');
    expect(a.reasons.map((r) => r.id)).toEqual(['characters', 'words', 'common', 'uncommon', 'emotional', 'power', 'type']);
    for (const r of a.reasons) {
      if (r.points < r.max) expect(r.tip, r.id).toBeTruthy();
      expect(['good', 'fair', 'poor']).toContain(r.verdict);
    }
    const full = analyzeHeadline('7 Proven Ways to Write Amazing Headlines That Get More Clicks');
    for (const r of full.reasons.filter((x) => x.points === x.max && x.id !== 'type')) expect(r.tip, r.id).toBeUndefined();
  });

  it('length: characters in 40–70 and 6–12 words earn full marks; too short or too long earn less', () => {
    const ideal = analyzeHeadline('How to Plan a Product Launch Your Customers Will Remember');
    expect(ideal.characters).toBeGreaterThanOrEqual(40);
    expect(points(ideal, 'characters')).toBe(HEADLINE_MAX_POINTS.characters);
    expect(points(ideal, 'words')).toBe(HEADLINE_MAX_POINTS.words);
    expect(reason(ideal, 'characters')!.detail).toContain('in the ideal range of 40–70');

    const short = analyzeHeadline('Launch plans');
    expect(points(short, 'characters')).toBeLessThan(HEADLINE_MAX_POINTS.characters);
    expect(points(short, 'words')).toBeLessThan(HEADLINE_MAX_POINTS.words);
    expect(reason(short, 'words')!.detail).toContain('fewer than the ideal 6–12');

    const long = analyzeHeadline(
      'How to plan a product launch that your customers, your partners, your investors and even your competitors will remember for many years to come',
    );
    expect(points(long, 'characters')).toBeLessThan(HEADLINE_MAX_POINTS.characters);
    expect(points(long, 'words')).toBeLessThan(HEADLINE_MAX_POINTS.words);
    expect(reason(long, 'characters')!.detail).toContain('longer than the ideal');
  });

  it('power words: adding one raises the score by the power rule', () => {
    const without = analyzeHeadline('How to Write Headlines That Your Readers Will Click');
    const withPower = analyzeHeadline('How to Write Proven Headlines That Your Readers Will Click');
    expect(points(without, 'power')).toBe(0);
    expect(points(withPower, 'power')).toBe(HEADLINE_MAX_POINTS.power);
    expect(withPower.power).toEqual(['proven']);
    expect(withPower.score).toBeGreaterThan(without.score);
    expect(reason(without, 'power')!.tip).toMatch(/proven/);
  });

  it('emotional words: adding one raises the score; they are listed', () => {
    const without = analyzeHeadline('How to Write Headlines That Your Readers Will Click');
    const withEmotion = analyzeHeadline('How to Write Amazing Headlines That Your Readers Will Click');
    expect(points(without, 'emotional')).toBe(0);
    expect(points(withEmotion, 'emotional')).toBeGreaterThan(0);
    expect(withEmotion.emotional).toEqual(['amazing']);
    expect(withEmotion.score).toBeGreaterThan(without.score);
  });

  it('common words: a headline with none loses readability points; adding some raises it', () => {
    const none = analyzeHeadline('Proven Headline Formulas Marketers Swear By Daily');
    const some = analyzeHeadline('The Proven Headline Formulas That Marketers Swear By');
    expect(none.common).toEqual(['by']);
    expect(points(some, 'common')).toBeGreaterThan(points(none, 'common'));
  });

  it('uncommon words are found, also as plurals', () => {
    const a = analyzeHeadline('10 Marketing Tips and Mistakes for Small Business Owners');
    expect(a.uncommon).toEqual(expect.arrayContaining(['marketing', 'tips', 'small', 'business']));
    expect(a.emotional).toContain('mistakes');
  });

  it('type: list, how-to, question, guide, generic — a recognised format scores more than a generic one', () => {
    expect(headlineType('7 Ways to Grow Your List')).toBe('list');
    expect(headlineType('Ten Ways to Grow Your List')).toBe('list');
    expect(headlineType('How to Grow Your List')).toBe('how-to');
    expect(headlineType('Learn how to grow your list')).toBe('how-to');
    expect(headlineType('Is your list growing fast enough?')).toBe('question');
    expect(headlineType('Why your list stopped growing')).toBe('question');
    expect(headlineType('The beginner guide to email lists')).toBe('guide');
    expect(headlineType('Email lists for creators')).toBe('generic');

    const generic = analyzeHeadline('Growing an email list for your creator business');
    const list = analyzeHeadline('7 ideas for growing an email list for your business');
    expect(points(generic, 'type')).toBeLessThan(points(list, 'type'));
    expect(reason(generic, 'type')!.tip).toMatch(/How to/);
  });

  it('penalties: all capitals and several exclamation marks lower the score', () => {
    const calm = analyzeHeadline('The best product launch checklist you will ever need');
    const shouting = analyzeHeadline('THE BEST PRODUCT LAUNCH CHECKLIST YOU WILL EVER NEED');
    expect(points(shouting, 'allCaps')).toBe(-HEADLINE_PENALTIES.allCaps);
    expect(shouting.score).toBe(calm.score - HEADLINE_PENALTIES.allCaps);

    const bangs = analyzeHeadline('The best product launch checklist you will ever need!!');
    expect(points(bangs, 'exclamations')).toBe(-HEADLINE_PENALTIES.exclamations);
    expect(bangs.score).toBeLessThan(calm.score);
    expect(reason(calm, 'allCaps')).toBeUndefined();
  });

  it('normalises words: case, punctuation and curly apostrophes', () => {
    expect(headlineWords('  “Don’t” Miss   THIS: step-by-step! ')).toEqual(["don't", 'miss', 'this', 'step-by-step']);
    expect(analyzeHeadline('A Step-by-Step Plan').power).toEqual(['step-by-step']);
  });

  it('ratings', () => {
    expect([ratingFor(0), ratingFor(39), ratingFor(40), ratingFor(60), ratingFor(80), ratingFor(100)]).toEqual([
      'Weak',
      'Weak',
      'Fair',
      'Good',
      'Excellent',
      'Excellent',
    ]);
  });
});
