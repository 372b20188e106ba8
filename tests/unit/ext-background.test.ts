import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendMessage, onMessage, removeAllListeners } from '@/extension/lib/messaging.ts';
import {
  extItems,
  extTypedStorage,
  withRecent,
  recentPromptsOf,
  rememberRecentPrompt,
  migrateRecentPromptsV2,
  NO_RECENT_PROMPTS,
  DEFAULT_PANEL_PREFS,
} from '@/extension/lib/items.ts';
import { createContextSupabase } from '@/extension/lib/clients.ts';
import { registerBackground } from '@/extension/lib/background.ts';
import { HANDOFF_REFUSED } from '@/extension/lib/senders.ts';
import { startDashboardBridge } from '@/extension/lib/dashboardBridge.ts';
import { BRIDGE_FROM_DASHBOARD, BRIDGE_FROM_EXTENSION } from '@/shared/core/bridge.ts';
import { createClient } from '@supabase/supabase-js';
import { memoryStore } from '@/shared/storage.ts';

type Sender = import('@/extension/lib/senders.ts').MessageSenderInfo;

beforeEach(() => {
  fakeBrowser.reset();
  removeAllListeners();
});

describe('the typed message map (@webext-core/messaging)', () => {
  it('delivers a request to its one handler and types the answer', async () => {
    onMessage('app:status', () => ({ ok: true as const, version: '1.2.3' }));
    onMessage('auth:signIn', ({ data }) => ({ ok: false as const, title: 'Sign In Error', message: `no ${data.email}` }));
    expect(await sendMessage('app:status')).toEqual({ ok: true, version: '1.2.3' });
    expect(await sendMessage('auth:signIn', { email: 'a@example.com', password: 'x' })).toEqual({
      ok: false,
      title: 'Sign In Error',
      message: 'no a@example.com',
    });
  });

  it("a handler's error reaches the sender", async () => {
    onMessage('auth:state', () => {
      throw new Error('worker broke');
    });
    await expect(sendMessage('auth:state')).rejects.toThrow('worker broke');
  });
});

describe('the extension storage map', () => {
  it('reads defaults and round-trips values; the shared items work as TypedStorage', async () => {
    expect(await extItems.panelPrefs.getValue()).toEqual(DEFAULT_PANEL_PREFS);
    expect(await extItems.openai_api_key.getValue()).toBeNull();
    await extTypedStorage.set('openai_api_key', 'sk-test');
    expect(await extItems.openai_api_key.getValue()).toBe('sk-test');
    expect(await fakeBrowser.storage.local.get('openai_api_key')).toEqual({ openai_api_key: 'sk-test' });
    await extTypedStorage.set('openai_api_key', null);
    expect(await extTypedStorage.get('openai_api_key')).toBeNull();
    expect(await fakeBrowser.storage.local.get('openai_api_key')).toEqual({});
  });

  it('keeps the five most recent prompts, newest first, without duplicates', () => {
    let list: import('@/extension/lib/items.ts').RecentPrompts = {
      userId: 'u1',
      prompts: Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, ranAt: `t${i}` })),
    };
    list = withRecent(list, 'u1', { id: 'p3', name: 'P3', ranAt: 'now' });
    expect(list.prompts.map((p) => p.id)).toEqual(['p3', 'p0', 'p1', 'p2', 'p4']);
    list = withRecent(list, 'u1', { id: 'new', name: 'New', ranAt: 'later' });
    expect(list.prompts.map((p) => p.id)).toEqual(['new', 'p3', 'p0', 'p1', 'p2']);
  });
});

describe('recent prompts belong to one account', () => {
  const ran = (id: string) => ({ id, name: id.toUpperCase(), ranAt: '2026-11-23T10:00:00.000Z' });

  it("another account (or nobody) never sees them; the next account's run starts its own list", async () => {
    await extItems.supabaseUser.setValue({ id: 'alice', email: 'alice@example.com' });
    await rememberRecentPrompt(ran('a1'));
    await rememberRecentPrompt(ran('a2'));
    const stored = await extItems.recentPrompts.getValue();
    expect(recentPromptsOf(stored, 'alice').map((p) => p.id)).toEqual(['a2', 'a1']);
    expect(recentPromptsOf(stored, 'bob')).toEqual([]);
    expect(recentPromptsOf(stored, null)).toEqual([]);

    await extItems.supabaseUser.setValue({ id: 'bob', email: 'bob@example.com' });
    await rememberRecentPrompt(ran('b1'));
    expect(await extItems.recentPrompts.getValue()).toEqual({ userId: 'bob', prompts: [ran('b1')] });

    // Signed out: a run that ends now is nobody's.
    await extItems.supabaseUser.removeValue();
    await rememberRecentPrompt(ran('late'));
    expect(recentPromptsOf(await extItems.recentPrompts.getValue(), 'bob').map((p) => p.id)).toEqual(['b1']);
  });

  it('v1 → v2: a bare list names no account, so it is dropped', async () => {
    expect(migrateRecentPromptsV2([ran('old')])).toEqual(NO_RECENT_PROMPTS);
    await fakeBrowser.storage.local.set({ recent_prompts: [ran('old')] });
    await extItems.recentPrompts.migrate();
    expect(await extItems.recentPrompts.getValue()).toEqual(NO_RECENT_PROMPTS);
    expect(await fakeBrowser.storage.local.get('recent_prompts$')).toEqual({ recent_prompts$: { v: 2 } });
  });
});

