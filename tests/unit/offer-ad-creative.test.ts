import { describe, expect, it } from 'vitest';
import { adCreativePrompt, adCreativeShape, isAdAsset } from '@/shared/core/offers/adCreative.ts';

const offer = {
  framework: { title: ' Yoga Teachers Accelerator ', description: { title: '', about: '', for: [], why: [], outcome: [] }, items: [] },
};

describe('ad creatives for ad assets', () => {
  it('knows the ad assets and the shape each runs at', () => {
    expect(['Facebook Ads', 'Facebook Retargeting Ads', 'YouTube Ads'].every(isAdAsset)).toBe(true);
    expect(isAdAsset('Offer Hooks')).toBe(false);
    expect(adCreativeShape('Facebook Ads')).toBe('square');
    expect(adCreativeShape('YouTube Ads')).toBe('wide');
  });

  it('starts the description from the offer and the first variant’s words, without markdown', () => {
    const prompt = adCreativePrompt(offer, {
      name: 'Facebook Ads',
      content: {
        format: 'facebookAds',
        data: {
          ads: [
            { headline: 'Teach calmer classes', primaryText: 'A plan for **busy** teachers.', callToAction: 'Join now' },
            { headline: 'Second', primaryText: 'Not this one.', callToAction: 'Buy' },
            { headline: 'Third', primaryText: 'Nor this.', callToAction: 'Buy' },
          ],
        },
      },
    });
    expect(prompt.split('\n\n')[0]).toBe('An ad creative for Facebook Ads promoting the offer "Yoga Teachers Accelerator".');
    expect(prompt).toContain('Variant 1: Teach calmer classes');
    expect(prompt).toContain('A plan for busy teachers.');
    expect(prompt).not.toContain('Second');
    expect(prompt).toMatch(/No text, letters or logos in the picture\.$/);
  });

  it('cuts long ad copy and works before the ad is written', () => {
    const long = adCreativePrompt(offer, { name: 'YouTube Ads', content: { format: 'text', markdown: 'word '.repeat(400) } });
    expect(long.split('\n\n')[1]!.length).toBeLessThan(650);
    expect(long).toContain('…');
    expect(adCreativePrompt(offer, { name: 'YouTube Ads', content: null }).split('\n\n')).toHaveLength(2);
  });
});
