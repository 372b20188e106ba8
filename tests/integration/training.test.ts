import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingVideoInput } from '@/shared/core/training.ts';
import * as training from '@/shared/data/training.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { must, person, type Person } from './documents-helpers.ts';

/**
 * The Training catalogue (migrations 20261130000200, 20261201000600) through supabase-js: admins add, edit, order,
 * publish and remove videos; users read the published ones and keep their own watched marks.
 */
let stack: TestStack;
let admin: Person;
let user: Person;
let other: Person;

const video = (title: string, change: Partial<TrainingVideoInput> = {}): TrainingVideoInput => ({
  title,
  description: `${title}, explained.`,
  category: 'Basics',
  durationSeconds: 332,
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ...change,
});

const titles = async (who: Person, publishedOnly: boolean) =>
  must(await training.listTrainingVideos(who.client, { publishedOnly })).map((v) => v.title);

beforeAll(async () => {
  stack = await startTestStack();
  [admin, user, other] = [
    await person(stack, 'training-admin', 'admin'),
    await person(stack, 'training-user'),
    await person(stack, 'training-other'),
  ];
});
afterAll(async () => stack?.close());

describe(`training videos (${testDbKind})`, () => {
  let first: training.TrainingVideo;
  let second: training.TrainingVideo;
  let third: training.TrainingVideo;

  it('starts with the three starter videos, one per category, which admins can remove like any other', async () => {
    const starters = must(await training.listTrainingVideos(user.client, { publishedOnly: true }));
    expect(starters.map((v) => [v.category, v.position, v.published])).toEqual([
      ['Basics', 1, true],
      ['Advanced Prompts', 2, true],
      ['Tools', 3, true],
    ]);
    for (const starter of starters) must(await training.deleteTrainingVideo(admin.client, starter.id));
    expect(await titles(user, true)).toEqual([]);
    expect(await titles(admin, false)).toEqual([]);
  });

  it('admins add drafts at the end; users see none of them until published', async () => {
    first = must(await training.createTrainingVideo(admin.client, video('First')));
    second = must(
      await training.createTrainingVideo(admin.client, video('Second', { category: 'Tools', url: 'https://vimeo.com/76979871' })),
    );
    third = must(await training.createTrainingVideo(admin.client, video('Third', { durationSeconds: null })));
    expect([first.position, second.position, third.position]).toEqual([1, 2, 3]);
    expect(first.published).toBe(false);
    expect(await titles(admin, false)).toEqual(['First', 'Second', 'Third']);
    expect(await titles(user, true)).toEqual([]);
    expect(await titles(user, false)).toEqual([]);
    must(await training.updateTrainingVideo(admin.client, first.id, { published: true }));
    must(await training.updateTrainingVideo(admin.client, second.id, { published: true }));
    expect(await titles(user, false)).toEqual(['First', 'Second']);
  });

  it('users cannot add, change, publish, move or remove videos', async () => {
    expect((await training.createTrainingVideo(user.client, video('Forged'))).error?.code).toBe('42501');
    expect((await training.updateTrainingVideo(user.client, first.id, video('Hijacked'))).error?.kind).toBe('not_found');
    expect((await training.updateTrainingVideo(user.client, third.id, { published: true })).error?.kind).toBe('not_found');
    expect((await training.deleteTrainingVideo(user.client, first.id)).error?.kind).toBe('not_found');
    expect((await training.moveTrainingVideo(user.client, second.id, 'up')).error).toMatchObject({
      code: '42501',
      message: 'Only admins can reorder training videos.',
    });
    expect(await titles(admin, false)).toEqual(['First', 'Second', 'Third']);
  });

  it('the database refuses addresses of other hosts, even from an admin', async () => {
    const bad = await training.createTrainingVideo(
      admin.client,
      video('Elsewhere', { url: 'https://aivault.app/training/getting-started' }),
    );
    expect(bad.error?.code).toBe('23514');
  });

  it('admins edit and reorder: up and down swap with the neighbour, the ends stay put', async () => {
    const edited = must(await training.updateTrainingVideo(admin.client, third.id, video('Third, edited', { category: 'Advanced' })));
    expect(edited).toMatchObject({ title: 'Third, edited', category: 'Advanced', published: false });
    must(await training.moveTrainingVideo(admin.client, third.id, 'up'));
    expect(await titles(admin, false)).toEqual(['First', 'Third, edited', 'Second']);
    must(await training.moveTrainingVideo(admin.client, first.id, 'up'));
    must(await training.moveTrainingVideo(admin.client, first.id, 'down'));
    expect(await titles(admin, false)).toEqual(['Third, edited', 'First', 'Second']);
    must(await training.moveTrainingVideo(admin.client, second.id, 'down'));
    expect(await titles(admin, false)).toEqual(['Third, edited', 'First', 'Second']);
    expect(await titles(user, true)).toEqual(['First', 'Second']);
  });

  it('users mark and unmark videos watched, each seeing only their own marks', async () => {
    must(await training.setVideoWatched(user.client, user.userId, first.id, true));
    must(await training.setVideoWatched(user.client, user.userId, first.id, true));
    must(await training.setVideoWatched(other.client, other.userId, second.id, true));
    expect(must(await training.listWatchedVideos(user.client, user.userId))).toEqual([first.id]);
    expect(must(await training.listWatchedVideos(user.client, other.userId))).toEqual([]);
    expect(must(await training.listWatchedVideos(admin.client, user.userId))).toEqual([]);
    const spoof = await user.client.from('training_watched').insert({ user_id: other.userId, video_id: first.id });
    expect(spoof.error?.code).toBe('42501');
    must(await training.setVideoWatched(other.client, other.userId, second.id, false));
    expect(must(await training.listWatchedVideos(other.client, other.userId))).toEqual([]);
  });

  it('removing a video removes its watched marks', async () => {
    must(await training.deleteTrainingVideo(admin.client, first.id));
    expect(must(await training.listWatchedVideos(user.client, user.userId))).toEqual([]);
    expect(await titles(user, true)).toEqual(['Second']);
    expect((await training.deleteTrainingVideo(admin.client, first.id)).error?.kind).toBe('not_found');
  });
});