describe('the background', () => {
  const EXTENSION_ID = fakeBrowser.runtime.id;
  const DASHBOARD = 'http://127.0.0.1:5173';
  const trusted = { extensionId: EXTENSION_ID, extensionBaseUrl: `chrome-extension://${EXTENSION_ID}/`, dashboardOrigins: [DASHBOARD] };

  function setup() {
    const supabase = createClient('http://127.0.0.1:9', 'anon', {
      auth: { storage: memoryStore(), persistSession: true, autoRefreshToken: false },
    });
    const verifyOtp = vi.spyOn(supabase.auth, 'verifyOtp').mockResolvedValue({
      data: { session: { access_token: 'x.e30.y', user: { id: 'u1', email: 'a@example.com', factors: [] } }, user: null },
      error: null,
    } as never);
    registerBackground({
      supabase,
      version: '1.0.0',
      launchWebAuthFlow: async () => undefined,
      oauthRedirectUrl: () => 'https://x.chromiumapp.org/',
      handoffSenders: trusted,
    });
    return { supabase, verifyOtp };
  }

  /** Delivers a message as the browser would, with the sender it fills in. */
  const deliver = (sender: Sender, type: string, data?: unknown) =>
    new Promise<{ res?: unknown; err?: unknown }>(
      (resolve) => void fakeBrowser.runtime.onMessage.trigger({ id: 1, type, data, timestamp: Date.now() }, sender as never, resolve),
    );

  const panel: Sender = {
    id: EXTENSION_ID,
    url: `chrome-extension://${EXTENSION_ID}/sidepanel.html`,
    origin: `chrome-extension://${EXTENSION_ID}`,
  };
  const bridge: Sender = { id: EXTENSION_ID, url: `${DASHBOARD}/settings`, origin: DASHBOARD, tab: { id: 3 }, frameId: 0 };

  it("'auth:handoff' signs in only for the extension's pages and the bridge on a dashboard origin", async () => {
    const { verifyOtp } = setup();
    const signedIn = { res: { ok: true, state: { user: { id: 'u1', email: 'a@example.com' }, needsSecondFactor: false } } };
    expect(await deliver(panel, 'auth:handoff', { tokenHash: 't1' })).toEqual(signedIn);
    expect(await deliver(bridge, 'auth:handoff', { tokenHash: 't2' })).toEqual(signedIn);

    const refused: Sender[] = [
      // Any other site the page script was injected into, even on the dashboard's host with another port.
      { ...bridge, url: 'https://evil.example/', origin: 'https://evil.example' },
      { ...bridge, url: 'http://127.0.0.1:8080/', origin: 'http://127.0.0.1:8080' },
      // A frame inside the dashboard, or no tab at all.
      { ...bridge, frameId: 4 },
      { ...bridge, tab: undefined },
      // Another extension's page, or a sender the browser did not describe.
      { ...panel, id: 'another-extension', url: 'chrome-extension://another-extension/x.html' },
      {},
    ];
    for (const sender of refused)
      expect(await deliver(sender, 'auth:handoff', { tokenHash: 't3' }), JSON.stringify(sender)).toEqual({ res: HANDOFF_REFUSED });
    expect(verifyOtp.mock.calls.map(([params]) => (params as { token_hash: string }).token_hash)).toEqual(['t1', 't2']);
  });

  it('Firefox: no sender.origin, the URL decides', async () => {
    setup();
    const firefoxBridge: Sender = { id: EXTENSION_ID, url: `${DASHBOARD}/settings`, tab: { id: 1 }, frameId: 0 };
    expect((await deliver(firefoxBridge, 'auth:handoff', { tokenHash: 't' })).res).toMatchObject({ ok: true });
    expect((await deliver({ ...firefoxBridge, url: 'https://evil.example/' }, 'auth:handoff', { tokenHash: 't' })).res).toEqual(
      HANDOFF_REFUSED,
    );
  });

  it("sign-out clears the account's keys, indicator, library and recent prompts", async () => {
    const { supabase } = setup();
    await extItems.supabaseUser.setValue({ id: 'u1', email: 'a@example.com' });
    await extItems.openai_api_key.setValue('sk-test');
    await extItems.recentPrompts.setValue({ userId: 'u1', prompts: [{ id: 'p1', name: 'P1', ranAt: 't' }] });
    await supabase.auth.signOut({ scope: 'local' });
    await vi.waitFor(async () =>
      expect(await fakeBrowser.storage.local.get(['recent_prompts', 'supabaseUser', 'openai_api_key', 'panel_library'])).toEqual({}),
    );
    expect(await extItems.recentPrompts.getValue()).toEqual(NO_RECENT_PROMPTS);
  });
});

