import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// WXT's storage and @webext-core/messaging read the `chrome` global when they load.
vi.hoisted(async () => {
  const { fakeBrowser: fake } = await import('wxt/testing/fake-browser');
  (globalThis as Record<string, unknown>).chrome = fake;
  // Node 20 has no WebSocket; supabase-js wants one for realtime (browsers have it).
  (globalThis as Record<string, unknown>).WebSocket ??= (await import('ws')).WebSocket;
});

const { sendMessage, onMessage, removeAllListeners } = await import('../../shared/ext/messaging.ts');
const { extItems, extTypedStorage, withRecent, DEFAULT_PANEL_PREFS } = await import('../../shared/ext/items.ts');
const { createContextSupabase } = await import('../../shared/ext/clients.ts');

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
    let list = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, ranAt: `t${i}` }));
    list = withRecent(list, { id: 'p3', name: 'P3', ranAt: 'now' });
    expect(list.map((p) => p.id)).toEqual(['p3', 'p0', 'p1', 'p2', 'p4']);
    list = withRecent(list, { id: 'new', name: 'New', ranAt: 'later' });
    expect(list.map((p) => p.id)).toEqual(['new', 'p3', 'p0', 'p1', 'p2']);
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
