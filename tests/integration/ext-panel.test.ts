import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AppClient } from '@/shared/data/supabase.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { memoryClient, uniqueEmail } from './auth-helpers.ts';

// The background's message handlers and WXT storage read the `chrome` global when they load.
await vi.hoisted(async () => {
  const { fakeBrowser: fake } = await import('wxt/testing/fake-browser');
  (globalThis as Record<string, unknown>).chrome = fake;
});

const { openDashboard } = await import('@/extension/lib/dashboardOpen.ts');
const { readHandoffFragment } = await import('@/shared/core/handoff.ts');
const { listFavoritePrompts } = await import('@/extension/lib/favorites.ts');
const { registerPanelFeatures } = await import('@/extension/lib/panelFeatures.ts');
const { createPanelControl } = await import('@/extension/lib/panelControl.ts');
const { removeAllListeners } = await import('@/extension/lib/messaging.ts');
const { MENU_CHOOSE_ID, MENU_ROOT_ID } = await import('@/extension/lib/contextMenu.ts');

/**
 * The extension's side-panel features against the local stack with the real supabase-js client:
 * opening the dashboard signed in (session-handoff token → the dashboard's own session), the
 * favourite prompts listed in the panel and the context menu (own prompts only, by name).
 */

const PASSWORD = 'correct-horse-42';
const DASHBOARD = 'http://127.0.0.1:5173';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

async function signedIn(): Promise<{ client: AppClient; email: string; id: string }> {
  const email = uniqueEmail('panel');
  const { data, error } = await stack.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  const client = memoryClient(stack, 'pkce');
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signIn.error).toBeNull();
  return { client, email, id: data.user!.id };
}

describe('the extension opens the dashboard signed in', () => {
  it('opens /auth/handoff with a one-time token that gives the dashboard its own session', async () => {
    const { client, email, id } = await signedIn();
    const opened: string[] = [];
    const result = await openDashboard(
      { supabase: client, dashboardUrl: DASHBOARD, openTab: async (url) => void opened.push(url) },
      '/prompt-stacks?idea=Course+pricing',
    );
    expect(result).toEqual({ ok: true, url: `${DASHBOARD}/prompt-stacks?idea=Course+pricing`, signedIn: true });
    const url = new URL(opened[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${DASHBOARD}/auth/handoff`);
    const handoff = readHandoffFragment(url.hash)!;
    expect(handoff).toMatchObject({ email, next: '/prompt-stacks?idea=Course+pricing' });

    // What the dashboard's HandoffPage does with it.
    const dashboard = memoryClient(stack, 'pkce');
    const verified = await dashboard.auth.verifyOtp({ token_hash: handoff.tokenHash, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(id);
    // Once only.
    const again = await memoryClient(stack, 'pkce').auth.verifyOtp({ token_hash: handoff.tokenHash, type: 'magiclink' });
    expect(again.error).toMatchObject({
      name: 'AuthApiError',
      status: 403,
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
    // The extension's own session is untouched.
    expect((await client.auth.getUser()).data.user?.id).toBe(id);
  });

  it('signed out (or before the second factor), it opens the plain page', async () => {
    const opened: string[] = [];
    const result = await openDashboard(
      { supabase: memoryClient(stack, 'pkce'), dashboardUrl: DASHBOARD, openTab: async (url) => void opened.push(url) },
      '/settings',
    );
    expect(result).toEqual({ ok: true, url: `${DASHBOARD}/settings`, signedIn: false });
    expect(opened).toEqual([`${DASHBOARD}/settings`]);
  });
});

describe('favourite prompts', () => {
  it('lists the user’s own starred prompts by name, case-insensitively, and builds the context menu from them', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const rows = [
      { name: 'zebra pitch', prompt_text: 'z', is_favorite: true },
      { name: 'Apple ad', prompt_text: 'a', is_favorite: true },
      { name: 'banana blog', prompt_text: 'b', is_favorite: false },
    ];
    expect((await me.client.from('saved_prompts').insert(rows)).error).toBeNull();
    expect(
      (await other.client.from('saved_prompts').insert({ name: 'Another user’s favourite', prompt_text: 'x', is_favorite: true })).error,
    ).toBeNull();

    const listed = await listFavoritePrompts(me.client);
    expect(listed.error).toBeNull();
    expect(listed.data?.map((p) => p.name)).toEqual(['Apple ad', 'zebra pitch']);
    expect(listed.data?.[0]).toMatchObject({ isFavorite: true, preview: 'a' });

    const created: { id: string; title: string }[] = [];
    const features = registerPanelFeatures({
      supabase: me.client,
      dashboardUrl: DASHBOARD,
      openTab: async () => undefined,
      menus: { removeAll: async () => void created.splice(0), create: (entry) => void created.push(entry) },
      panel: createPanelControl({}),
    });
    expect(await features.rebuildMenu()).toBe(2);
    expect(created.map((e) => e.title)).toEqual(['Run prompt on selection', 'Apple ad', 'zebra pitch', '', 'Choose a prompt…']);
    expect(created[0]!.id).toBe(MENU_ROOT_ID);
    expect(created.at(-1)!.id).toBe(MENU_CHOOSE_ID);
  });
});
