import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { pageContext } from '@/extension/lib/page.ts';
import {
  captionTracks,
  isYouTubeWatch,
  readTranscriptPanel,
  TRANSCRIPT_TEXTS,
  transcriptFromJson3,
  youTubeCaptionTrack,
  youTubeTranscript,
} from '@/extension/lib/youtube.ts';

/**
 * {{transcript}} on YouTube watch pages built to today's markup (tests/fixtures/pages/youtube-watch.html:
 * the "Show transcript" button in the description, the engagement panel filled after a request,
 * both segment renderers, a video without a transcript, a panel that never fills), with the
 * page's own scripts running in jsdom.
 */

const FIXTURE = readFileSync(new URL('../fixtures/pages/youtube-watch.html', import.meta.url), 'utf8');
const LINES = [
  'Welcome back, today we price three courses live.',
  'First rule: price the outcome, not the hours.',
  'Second rule: offer three tiers and expect the middle one to sell.',
].join('\n');
const PANEL = '[target-id="engagement-panel-searchable-transcript"]';

function watchPage(video: string): Document {
  return new JSDOM(FIXTURE, { url: `https://www.youtube.com/watch?v=${video}`, runScripts: 'dangerously' }).window.document;
}

/** The caption track as it answers without YouTube's proof-of-origin token: 200 with an empty body. */
const tokenlessTrack = async (url: string): Promise<string> => (url.includes('/api/timedtext') ? '' : FIXTURE);

describe('the transcript panel', () => {
  it('opens the panel, waits for its segments, reads one line each, and closes it again', async () => {
    const doc = watchPage('abc123');
    expect(doc.querySelector(PANEL)?.getAttribute('visibility')).toBe('ENGAGEMENT_PANEL_VISIBILITY_HIDDEN');
    expect(await readTranscriptPanel(doc)).toEqual({ status: 'found', text: LINES });
    expect(doc.querySelector(PANEL)?.getAttribute('visibility')).toBe('ENGAGEMENT_PANEL_VISIBILITY_HIDDEN');
  });

  it('reads the newer segment view models as well', async () => {
    expect(await readTranscriptPanel(watchPage('modern'))).toEqual({ status: 'found', text: LINES });
  });

  it('reads a panel the user already opened without clicking again, and leaves it open', async () => {
    const doc = watchPage('abc123');
    doc.querySelector<HTMLElement>('ytd-video-description-transcript-section-renderer button')!.click();
    const panel = doc.querySelector(PANEL)!;
    await expect.poll(() => doc.querySelectorAll('ytd-transcript-segment-renderer').length).toBe(3);
    let clicks = 0;
    doc.querySelector('ytd-video-description-transcript-section-renderer button')!.addEventListener('click', () => clicks++);
    expect(await readTranscriptPanel(doc)).toEqual({ status: 'found', text: LINES });
    expect(clicks).toBe(0);
    expect(panel.getAttribute('visibility')).toBe('ENGAGEMENT_PANEL_VISIBILITY_EXPANDED');
  });

  it('says a video without a transcript section has none, without waiting', async () => {
    expect(await readTranscriptPanel(watchPage('none'), 60_000)).toEqual({ status: 'none' });
  });

  it('says the transcript could not be read when the panel never fills', async () => {
    const doc = watchPage('broken');
    expect(await readTranscriptPanel(doc, 300)).toEqual({ status: 'unread' });
    expect(doc.querySelector(PANEL)?.getAttribute('visibility')).toBe('ENGAGEMENT_PANEL_VISIBILITY_HIDDEN');
  });
});

describe('{{transcript}} in the page context', () => {
  it('comes from the panel when the caption track answers empty without its token', async () => {
    const context = await pageContext(watchPage('abc123'), 5_000, tokenlessTrack);
    expect(context.transcript).toBe(LINES);
    expect(context.transcriptNote).toBeNull();
  });

  it('carries the sentence for a video without a transcript, and for one that could not be read', async () => {
    const none = await pageContext(watchPage('none'), 5_000, tokenlessTrack);
    expect(none).toMatchObject({ transcript: null, transcriptNote: TRANSCRIPT_TEXTS.none });
    const unread = await youTubeTranscript(watchPage('broken'), tokenlessTrack, 300);
    expect(unread).toEqual({ status: 'unread' });
  });

  it('falls back to a caption track that still answers (some videos and embeds)', async () => {
    const json3 = JSON.stringify({ events: [{ segs: [{ utf8: 'From the ' }, { utf8: 'caption track' }] }, { segs: [{ utf8: '\n' }] }] });
    const fetched: string[] = [];
    const result = await youTubeTranscript(
      watchPage('broken'),
      async (url) => {
        fetched.push(url);
        return url.includes('/api/timedtext') ? json3 : FIXTURE;
      },
      300,
    );
    expect(result).toEqual({ status: 'found', text: 'From the caption track' });
    expect(new URL(fetched[1]!).searchParams.get('fmt')).toBe('json3');
  });

  it('is not read outside watch pages', async () => {
    const doc = new JSDOM(FIXTURE, { url: 'https://www.youtube.com/@channel' }).window.document;
    expect(await pageContext(doc, 5_000, tokenlessTrack)).toMatchObject({ transcript: null, transcriptNote: null });
  });
});

describe('caption tracks', () => {
  const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  const page = `<script>var ytInitialPlayerResponse = {"captions":{"playerCaptionsTracklistRenderer":{"captionTracks":[
    {"baseUrl":"https://www.youtube.com/api/timedtext?v=dQw4w9WgXcQ\\u0026lang=en\\u0026kind=asr","languageCode":"en","kind":"asr"},
    {"baseUrl":"https://www.youtube.com/api/timedtext?v=dQw4w9WgXcQ\\u0026lang=en","languageCode":"en"}]}}};</script>`;
  const json3 = JSON.stringify({
    events: [
      { segs: [{ utf8: 'Never gonna ' }, { utf8: 'give you up' }] },
      { segs: [{ utf8: '\n' }] },
      { segs: [{ utf8: 'Never gonna let you down' }] },
    ],
  });

  it('knows watch pages', () => {
    expect(isYouTubeWatch(WATCH)).toBe(true);
    expect(isYouTubeWatch('https://m.youtube.com/watch?v=abc')).toBe(true);
    expect(isYouTubeWatch('https://www.youtube.com/@channel')).toBe(false);
    expect(isYouTubeWatch('https://notyoutube.com/watch?v=abc')).toBe(false);
  });

  it("reads the page's caption tracks and prefers manual captions, fetched as json3", async () => {
    expect(captionTracks(page)).toHaveLength(2);
    expect(transcriptFromJson3(json3)).toBe('Never gonna give you up\nNever gonna let you down');
    const fetched: string[] = [];
    const transcript = await youTubeCaptionTrack(WATCH, async (url) => {
      fetched.push(url);
      return url === WATCH ? page : json3;
    });
    expect(transcript).toBe('Never gonna give you up\nNever gonna let you down');
    expect(new URL(fetched[1]!).searchParams.get('kind')).toBeNull();
  });

  it('is null for a video without captions and for a track that answers empty', async () => {
    expect(await youTubeCaptionTrack(WATCH, async () => '<html>no captions</html>')).toBeNull();
    expect(await youTubeCaptionTrack(WATCH, async (url) => (url === WATCH ? page : ''))).toBeNull();
  });
});
