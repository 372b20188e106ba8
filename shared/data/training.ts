import type { Tables } from './database.types.ts';
import type { AppClient } from './supabase.ts';
import type { TrainingVideoInput } from '../core/training.ts';
import { fail, notFound, ok, type DataResult } from './result.ts';

/** One video of the Training Hub's catalogue (table training_videos). */
export type TrainingVideo = Tables<'training_videos'>;

const COLUMNS = 'id, title, description, category, duration_seconds, url, position, published, created_at, updated_at';

const columnsOf = (input: TrainingVideoInput) => ({
  title: input.title,
  description: input.description,
  category: input.category,
  duration_seconds: input.durationSeconds,
  url: input.url,
});

/**
 * The catalogue in its order. `publishedOnly` for the Training page (admins would otherwise also
 * see drafts there); the admin tab reads every video (RLS gives drafts to admins alone).
 */
export async function listTrainingVideos(client: AppClient, options: { publishedOnly: boolean }): Promise<DataResult<TrainingVideo[]>> {
  let query = client.from('training_videos').select(COLUMNS);
  if (options.publishedOnly) query = query.eq('published', true);
  const { data, error } = await query.order('position').order('created_at').order('id');
  return error ? fail(error) : ok(data ?? []);
}

/** Adds a video (a draft) at the end of the catalogue: admins only (RLS). */
export async function createTrainingVideo(client: AppClient, input: TrainingVideoInput): Promise<DataResult<TrainingVideo>> {
  const last = await client.from('training_videos').select('position').order('position', { ascending: false }).limit(1);
  if (last.error) return fail(last.error);
  const position = (last.data?.[0]?.position ?? 0) + 1;
  const { data, error } = await client
    .from('training_videos')
    .insert({ ...columnsOf(input), position })
    .select(COLUMNS)
    .single();
  return error ? fail(error) : ok(data);
}

/** Changes a video's details or its published state: admins only (RLS). */
export async function updateTrainingVideo(
  client: AppClient,
  id: string,
  change: TrainingVideoInput | { published: boolean },
): Promise<DataResult<TrainingVideo>> {
  const values = 'published' in change ? { published: change.published } : columnsOf(change);
  const { data, error } = await client.from('training_videos').update(values).eq('id', id).select(COLUMNS);
  if (error) return fail(error);
  const row = data?.[0];
  return row ? ok(row) : notFound('This video no longer exists, or you may not change it.');
}

/** Removes a video (and every watched mark of it): admins only (RLS). */
export async function deleteTrainingVideo(client: AppClient, id: string): Promise<DataResult<void>> {
  const { data, error } = await client.from('training_videos').delete().eq('id', id).select('id');
  if (error) return fail(error);
  return data && data.length > 0 ? ok() : notFound('This video no longer exists, or you may not remove it.');
}

/** Swaps a video with its neighbour above or below (one database call, admins only). */
export async function moveTrainingVideo(client: AppClient, id: string, direction: 'up' | 'down'): Promise<DataResult<void>> {
  const { error } = await client.rpc('move_training_video', { video_id: id, direction });
  return error ? fail(error) : ok();
}

/** The ids of the videos the user marked watched (RLS: their own marks). */
export async function listWatchedVideos(client: AppClient, userId: string): Promise<DataResult<string[]>> {
  const { data, error } = await client.from('training_watched').select('video_id').eq('user_id', userId);
  return error ? fail(error) : ok((data ?? []).map((r) => r.video_id));
}

/** Marks a video watched or not for the signed-in user (a repeat changes nothing). */
export async function setVideoWatched(client: AppClient, userId: string, videoId: string, watched: boolean): Promise<DataResult<void>> {
  const { error } = watched
    ? await client
        .from('training_watched')
        .upsert({ user_id: userId, video_id: videoId }, { onConflict: 'user_id,video_id', ignoreDuplicates: true })
    : await client.from('training_watched').delete().eq('user_id', userId).eq('video_id', videoId);
  return error ? fail(error) : ok();
}
