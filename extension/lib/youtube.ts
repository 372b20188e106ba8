/**
 * {{transcript}} on a YouTube watch page, read the way it still works in a signed-in browser:
 * from the page's own transcript panel ("Show transcript" under the video), opened by the content
 * script when it is closed and closed again after reading. The caption-track URLs in the page's
 * player response need a proof-of-origin token since 2025 and often answer empty without it, so
 * they are only a second try (they still work for some videos and embeds).
 *
 * Markup read (as YouTube renders it in 2026; both segment renderers are in use):
 * - the description's transcript section, `ytd-video-description-transcript-section-renderer`,
 *   holds the "Show transcript" button (its label is translated; the section is not);
 * - the panel, `ytd-engagement-panel-section-list-renderer[target-id="engagement-panel-searchable-transcript"]`,
 *   with `visibility="ENGAGEMENT_PANEL_VISIBILITY_EXPANDED"` while open;
 * - segments: `ytd-transcript-segment-renderer` (text in `.segment-text`) or the newer
 *   `transcript-segment-view-model` (text in `.yt-core-attributed-string`);
 * - a video without one has no transcript section; a panel that cannot load shows a
 *   `ytd-message-renderer` instead of segments.
 */

export type TranscriptResult =
  | { status: 'found'; text: string }
  /** The video has no transcript (no "Show transcript", or the panel says none). */
  | { status: 'none' }
  /** It has one, but it could not be read in time (the panel never filled). */
  | { status: 'unread' };

export const TRANSCRIPT_TEXTS = {
  none: 'This video has no transcript: type or paste the text here.',
  unread:
    'The transcript could not be read: open it under the video (…more → Show transcript), then read the page again, or paste it here.',
} as const;

const PANEL = 'ytd-engagement-panel-section-list-renderer[target-id="engagement-panel-searchable-transcript"]';
const SEGMENTS = 'ytd-transcript-segment-renderer, transcript-segment-view-model';
const SEGMENT_TEXT = '.segment-text, .yt-core-attributed-string';
const OPEN_BUTTON = 'ytd-video-description-transcript-section-renderer button';
const EXPANDED = 'ENGAGEMENT_PANEL_VISIBILITY_EXPANDED';
const HIDDEN = 'ENGAGEMENT_PANEL_VISIBILITY_HIDDEN';
/** The panel loads its segments with one request; a slow connection still answers within seconds. */
const PANEL_WAIT_MS = 10_000;

export function isYouTubeWatch(url: string): boolean {
  try {
    const u = new URL(url);
    return /(^|\.)youtube\.com$/.test(u.hostname) && u.pathname === '/watch' && u.searchParams.has('v');
  } catch {
    return false;
  }
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The transcript text of the segments on the page, one line per segment; '' when there are none. */
function transcriptFromPanel(doc: Document): string {
  return Array.from(doc.querySelectorAll(SEGMENTS))
    .map((segment) => squash((segment.querySelector(SEGMENT_TEXT) ?? segment).textContent ?? ''))
    .filter(Boolean)
    .join('\n');
}

/** Resolves when `ready` holds for the document (checked on every change), or with false after `ms`. */
function waitFor(doc: Document, ready: () => boolean, ms: number): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  const view = doc.defaultView;
  if (!view) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      observer.disconnect();
      view.clearTimeout(timer);
      resolve(value);
    };
    const observer = new view.MutationObserver(() => {
      if (ready()) done(true);
    });
    observer.observe(doc, { childList: true, subtree: true, attributes: true, characterData: true });
    const timer = view.setTimeout(() => done(ready()), ms);
  });
}

/** Reads the transcript panel, opening it first when it is closed, and leaves the page as it was. */
export async function readTranscriptPanel(doc: Document, waitMs = PANEL_WAIT_MS): Promise<TranscriptResult> {
  const present = transcriptFromPanel(doc);
  if (present) return { status: 'found', text: present };
  const button = doc.querySelector<HTMLElement>(OPEN_BUTTON);
  if (!button) return { status: 'none' };
  const panelWasOpen = doc.querySelector(PANEL)?.getAttribute('visibility') === EXPANDED;
  button.click();
  const settled = await waitFor(
    doc,
    () => Boolean(transcriptFromPanel(doc)) || Boolean(doc.querySelector(`${PANEL} ytd-message-renderer`)),
    waitMs,
  );
  const text = transcriptFromPanel(doc);
  if (!panelWasOpen) doc.querySelector(PANEL)?.setAttribute('visibility', HIDDEN);
  if (text) return { status: 'found', text };
  return settled ? { status: 'none' } : { status: 'unread' };
}

interface CaptionTrack {
  baseUrl: string;
  languageCode?: string;
  kind?: string;
}

/** The caption tracks listed in a watch page's ytInitialPlayerResponse. */
export function captionTracks(html: string): CaptionTrack[] {
  const marker = html.indexOf('"captionTracks":');
  if (marker < 0) return [];
  const start = html.indexOf('[', marker);
  let depth = 0;
  for (let i = start; i < html.length; i++) {
    if (html[i] === '[') depth++;
    else if (html[i] === ']' && --depth === 0) {
      try {
        return (JSON.parse(html.slice(start, i + 1)) as CaptionTrack[]).filter((t) => typeof t.baseUrl === 'string');
      } catch {
        return [];
      }
    }
  }
  return [];
}

/** The transcript text of a json3 caption file (events → segments). */
export function transcriptFromJson3(json: string): string {
  const data = JSON.parse(json) as { events?: { segs?: { utf8?: string }[] }[] };
  return (data.events ?? [])
    .map((event) => squash((event.segs ?? []).map((seg) => seg.utf8 ?? '').join('')))
    .filter(Boolean)
    .join('\n');
}

/**
 * Captions from the page's own caption track (manual captions first, then auto-generated),
 * fetched as json3. Null when the video lists none or the track answers empty (no token).
 */
export async function youTubeCaptionTrack(url: string, fetchText: (url: string) => Promise<string>): Promise<string | null> {
  const tracks = captionTracks(await fetchText(url));
  const track = tracks.find((t) => t.kind !== 'asr') ?? tracks[0];
  if (!track) return null;
  const captionUrl = new URL(track.baseUrl.replace(/\\u0026/g, '&'), url);
  captionUrl.searchParams.set('fmt', 'json3');
  const body = await fetchText(captionUrl.href);
  if (!body.trim()) return null;
  return transcriptFromJson3(body) || null;
}

/** The transcript of the watch page in `doc`: the panel first, then the caption track. */
export async function youTubeTranscript(
  doc: Document,
  fetchText: (url: string) => Promise<string>,
  waitMs = PANEL_WAIT_MS,
): Promise<TranscriptResult> {
  const panel = await readTranscriptPanel(doc, waitMs).catch((): TranscriptResult => ({ status: 'unread' }));
  if (panel.status === 'found') return panel;
  const track = await youTubeCaptionTrack(doc.location?.href ?? '', fetchText).catch(() => null);
  return track ? { status: 'found', text: track } : panel;
}
