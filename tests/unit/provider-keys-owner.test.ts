import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { mergeKeyColumns, planKeyLoad } from '@/shared/core/providerKeys.ts';
import { adoptKeyOwner, clearLocalProviderKeys, loadProviderKeys, saveProviderKey } from '@/shared/data/providerKeys.ts';
import { createTypedStorage, memoryStore, type KeyValueStore } from '@/shared/storage.ts';

/**
 * Whose keys this browser holds: signing in merges keys saved signed out into the
 * account (nothing lost), another account's keys are cleared first (nothing handed over), the
 * user's own give way to the cloud record.
 */

type Row = Record<string, string | null>;

/** One user's keys behind the provider-keys Edge Function, in memory: the calls the flows make, recorded. */
function fakeKeysTable(initial: Row | null, options: { refuseUpserts?: boolean } = {}) {
  let row = initial;
  const upserts: Row[] = [];
  const refusal = () => ({
    data: null,
    error: {
      message: 'Edge Function returned a non-2xx status code',
      context: new Response(JSON.stringify({ error: 'new row violates row-level security policy', code: '42501' }), { status: 403 }),
    },
  });
  const client = {
    functions: {
      invoke: (_name: string, { body }: { body: { action: string; userId: string; values?: Row } }) => {
        if (body.action === 'get') return Promise.resolve({ data: { row }, error: null });
        if (options.refuseUpserts) return Promise.resolve(refusal());
        const values = { user_id: body.userId, ...body.values };
        upserts.push(values);
        row = { ...(row ?? {}), ...values };
        return Promise.resolve({ data: { saved: true }, error: null });
      },
    },
  } as unknown as SupabaseClient;
  return { client, upserts, row: () => row };
}

const ownedBy = (userId: string | null | undefined, keys: Record<string, string> = {}): KeyValueStore =>
  memoryStore(userId === undefined ? keys : { ...keys, provider_keys_owner: JSON.stringify({ userId }) });
const ownerOf = (store: KeyValueStore) => store.getItem('provider_keys_owner');

describe('planKeyLoad', () => {
  it.each([
    // owner recorded, signed-in user → plan
    [undefined, 'bob', { clearFirst: false, mode: 'merge' }],
    [null, 'bob', { clearFirst: false, mode: 'merge' }],
    ['bob', 'bob', { clearFirst: false, mode: 'cloud' }],
    ['alice', 'bob', { clearFirst: true, mode: 'merge' }],
    [undefined, null, { clearFirst: false, mode: 'local' }],
    [null, null, { clearFirst: false, mode: 'local' }],
    ['alice', null, { clearFirst: true, mode: 'local' }],
  ] as const)('owner %s, user %s', (owner, userId, plan) => {
    expect(planKeyLoad(owner, userId)).toEqual(plan);
  });
});

describe('mergeKeyColumns', () => {
  it('takes the cloud value where there is one and uploads local values into empty columns only', () => {
    const columns = ['a', 'b', 'c', 'd'] as const;
    const merged = mergeKeyColumns(
      columns,
      { a: 'local-a', b: 'local-b', c: null, d: '' },
      { a: 'cloud-a', b: null, c: 'cloud-c', d: null },
    );
    expect(merged).toEqual({ values: { a: 'cloud-a', b: 'local-b', c: 'cloud-c', d: null }, uploads: ['b'] });
  });

  it('without a record every local value is uploaded', () => {
    expect(mergeKeyColumns(['a', 'b'] as const, { a: 'x', b: null }, null)).toEqual({ values: { a: 'x', b: null }, uploads: ['a'] });
  });
});

