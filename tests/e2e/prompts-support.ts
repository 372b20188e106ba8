import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { WebSocket } from 'ws';
import { DEFAULT_ANON_KEY } from '../../supabase/local/config.ts';
import { FAKE_OPENAI_GOOD_KEY } from '../fixtures/fake-openai.ts';
import { STACK_URL } from './ports.ts';
import { screenshots, seriousViolations } from './screens.ts';
import { createUser, passwordSession, type TestUser } from './support.ts';

/** Shared by the prompt-stacks, recommended-prompts and run-prompt specs. */

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
    const { error } = await client.from('user_api_keys').upsert({ user_id: user.id, openai_api_key: key, updated_at: new Date().toISOString() });
    expect(error).toBeNull();
  }
  return { user, client };
}

/** Axe (no serious or critical findings) and screenshots, light then dark (the system preference). */
export async function lookAt(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  await screenshots(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page), `${name} (dark): axe`).toEqual([]);
  await screenshots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}
