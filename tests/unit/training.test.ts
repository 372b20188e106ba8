import { describe, expect, it } from 'vitest';
import {
  catalogueSummary,
  categoriesOf,
  embedUrl,
  formatDuration,
  parseDuration,
  parseVideoUrl,
  thumbnailUrl,
  validateTrainingVideo,
  type TrainingVideoForm,
} from '@/shared/core/training.ts';
import { TRAINING_TEXTS } from '@/shared/core/trainingTexts.ts';

const ID = 'dQw4w9WgXcQ';

describe('training video addresses', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `  https://www.youtube.com/shorts/${ID}  `,
  ])('accepts the YouTube address %s', (url) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'youtube', id: ID });
  });

  it.each(['https://vimeo.com/76979871', 'https://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?h=abc'])(
    'accepts the Vimeo address %s',
    (url) => {
      expect(parseVideoUrl(url)).toEqual({ provider: 'vimeo', id: '76979871' });
    },
  );

  it.each([
    '',
    'not a url',
    'https://aivault.app/training/getting-started',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch',
    `https://www.youtube.com/playlist?list=${ID}`,
    `https://www.youtube.com/@channel/${ID}`,
    `https://youtu.be/${ID}/extra`,
    `https://evil.example/embed/${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/abc',
    'https://player.vimeo.com/76979871',
    `javascript:alert(1)//youtu.be/${ID}`,
    `ftp://youtu.be/${ID}`,
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it('embeds and thumbnails: YouTube through its no-cookie player and i.ytimg.com, Vimeo through its player and no thumbnail', () => {
    expect(embedUrl({ provider: 'youtube', id: ID })).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    expect(thumbnailUrl({ provider: 'youtube', id: ID })).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(embedUrl({ provider: 'vimeo', id: '76979871' })).toBe('https://player.vimeo.com/video/76979871');
    expect(thumbnailUrl({ provider: 'vimeo', id: '76979871' })).toBeNull();
  });
});

describe('durations', () => {
  it('reads m:ss and h:mm:ss, empty as none, the rest as invalid', () => {
    expect(parseDuration('5:32')).toBe(332);
    expect(parseDuration(' 12:05 ')).toBe(725);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('90:00')).toBe(5400);
    expect(parseDuration('')).toBeNull();
    for (const bad of ['5', '5:3', '5:60', '1:60:00', '0:00', 'abc', '25:00:01', '-1:00']) expect(parseDuration(bad)).toBeUndefined();
  });

  it('writes m:ss under an hour, h:mm:ss from an hour on', () => {
    expect(formatDuration(332)).toBe('5:32');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('sums the catalogue (unknown durations count as none)', () => {
    expect(catalogueSummary([{ duration_seconds: 332 }, { duration_seconds: 735 }, { duration_seconds: null }])).toBe(
      '3 videos · 17:47 in total',
    );
    expect(catalogueSummary([{ duration_seconds: null }])).toBe('1 video');
  });
});

describe('the admin form', () => {
  const form = (change: Partial<TrainingVideoForm> = {}): TrainingVideoForm => ({
    title: '  Getting started  ',
    description: ' Connect your key. ',
    category: ' Basics ',
    duration: '5:32',
    url: ` https://youtu.be/${ID} `,
    ...change,
  });

  it('gives the trimmed values to save, the duration in seconds', () => {
    expect(validateTrainingVideo(form())).toEqual({
      errors: {},
      input: {
        title: 'Getting started',
        description: 'Connect your key.',
        category: 'Basics',
        durationSeconds: 332,
        url: `https://youtu.be/${ID}`,
      },
    });
    expect(validateTrainingVideo(form({ duration: '' })).input?.durationSeconds).toBeNull();
  });

  it('says what is wrong with each field', () => {
    const v = TRAINING_TEXTS.validation;
    expect(validateTrainingVideo(form({ title: ' ', category: '', url: '', duration: '5' }))).toEqual({
      errors: { title: v.titleRequired, category: v.categoryRequired, url: v.urlRequired, duration: v.durationInvalid },
      input: null,
    });
    expect(validateTrainingVideo(form({ url: 'https://example.com/video.mp4' })).errors).toEqual({ url: v.urlInvalid });
    expect(validateTrainingVideo(form({ title: 'x'.repeat(201) })).errors).toEqual({ title: v.titleTooLong });
    expect(validateTrainingVideo(form({ category: 'x'.repeat(61) })).errors).toEqual({ category: v.categoryTooLong });
    expect(validateTrainingVideo(form({ description: 'x'.repeat(2001) })).errors).toEqual({ description: v.descriptionTooLong });
  });

  it('lists categories in catalogue order, once each', () => {
    expect(categoriesOf([{ category: 'Basics' }, { category: 'Tools' }, { category: 'Basics' }])).toEqual(['Basics', 'Tools']);
  });
});