describe('loadProviderKeys at sign-in', () => {
  const anonKey = 'sk-saved-signed-out-1234';
  const deps = (store: KeyValueStore, client: SupabaseClient, userId: string | null) => ({
    storage: createTypedStorage(store),
    client,
    userId,
  });

  it('(a) a key saved signed out survives sign-in to an account whose column is empty: uploaded, the cloud wins elsewhere', async () => {
    const table = fakeKeysTable({ user_id: 'bob', openai_api_key: null, gemini_api_key: `AIza${'c'.repeat(35)}` });
    const store = ownedBy(null, { openai_api_key: anonKey, gemini_api_key: `AIza${'l'.repeat(35)}` });
    const { state, notices } = await loadProviderKeys(deps(store, table.client, 'bob'));
    expect(notices).toEqual([]);
    expect(table.upserts).toHaveLength(1);
    expect(table.upserts[0]).toMatchObject({ user_id: 'bob', openai_api_key: anonKey });
    expect(table.upserts[0]).not.toHaveProperty('gemini_api_key');
    expect(state.keys.openai).toEqual({ value: anonKey, source: 'cloud' });
    expect(state.keys.gemini).toEqual({ value: `AIza${'c'.repeat(35)}`, source: 'cloud' });
    // The local item keeps its name (openai_api_key) and plain-string format.
    expect(store.getItem('openai_api_key')).toBe(anonKey);
    expect(store.getItem('gemini_api_key')).toBe(`AIza${'c'.repeat(35)}`);
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: 'bob' }));
  });

  it('(a) nothing to upload, no record: no call that creates one', async () => {
    const table = fakeKeysTable(null);
    const store = ownedBy(null);
    const { state } = await loadProviderKeys(deps(store, table.client, 'bob'));
    expect(table.upserts).toEqual([]);
    expect(state.hasCloudRecord).toBe(false);
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: 'bob' }));
  });

  it('(a) a refused upload keeps the key and its signed-out mark, with the DB Save Error notice', async () => {
    const table = fakeKeysTable(null, { refuseUpserts: true });
    const store = ownedBy(null, { openai_api_key: anonKey });
    const { state, notices } = await loadProviderKeys(deps(store, table.client, 'bob'));
    expect(notices).toEqual([
      {
        title: 'DB Save Error',
        description: 'AI provider key saved locally, but failed to save to cloud: new row violates row-level security policy',
        variant: 'destructive',
      },
    ]);
    expect(state.keys.openai).toEqual({ value: anonKey, source: 'local' });
    expect(state.hasCloudRecord).toBe(false);
    expect(store.getItem('openai_api_key')).toBe(anonKey);
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: null }));
  });

  it('(b) another account’s keys are cleared before loading, and never uploaded', async () => {
    const table = fakeKeysTable(null);
    const store = ownedBy('alice', { openai_api_key: 'sk-alice-key-123456', custom_base_url: 'http://localhost:11434/v1' });
    const { state } = await loadProviderKeys(deps(store, table.client, 'bob'));
    expect(table.upserts).toEqual([]);
    expect(state.keys.openai).toEqual({ value: null, source: 'empty' });
    expect(state.baseUrl).toEqual({ value: null, source: 'empty' });
    expect(store.getItem('openai_api_key')).toBeNull();
    expect(store.getItem('custom_base_url')).toBeNull();
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: 'bob' }));
  });

  it('(b) another account’s keys give way to this account’s record', async () => {
    const table = fakeKeysTable({ user_id: 'bob', openai_api_key: 'sk-bob-key-123456' });
    const store = ownedBy('alice', { openai_api_key: 'sk-alice-key-123456', cohere_api_key: 'a'.repeat(40) });
    const { state } = await loadProviderKeys(deps(store, table.client, 'bob'));
    expect(state.keys.openai).toEqual({ value: 'sk-bob-key-123456', source: 'cloud' });
    expect(state.keys.cohere.value).toBeNull();
    expect(store.getItem('cohere_api_key')).toBeNull();
    expect(table.upserts).toEqual([]);
  });

  it('the same account: the cloud record wins (an empty column removes the local key); without a record the local keys stay', async () => {
    const withRecord = fakeKeysTable({ user_id: 'bob', openai_api_key: null });
    const store = ownedBy('bob', { openai_api_key: 'sk-cleared-elsewhere' });
    const { state } = await loadProviderKeys(deps(store, withRecord.client, 'bob'));
    expect(state.keys.openai.value).toBeNull();
    expect(store.getItem('openai_api_key')).toBeNull();
    expect(withRecord.upserts).toEqual([]);

    const noRecord = fakeKeysTable(null);
    const kept = ownedBy('bob', { openai_api_key: 'sk-cloud-save-failed' });
    const again = await loadProviderKeys(deps(kept, noRecord.client, 'bob'));
    expect(again.state.keys.openai).toEqual({ value: 'sk-cloud-save-failed', source: 'local' });
    expect(noRecord.upserts).toEqual([]);
  });

  it('signed out, an account’s leftover keys are cleared; signed-out keys load as before', async () => {
    const noClient = {} as SupabaseClient;
    const leftover = ownedBy('alice', { openai_api_key: 'sk-alice-key-123456' });
    expect((await loadProviderKeys(deps(leftover, noClient, null))).state.keys.openai.value).toBeNull();
    expect(leftover.getItem('openai_api_key')).toBeNull();

    const mine = ownedBy(null, { openai_api_key: anonKey });
    expect((await loadProviderKeys(deps(mine, noClient, null))).state.keys.openai).toEqual({ value: anonKey, source: 'local' });
  });

  it('sign-out leaves storage empty and nobody’s; saving signed out keeps it nobody’s', async () => {
    const store = ownedBy('alice', { openai_api_key: 'sk-alice-key-123456' });
    const storage = createTypedStorage(store);
    await clearLocalProviderKeys(storage);
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: null }));
    await saveProviderKey({ storage, client: {} as SupabaseClient, userId: null }, 'openai', anonKey, false);
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: null }));
  });

  it('an unrecorded owner (installs from before) is taken from the session restored at start-up, once', async () => {
    const store = ownedBy(undefined, { openai_api_key: 'sk-alice-key-123456' });
    const storage = createTypedStorage(store);
    await adoptKeyOwner(storage, 'alice');
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: 'alice' }));
    await adoptKeyOwner(storage, null);
    expect(ownerOf(store)).toBe(JSON.stringify({ userId: 'alice' }));
    // Bob signing in next does not receive (or upload) Alice's key.
    const table = fakeKeysTable(null);
    const { state } = await loadProviderKeys({ storage, client: table.client, userId: 'bob' });
    expect(state.keys.openai.value).toBeNull();
    expect(table.upserts).toEqual([]);
  });
});
