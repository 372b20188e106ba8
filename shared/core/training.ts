/**
 * The Training Hub's videos: which YouTube and Vimeo addresses are accepted, the embed address the
 * player opens, the thumbnail, durations and the admin form's checks. Pure: the page, the admin tab
 * and the tests share it; the database's check on training_videos.url keeps to the same hosts.
 */
import { TRAINING_TEXTS } from './trainingTexts.ts';

export type VideoProvider = 'youtube' | 'vimeo';

/** A video on its provider, as read from an accepted address. */
export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

const youtube = (id: string | undefined): VideoRef | null => (id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null);
const vimeo = (id: string | undefined): VideoRef | null => (id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null);

/**
 * The video behind an address, or null when it is none of the accepted patterns:
 * youtube.com/watch?v=<id>, youtu.be/<id>, youtube.com/embed/<id>, youtube.com/shorts/<id>,
 * vimeo.com/<id> and player.vimeo.com/video/<id> (http or https, with or without www).
 */
export function parseVideoUrl(input: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') return youtube(url.searchParams.get('v') ?? undefined);
    if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'shorts')) return youtube(segments[1]);
    return null;
  }
  if (host === 'youtu.be') return segments.length === 1 ? youtube(segments[0]) : null;
  if (VIMEO_HOSTS.has(host)) return segments.length === 1 ? vimeo(segments[0]) : null;
  if (host === 'player.vimeo.com') return segments.length === 2 && segments[0] === 'video' ? vimeo(segments[1]) : null;
  return null;
}

/** The address the player's iframe opens (YouTube's privacy-enhanced host: no cookies until played). */
export function embedUrl(ref: VideoRef): string {
  return ref.provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${ref.id}` : `https://player.vimeo.com/video/${ref.id}`;
}

/** The provider's thumbnail; Vimeo has no address without an API call, so its cards show a neutral tile (null). */
export function thumbnailUrl(ref: VideoRef): string | null {
  return ref.provider === 'youtube' ? `https://i.ytimg.com/vi/${ref.id}/hqdefault.jpg` : null;
}

export const providerName = (provider: VideoProvider): string => (provider === 'youtube' ? 'YouTube' : 'Vimeo');

/** The longest video the catalogue takes (24 h), as the database checks it. */
const MAX_DURATION_SECONDS = 86_400;

/** "m:ss" or "h:mm:ss" → seconds; '' → null (no duration); anything else → undefined (invalid). */
export function parseDuration(input: string): number | null | undefined {
  const text = input.trim();
  if (!text) return null;
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1] ?? 0), Number(match[2]), Number(match[3])];
  if (seconds > 59 || (match[1] !== undefined && minutes > 59)) return undefined;
  const total = hours * 3600 + minutes * 60 + seconds;
  return total >= 1 && total <= MAX_DURATION_SECONDS ? total : undefined;
}

/** Seconds → "m:ss", or "h:mm:ss" from an hour on. */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** What the admin form holds (durations as typed). */
export interface TrainingVideoForm {
  title: string;
  description: string;
  category: string;
  duration: string;
  url: string;
}

/** What the form saves: trimmed texts, the duration in seconds. */
export interface TrainingVideoInput {
  title: string;
  description: string;
  category: string;
  durationSeconds: number | null;
  url: string;
}

export type TrainingVideoErrors = Partial<Record<keyof TrainingVideoForm, string>>;

export const TRAINING_LIMITS = { title: 200, description: 2000, category: 60 } as const;

/** The form's errors per field (empty when it can be saved) and, when valid, what to save. */
export function validateTrainingVideo(form: TrainingVideoForm): { errors: TrainingVideoErrors; input: TrainingVideoInput | null } {
  const errors: TrainingVideoErrors = {};
  const title = form.title.trim();
  const category = form.category.trim();
  const description = form.description.trim();
  const url = form.url.trim();
  const texts = TRAINING_TEXTS.validation;
  if (!title) errors.title = texts.titleRequired;
  else if (title.length > TRAINING_LIMITS.title) errors.title = texts.titleTooLong;
  if (!category) errors.category = texts.categoryRequired;
  else if (category.length > TRAINING_LIMITS.category) errors.category = texts.categoryTooLong;
  if (description.length > TRAINING_LIMITS.description) errors.description = texts.descriptionTooLong;
  if (!url) errors.url = texts.urlRequired;
  else if (url.length > 500 || !parseVideoUrl(url)) errors.url = texts.urlInvalid;
  const durationSeconds = parseDuration(form.duration);
  if (durationSeconds === undefined) errors.duration = texts.durationInvalid;
  if (Object.keys(errors).length > 0 || durationSeconds === undefined) return { errors, input: null };
  return { errors, input: { title, description, category, durationSeconds, url } };
}

/** The categories in catalogue order (each first seen where its first video stands). */
export function categoriesOf(videos: readonly { category: string }[]): string[] {
  return [...new Set(videos.map((v) => v.category))];
}

/** "3 videos · 26:34 in total" (durations that are unknown count as none). */
export function catalogueSummary(videos: readonly { duration_seconds: number | null }[]): string {
  const total = videos.reduce((sum, v) => sum + (v.duration_seconds ?? 0), 0);
  const count = `${videos.length} ${videos.length === 1 ? 'video' : 'videos'}`;
  return total > 0 ? `${count} · ${formatDuration(total)} in total` : count;
}
