import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect as baseExpect, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { DEFAULT_ANON_KEY } from '@/supabase/local/config.ts';
import { FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { STACK_URL } from './ports.ts';
import { SCREENSHOT_DIR } from './chromium.ts';
import { DESKTOP, MOBILE, seriousViolations } from './screens.ts';
import { createUser, passwordSession, type TestUser } from './support.ts';

/** Shared by the prompt-stacks, recommended-prompts and run-prompt specs. */

/** The machine running the suite is shared and busy: each expectation gets 15 s (the default is 7). */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** A supabase-js client signed in as the user (Node side): seeds rows and checks what the pages wrote, through the data layer. */
export async function userClient(user: TestUser): Promise<SupabaseClient> {
  const session = await passwordSession(user);
  return createClient(STACK_URL, DEFAULT_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/** A user and their client; with `key`, their OpenAI key in the account (the dashboard loads it from there). */
export async function member(key: string | null = FAKE_OPENAI_GOOD_KEY): Promise<{ user: TestUser; client: SupabaseClient }> {
  const user = await createUser();
  const client = await userClient(user);
  if (key) {
    const { error } = await client
      .from('user_api_keys')
      .upsert({ user_id: user.id, openai_api_key: key, updated_at: new Date().toISOString() });
    expect(error).toBeNull();
  }
  return { user, client };
}

/**
 * Screenshots at desktop and phone width, like screens.ts' helper, but the phone layout is given
 * time to settle after the resize (the shell swaps its sidebar for a drawer on a re-render, which
 * lags on a busy machine) before "no horizontal overflow" is checked.
 */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(MOBILE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${name} overflows horizontally on mobile`,
      timeout: 10_000,
    })
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Axe (no serious or critical findings) and screenshots, light then dark (the system preference). */
export async function lookAt(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  await shots(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page), `${name} (dark): axe`).toEqual([]);
  await shots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}
