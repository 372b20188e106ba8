import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { DEFAULT_ANON_KEY } from '@/supabase/local/config.ts';
import { DICTATION_TEXTS, MICROPHONE_PAGE_TEXTS } from '@/shared/core/dictation.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { expect, extensionUrl, openSidePanel, screenshotPanel, signInInPanel, test } from './extension-support.ts';
import { PAGES_URL, STACK_URL } from './ports.ts';
import { createUser, passwordSession } from './support.ts';

/**
 * Dictation in the side panel, in real Chromium with the unpacked extension. Chromium anchors its
 * microphone prompt to a tab, so the panel cannot ask: it says so and opens the extension's
 * microphone page in a tab. The speech service itself is out of reach: a stand-in with the Web
 * Speech API's shape replaces the browser's recognition in the panel, and records whether it was started.
 */

test.describe.configure({ timeout: 90_000 });

test('the panel cannot ask for the microphone: it says so and opens the extension’s microphone page in a tab', async ({
  context,
  cdp,
  extensionId,
}) => {
  const user = await createUser();
  const session = await passwordSession(user);
  const client = createClient(STACK_URL, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    realtime: { transport: WebSocket as never },
  });
  const saved = await client
    .from('saved_prompts')
    .insert({ name: 'Post idea', prompt_text: 'Write a post for [audience].', llm_provider: 'openai' });
  expect(saved.error).toBeNull();

  const web = await context.newPage();
  await web.goto(`${PAGES_URL}/article.html`);
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await signInInPanel(panel, user);
  await panel.evaluate(() => {
    const control = { started: 0, hear: (_: string) => {} };
    class Recognition {
      lang = '';
      continuous = false;
      interimResults = true;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        control.started++;
        control.hear = (phrase) =>
          this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: phrase }], { isFinal: true })] });
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: Recognition, webkitSpeechRecognition: Recognition, __speech: control });
  });
  await panel.getByRole('button', { name: /^Post idea/ }).click();
  const audience = panel.getByLabel('Audience');
  const mic = audience
    .locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]')
    .getByRole('button', { name: 'Dictate', exact: true });

  await mic.click();
  await expect(panel.getByText(DICTATION_TEXTS.needsMicrophone)).toBeVisible();
  expect(await panel.evaluate(() => (window as unknown as { __speech: { started: number } }).__speech.started)).toBe(0);
  await screenshotPanel(panel, `${SCREENSHOT_DIR}/ext-panel-dictation-needs-microphone.png`);

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    panel.getByRole('button', { name: DICTATION_TEXTS.allowMicrophone }).click(),
  ]);
  await expect(tab).toHaveURL(extensionUrl(extensionId, 'microphone.html'));
  await expect(tab.getByRole('heading', { name: 'Allow the microphone' })).toBeVisible();
  // The test machine has no microphone and no one to click Allow: the page says what it is waiting for or what is missing.
  await expect(tab.getByRole('status')).toHaveText(
    new RegExp(
      `^(${[MICROPHONE_PAGE_TEXTS.asking, MICROPHONE_PAGE_TEXTS.noMicrophone, MICROPHONE_PAGE_TEXTS.blocked].map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
    ),
  );

  // What follows a click on Allow (the grant noticed by the panel without a reload, then dictation)
  // is covered by tests/unit/dictation.test.tsx: Chromium grants nothing to an extension's origin
  // through the DevTools protocol ("opaque origin"), and the machine has no microphone to allow.
  await tab.close();
  await expect(panel.getByText(DICTATION_TEXTS.needsMicrophone)).toBeVisible();
  expect(await panel.evaluate(() => (window as unknown as { __speech: { started: number } }).__speech.started)).toBe(0);
});
