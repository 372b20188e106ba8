import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { DEFAULT_ANON_KEY } from '@/supabase/local/config.ts';
import { answerSiteAccessPrompt, expect, openSidePanel, signInInPanel } from './extension-support.ts';
import { PAGES_URL, STACK_URL } from './ports.ts';
import { createUser, passwordSession, type TestUser } from './support.ts';
import type { VirtualDisplay } from './xvfb.ts';

/** The side-panel specs' set-up: a user with a synced key and one page prompt, the panel open beside a test page with its site allowed. */

const OPENAI_KEY = 'sk-fake-good-0123456789abcdef';
export const ARTICLE = `${PAGES_URL}/article.html`;
export const TITLE = 'How to price an online course';
export const SECOND_PAGE = `${PAGES_URL}/launch-email.html`;
export const SECOND_TITLE = 'Writing a launch email';
export const PANEL = { width: 400, height: 800 };

async function userClient(user: TestUser): Promise<SupabaseClient> {
  const session = await passwordSession(user);
  return createClient(STACK_URL, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/** A user with the OpenAI key in their account (the extension downloads it at sign-in) and one prompt on the page. */
export async function seed(): Promise<{ user: TestUser; client: SupabaseClient }> {
  const user = await createUser();
  const client = await userClient(user);
  const keys = await client
    .from('user_api_keys')
    .upsert({ user_id: user.id, openai_api_key: OPENAI_KEY, updated_at: new Date().toISOString() });
  expect(keys.error).toBeNull();
  const prompt = await client
    .from('saved_prompts')
    .insert({ name: 'Title idea', prompt_text: 'A headline for {{title}}', llm_provider: 'openai' });
  expect(prompt.error).toBeNull();
  return { user, client };
}

/** The panel at its usual width, signed in, with the test pages' site allowed (through a prompt's "Read this page"). */
export async function openPanel(
  {
    context,
    cdp,
    extensionId,
    keyboard,
  }: {
    context: Parameters<typeof openSidePanel>[0];
    cdp: Parameters<typeof openSidePanel>[1];
    extensionId: string;
    keyboard: VirtualDisplay;
  },
  web: Page,
  user: TestUser,
): Promise<Page> {
  const panel = await openSidePanel(context, cdp, extensionId, web);
  await panel.setViewportSize(PANEL);
  await signInInPanel(panel, user);
  await panel.getByRole('button', { name: /^Title idea/ }).click();
  await answerSiteAccessPrompt(panel, keyboard, 'allow');
  await expect(panel.getByLabel('Page title')).toHaveValue(TITLE);
  return panel;
}

/** No horizontal scroll at the panel's width. */
export async function fitsWidth(panel: Page): Promise<void> {
  await expect
    .poll(() => panel.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: 'the panel scrolls sideways',
    })
    .toBeLessThanOrEqual(0);
}
