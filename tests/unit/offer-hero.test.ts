import { describe, expect, it } from 'vitest';
import {
  emptyWorkspace,
  HERO_ABOUT_MAX,
  heroImagePrompt,
  newOffer,
  parseWorkspace,
  type OfferFramework,
} from '@/shared/core/offers/index.ts';
import { imageRequestProblem } from '@/shared/core/images/imageModels.ts';

/** An offer's hero image: the description the picture maker starts from, and its id in the working copy. */

const FRAMEWORK: OfferFramework = {
  title: 'Creator Sprint',
  description: {
    title: 'Ship your first paid product in 30 days',
    about: 'A four-week course with daily tasks,\n\nweekly calls and a launch checklist.',
    for: ['Coaches', '  New   creators ', 'Consultants', 'Agencies'],
    why: ['d', 'e', 'f'],
    outcome: ['g', 'h', 'i'],
  },
  items: Array.from({ length: 15 }, (_, i) => `Asset ${i}`),
};

describe('the hero image prompt', () => {
  it('names the offer with its tagline, says what it is and for whom, and asks for a picture without words', () => {
    expect(heroImagePrompt(newOffer('course', FRAMEWORK))).toBe(
      [
        'A landscape hero image for the offer "Creator Sprint": Ship your first paid product in 30 days.',
        'What it is: A four-week course with daily tasks, weekly calls and a launch checklist.',
        'Made for: Coaches, New creators, Consultants.',
        'Style: a clean, modern marketing picture with one clear subject, soft light and calm space around it. No text, letters or logos in the picture.',
      ].join('\n'),
    );
  });

  it('keeps the sentence ends the offer has, and leaves out a tagline that only repeats the title', () => {
    const prompt = heroImagePrompt({
      framework: { ...FRAMEWORK, description: { ...FRAMEWORK.description, title: 'Creator Sprint', about: 'Ship it now!' } },
    });
    expect(prompt.split('\n').slice(0, 2)).toEqual(['A landscape hero image for the offer "Creator Sprint".', 'What it is: Ship it now!']);
    const excited = heroImagePrompt({ framework: { ...FRAMEWORK, description: { ...FRAMEWORK.description, title: 'Launch now!' } } });
    expect(excited).toMatch(/^A landscape hero image for the offer "Creator Sprint": Launch now!\n/);
  });

  it('cuts a long "What it is" at a word, so the picture keeps one subject', () => {
    const about = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const line = heroImagePrompt({ framework: { ...FRAMEWORK, description: { ...FRAMEWORK.description, about } } }).split('\n')[1]!;
    const cut = line.slice('What it is: '.length);
    expect(cut.length).toBeLessThanOrEqual(HERO_ABOUT_MAX + 1);
    expect(cut).toMatch(/ word\d+…$/);
    expect(about.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('is a description the image models take as it is', () => {
    expect(imageRequestProblem('openai', 'gpt-image-1.5', heroImagePrompt(newOffer('course', FRAMEWORK)), 1)).toBeNull();
  });
});

describe('the hero in the working copy', () => {
  it('a new offer has none; a saved one keeps its id through the browser copy; an older copy without it reads as none', () => {
    const offer = newOffer('course', FRAMEWORK);
    expect(offer.heroImageId).toBeNull();
    const withHero = { ...emptyWorkspace(), offer: { ...offer, id: 'offer-1', heroImageId: 'image-1' } };
    expect(parseWorkspace(JSON.stringify(withHero))?.offer?.heroImageId).toBe('image-1');
    const { heroImageId: _dropped, ...older } = withHero.offer;
    expect(parseWorkspace(JSON.stringify({ ...withHero, offer: older }))?.offer?.heroImageId).toBeNull();
  });
});
