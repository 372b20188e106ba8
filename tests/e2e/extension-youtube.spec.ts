import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { DEFAULT_ANON_KEY } from '@/supabase/local/config.ts';
import { TRANSCRIPT_TEXTS } from '@/extension/lib/youtube.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { answerSiteAccessPrompt, expect, openSidePanel, screenshotPanel, signInInPanel, test } from './extension-support.ts';
import { STACK_URL } from './ports.ts';
import { createUser, passwordSession } from './support.ts';

/**
 * {{transcript}} beside a YouTube watch page in real Chromium: youtube.com answered by a fixture
 * built to today's markup (tests/fixtures/pages/youtube-watch.html — the transcript panel opened by
 * "Show transcript", its caption track empty without YouTube's token). The side panel reads the
 * transcript from the page's own panel; a video without one says so under the field.
 */

const WATCH = 'https://www.youtube.com/watch?v=';
const PROMPT_TEXT = 'Turn this video into a tweet thread: {{title}}\n\n{{transcript}}';
const FIRST_LINE = 'Welcome back, today we price three courses live.';

test.describe.configure({ timeout: 90_000 });

test('the transcript comes from the video page’s own panel; a video without one says so', async ({
  context,
  cdp,
  extensionId,
  keyboard,
}) => {
  const fixture = await readFile(new URL('../fixtures/pages/youtube-watch.html', import.meta.url), 'utf8');
  const trackRequests: string[] = [];
  await context.route('https://www.youtube.com/**', async (route) => {
    const url = route.request().url();
    if (url.includes('/api/timedtext')) {
      trackRequests.push(url);
      // What a caption track answers without the proof-of-origin token.
      await route.fulfill({ status: 200, contentType: 'text/html; charset=UTF-8', body: '' });
      return;
    }
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fixture });
  });

  const user = await createUser();
  const session = await passwordSession(user);
  const client = createClient(STACK_URL, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    realtime: { transport: WebSocket as never },
  });
  const saved = await client.from('saved_prompts').insert({ name: 'Video to thread', prompt_text: PROMPT_TEXT, llm_provider: 'openai' });
  expect(saved.error).toBeNull();

  const video = await context.newPage();
  await video.goto(`${WATCH}abc123`);
  const panel = await openSidePanel(context, cdp, extensionId, video);
  await signInInPanel(panel, user);
  await panel.getByRole('button', { name: /^Video to thread/ }).click();
  await answerSiteAccessPrompt(panel, keyboard, 'allow');

  const transcript = panel.getByLabel('Video transcript');
  await expect(transcript).toHaveValue(new RegExp(`^${FIRST_LINE}\\n`));
  await expect(transcript).toHaveValue(/offer three tiers and expect the middle one to sell\.$/);
  // The page is left as it was: the panel the extension opened is closed again.
  await expect(video.locator('[target-id="engagement-panel-searchable-transcript"]')).toHaveAttribute(
    'visibility',
    'ENGAGEMENT_PANEL_VISIBILITY_HIDDEN',
  );
  await panel.getByRole('button', { name: 'Review the prompt' }).click();
  await expect(panel.getByLabel('Prompt to send')).toHaveValue(new RegExp(FIRST_LINE));
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-youtube-transcript.png`);

  // Another video, without a transcript: the field says so instead of staying silently empty.
  await video.goto(`${WATCH}none`);
  await expect(transcript).toHaveValue('');
  await expect(transcript).toHaveAccessibleDescription(TRANSCRIPT_TEXTS.none);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-youtube-no-transcript.png`);
  // The caption track was tried only where the panel gave nothing, and answered empty.
  expect(trackRequests.length).toBeGreaterThan(0);
});