describe("the extension's side of the dashboard bridge (content script)", () => {
  const DASHBOARD = 'http://127.0.0.1:5173';

  /** A page window: what it posts reaches its own listeners as a message from itself. */
  function page(origin: string) {
    const target = new EventTarget();
    const posted: unknown[] = [];
    const win = {
      location: { origin },
      addEventListener: target.addEventListener.bind(target),
      postMessage: (data: unknown) => void posted.push(data),
    };
    const receive = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
      target.dispatchEvent(
        Object.assign(new Event('message'), { data, origin: from.origin ?? origin, source: 'source' in from ? from.source : win }),
      );
    return { win: win as unknown as Window, posted, receive };
  }

  it('starts only on a dashboard origin, answers the ping and passes the token on', async () => {
    const handed: string[] = [];
    const handOff = async (tokenHash: string) => {
      handed.push(tokenHash);
      return { ok: true as const, state: { user: { id: 'u1', email: 'a@example.com' }, needsSecondFactor: false } };
    };
    const elsewhere = page('http://127.0.0.1:8080');
    expect(startDashboardBridge(elsewhere.win, { origins: [DASHBOARD], handOff })).toBe(false);
    elsewhere.receive({ source: BRIDGE_FROM_DASHBOARD, type: 'connect', requestId: 'r0', tokenHash: 'stolen' });
    expect(elsewhere.posted).toEqual([]);

    const dashboard = page(DASHBOARD);
    expect(startDashboardBridge(dashboard.win, { origins: [DASHBOARD], handOff })).toBe(true);
    expect(dashboard.posted).toEqual([{ source: BRIDGE_FROM_EXTENSION, type: 'ready' }]);
    dashboard.receive({ source: BRIDGE_FROM_DASHBOARD, type: 'ping' });
    dashboard.receive({ source: BRIDGE_FROM_DASHBOARD, type: 'connect', requestId: 'r1', tokenHash: 'hash-1' });
    await vi.waitFor(() => expect(dashboard.posted).toHaveLength(3));
    expect(dashboard.posted.slice(1)).toEqual([
      { source: BRIDGE_FROM_EXTENSION, type: 'ready' },
      { source: BRIDGE_FROM_EXTENSION, type: 'connected', requestId: 'r1', ok: true, email: 'a@example.com' },
    ]);
    expect(handed).toEqual(['hash-1']);
  });

  it('ignores messages from frames or other origins, and malformed ones; reports a refusal or failure', async () => {
    let answer: () => Promise<import('@/extension/lib/messaging.ts').AuthResult> = async () => HANDOFF_REFUSED;
    const handed: string[] = [];
    const dashboard = page(DASHBOARD);
    startDashboardBridge(dashboard.win, { origins: [DASHBOARD], handOff: (tokenHash) => (handed.push(tokenHash), answer()) });
    const connect = (requestId: string) => ({ source: BRIDGE_FROM_DASHBOARD, type: 'connect', requestId, tokenHash: `hash-${requestId}` });
    dashboard.receive(connect('frame'), { source: { another: 'window' } });
    dashboard.receive(connect('origin'), { origin: 'https://evil.example' });
    dashboard.receive({ ...connect('empty'), tokenHash: '' });
    dashboard.receive({ type: 'connect', requestId: 'x', tokenHash: 'y' });
    expect(handed).toEqual([]);

    dashboard.receive(connect('refused'));
    await vi.waitFor(() =>
      expect(dashboard.posted).toContainEqual({
        source: BRIDGE_FROM_EXTENSION,
        type: 'connected',
        requestId: 'refused',
        ok: false,
        message: HANDOFF_REFUSED.message,
      }),
    );
    answer = () => Promise.reject(new Error('Could not establish connection.'));
    dashboard.receive(connect('broken'));
    await vi.waitFor(() =>
      expect(dashboard.posted).toContainEqual({
        source: BRIDGE_FROM_EXTENSION,
        type: 'connected',
        requestId: 'broken',
        ok: false,
        message: 'Could not establish connection.',
      }),
    );
  });
});

describe('the side panel / popup Supabase client', () => {
  const token = (expSecondsFromNow: number) =>
    `x.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expSecondsFromNow })).toString('base64url')}.y`;

  it('asks the background for a token once while it is fresh, again when close to expiry or reset', async () => {
    const asked: string[] = [];
    let next = token(3600);
    const { client, resetToken } = createContextSupabase(async () => {
      asked.push(next);
      return next;
    });
    const seen: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      seen.push(new Headers(init?.headers).get('authorization') ?? '');
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    try {
      await Promise.all([client.from('saved_prompts').select('id'), client.from('saved_prompts').select('id')]);
      expect(asked).toHaveLength(1);
      expect(seen).toEqual([`Bearer ${asked[0]}`, `Bearer ${asked[0]}`]);

      resetToken();
      next = token(30); // inside the refresh margin: used once, then asked again
      await client.from('saved_prompts').select('id');
      await client.from('saved_prompts').select('id');
      expect(asked).toHaveLength(3);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
