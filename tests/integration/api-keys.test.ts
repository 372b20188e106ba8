import type { AppClient } from '@/shared/data/supabase.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { KEY_TEXTS, PROVIDER_KEY_COLUMNS } from '@/shared/core/providerKeys.ts';
import { decryptKey, encryptKey } from '@/shared/core/keyCipher.ts';
import { loadProviderKeys, saveBaseUrl, saveProviderKey, type KeyDeps } from '@/shared/data/providerKeys.ts';
import { fetchUserApiKeys } from '@/shared/data/userApiKeys.ts';
import { createTypedStorage, memoryStore, type KeyValueStore } from '@/shared/storage.ts';
import { startTestStack, type TestStack } from '../helpers/stack.ts';
import { createCast, type ActorUser, type Cast } from './rls/actors.ts';

/** The signed-in key flows against the real stack: user_api_keys through supabase-js. */
let stack: TestStack;
let cast: Cast;

/** A signed-in client of the user: a real session row, and a token naming it (the Edge Function asks Auth who it is). */
const clientFor = async (user: ActorUser): Promise<AppClient> => {
  const { rows } = await stack.db.query<{ id: string }>("insert into auth.sessions (user_id, aal) values ($1, 'aal1') returning id", [
    user.id,
  ]);
  return stack.asUser(
    await signJwt(
      {
        sub: user.id,
        email: user.email,
        role: 'authenticated',
        aud: 'authenticated',
        aal: 'aal1',
        session_id: rows[0]!.id,
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      stack.config.jwtSecret,
    ),
  );
};

const KEY_COLUMNS = Object.values(PROVIDER_KEY_COLUMNS) as string[];
const secret = () => stack.config.functionSecrets.PROVIDER_KEYS_SECRET!;

/** The stored row as a dump would show it. */
const rawRow = async (userId: string) =>
  (await stack.db.query<Record<string, string | null>>('select * from public.user_api_keys where user_id = $1', [userId])).rows[0];

/** The stored row with its keys opened — after checking that every stored key is ciphertext. */
const row = async (userId: string) => {
  const stored = await rawRow(userId);
  if (!stored) return stored;
  const opened: Record<string, string | null> = { ...stored };
  for (const column of KEY_COLUMNS) {
    const value = stored[column];
    if (!value) continue;
    expect(value, `${column} is stored encrypted`).toMatch(/^enc:v1:/);
    opened[column] = await decryptKey(secret(), userId, column, value);
  }
  return opened;
};

const deps = async (user: ActorUser, store: KeyValueStore = memoryStore()): Promise<KeyDeps & { store: KeyValueStore }> => ({
  store,
  storage: createTypedStorage(store),
  client: await clientFor(user),
  userId: user.id,
});

/** A browser whose stored keys were last loaded or saved for `userId` (null: signed out). */
const ownedBy = (userId: string | null, keys: Record<string, string> = {}): KeyValueStore =>
  memoryStore({ ...keys, provider_keys_owner: JSON.stringify({ userId }) });

beforeAll(async () => {
  stack = await startTestStack();
  cast = await createCast(stack.db);
});
afterAll(async () => stack?.close());

describe('user_api_keys flows', () => {
  it('no record yet: PGRST116 is no error, the user’s own keys come from local storage', async () => {
    const d = await deps(cast.owner, ownedBy(cast.owner.id, { openai_api_key: 'sk-local-only' }));
    expect(await fetchUserApiKeys(d.client, cast.owner.id)).toEqual({ data: null, error: null });
    const { state, notices } = await loadProviderKeys(d);
    expect(notices).toEqual([]);
    expect(state.hasCloudRecord).toBe(false);
    expect(state.keys.openai).toEqual({ value: 'sk-local-only', source: 'local' });
  });

  it('a valid key is saved locally and upserted to the cloud ("OpenAI API Key Saved")', async () => {
    const d = await deps(cast.owner);
    const result = await saveProviderKey(d, 'openai', 'sk-cloud-1234567890', false);
    expect(result.notice).toEqual({ title: 'OpenAI API Key Saved' });
    expect(result).toMatchObject({ next: { value: 'sk-cloud-1234567890', source: 'cloud' }, hasCloudRecord: true });
    expect(d.store.getItem('openai_api_key')).toBe('sk-cloud-1234567890');
    expect(await row(cast.owner.id)).toMatchObject({ user_id: cast.owner.id, openai_api_key: 'sk-cloud-1234567890' });

    // A second provider only touches its own column.
    const gemini = await saveProviderKey(d, 'gemini', `AIza${'x'.repeat(35)}`, true);
    expect(gemini.notice.title).toBe('Gemini API Key Saved');
    expect(await row(cast.owner.id)).toMatchObject({ openai_api_key: 'sk-cloud-1234567890', gemini_api_key: `AIza${'x'.repeat(35)}` });
  });

  it('another browser of the same user loads the cloud record and mirrors it locally', async () => {
    const d = await deps(cast.owner, ownedBy(cast.owner.id, { openai_api_key: 'sk-stale-local', cohere_api_key: 'old-local' }));
    const { state } = await loadProviderKeys(d);
    expect(state.hasCloudRecord).toBe(true);
    expect(state.keys.openai).toEqual({ value: 'sk-cloud-1234567890', source: 'cloud' });
    expect(state.keys.cohere).toEqual({ value: null, source: 'empty' });
    expect(d.store.getItem('openai_api_key')).toBe('sk-cloud-1234567890');
    expect(d.store.getItem('cohere_api_key')).toBeNull();
  });

  it('the base URL syncs too (and the table refuses non-http URLs)', async () => {
    const d = await deps(cast.owner);
    expect((await saveBaseUrl(d, 'http://localhost:11434/v1', true)).notice.title).toBe('Base URL Saved');
    expect((await row(cast.owner.id))?.custom_base_url).toBe('http://localhost:11434/v1');
    const direct = await d.client.from('user_api_keys').update({ custom_base_url: 'file:///etc/passwd' }).eq('user_id', cast.owner.id);
    expect(direct.error?.code).toBe('23514');
  });

  it('an empty value nulls the cloud key ("OpenAI API Key Cleared"); an invalid one too', async () => {
    const d = await deps(cast.owner, memoryStore({ openai_api_key: 'sk-cloud-1234567890' }));
    const cleared = await saveProviderKey(d, 'openai', '', true);
    expect(cleared.notice).toEqual({ title: 'OpenAI API Key Cleared' });
    expect((await row(cast.owner.id))?.openai_api_key).toBeNull();
    expect(d.store.getItem('openai_api_key')).toBeNull();

    await saveProviderKey(d, 'gemini', 'has spaces in it, invalid', true).then((r) =>
      expect(r.notice).toEqual(KEY_TEXTS.invalid('Gemini')),
    );
    expect((await row(cast.owner.id))?.gemini_api_key).toBeNull();
  });

  it('a cloud failure keeps the local copy and says "DB Save Error"', async () => {
    // Signed in as `other` but saving under the owner's id: RLS refuses the upsert.
    const d = { ...(await deps(cast.other)), userId: cast.owner.id };
    const result = await saveProviderKey(d, 'openai', 'sk-mine-but-wrong-user', true);
    expect(result.notice.title).toBe('DB Save Error');
    expect(result.notice.description).toBe('OpenAI key saved locally, but failed to save to cloud: These are not your keys.');
    expect(result.next).toEqual({ value: 'sk-mine-but-wrong-user', source: 'local' });
    expect(d.store.getItem('openai_api_key')).toBe('sk-mine-but-wrong-user');
    expect((await row(cast.owner.id))?.openai_api_key).toBeNull();
  });

  it('a fetch error other than "no row" gives the fetch notice and falls back to local storage', async () => {
    const d = await deps(cast.other, memoryStore({ openai_api_key: 'sk-fallback' }));
    // A session the server no longer accepts.
    const broken = { ...d, client: stack.asUser('not-a-valid-jwt') };
    const { state, notices } = await loadProviderKeys(broken);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Error fetching AI provider key from DB', variant: 'destructive' });
    expect(notices[0]?.description).toMatch(/Sign in first/);
    expect(state.keys.openai).toEqual({ value: 'sk-fallback', source: 'local' });
  });

  it('nobody else can read a user’s keys', async () => {
    const other = await clientFor(cast.other);
    expect(await fetchUserApiKeys(other, cast.owner.id)).toEqual({ data: null, error: null });
    const admin = await clientFor(cast.admin);
    expect(await fetchUserApiKeys(admin, cast.owner.id)).toEqual({ data: null, error: null });
  });
});

describe('signing in with keys already in this browser (nothing lost, nothing handed over)', () => {
  const gemini = `AIza${'c'.repeat(35)}`;
  let people: Cast;
  let more: Cast;
  beforeAll(async () => {
    people = await createCast(stack.db);
    more = await createCast(stack.db);
  });
  const owner = (store: KeyValueStore) => store.getItem('provider_keys_owner');

  it('keys saved signed out fill the account’s empty columns (uploaded); the cloud wins where it has a value', async () => {
    const alice = people.owner;
    await stack.db.query('insert into public.user_api_keys (user_id, gemini_api_key, openai_api_key) values ($1, $2, null)', [
      alice.id,
      gemini,
    ]);
    const store = ownedBy(null, {
      openai_api_key: 'sk-saved-while-signed-out',
      gemini_api_key: `AIza${'l'.repeat(35)}`,
      cohere_api_key: 'c'.repeat(40),
    });
    const { state, notices } = await loadProviderKeys(await deps(alice, store));
    expect(notices).toEqual([]);
    expect(state.hasCloudRecord).toBe(true);
    expect(state.keys.openai).toEqual({ value: 'sk-saved-while-signed-out', source: 'cloud' });
    expect(state.keys.gemini).toEqual({ value: gemini, source: 'cloud' });
    expect(state.keys.cohere).toEqual({ value: 'c'.repeat(40), source: 'cloud' });
    expect(await row(alice.id)).toMatchObject({
      openai_api_key: 'sk-saved-while-signed-out',
      gemini_api_key: gemini,
      cohere_api_key: 'c'.repeat(40),
    });
    expect(store.getItem('openai_api_key')).toBe('sk-saved-while-signed-out');
    expect(store.getItem('gemini_api_key')).toBe(gemini);
    expect(owner(store)).toBe(JSON.stringify({ userId: alice.id }));
  });

  it('an account without a record gets one with the keys saved signed out; installs without an owner count as signed out', async () => {
    const bob = people.other;
    const store = memoryStore({ openai_api_key: 'sk-legacy-anonymous-key' });
    const { state } = await loadProviderKeys(await deps(bob, store));
    expect(state).toMatchObject({ hasCloudRecord: true, keys: { openai: { value: 'sk-legacy-anonymous-key', source: 'cloud' } } });
    expect((await row(bob.id))?.openai_api_key).toBe('sk-legacy-anonymous-key');
    expect(owner(store)).toBe(JSON.stringify({ userId: bob.id }));
  });

  it('switching accounts without signing out: the previous account’s keys are cleared, never uploaded, never shown', async () => {
    const alice = people.owner;
    const carol = more.owner;
    const store = ownedBy(alice.id, {
      openai_api_key: 'sk-saved-while-signed-out',
      gemini_api_key: gemini,
      cohere_api_key: 'c'.repeat(40),
    });
    const { state, notices } = await loadProviderKeys(await deps(carol, store));
    expect(notices).toEqual([]);
    expect(state.hasCloudRecord).toBe(false);
    expect(Object.values(state.keys).every((key) => key.value === null)).toBe(true);
    expect(await row(carol.id)).toBeUndefined();
    for (const column of ['openai_api_key', 'gemini_api_key', 'cohere_api_key']) expect(store.getItem(column)).toBeNull();
    expect(owner(store)).toBe(JSON.stringify({ userId: carol.id }));
    // Alice's record is untouched.
    expect((await row(alice.id))?.openai_api_key).toBe('sk-saved-while-signed-out');
  });

  it('switching to an account with a record: only its keys', async () => {
    const alice = people.owner;
    const dave = more.other;
    await stack.db.query("insert into public.user_api_keys (user_id, openai_api_key) values ($1, 'sk-dave-own-key-123456')", [dave.id]);
    const store = ownedBy(alice.id, { openai_api_key: 'sk-saved-while-signed-out', cohere_api_key: 'c'.repeat(40) });
    const { state } = await loadProviderKeys(await deps(dave, store));
    expect(state.keys.openai).toEqual({ value: 'sk-dave-own-key-123456', source: 'cloud' });
    expect(state.keys.cohere).toEqual({ value: null, source: 'empty' });
    expect(store.getItem('cohere_api_key')).toBeNull();
    expect(await row(dave.id)).toMatchObject({ openai_api_key: 'sk-dave-own-key-123456', cohere_api_key: null });
  });

  it('the same account again: the cloud record wins, an emptied column removes the local copy', async () => {
    const alice = people.owner;
    await stack.db.query('update public.user_api_keys set cohere_api_key = null where user_id = $1', [alice.id]);
    const store = ownedBy(alice.id, { openai_api_key: 'sk-stale-on-this-device', cohere_api_key: 'c'.repeat(40) });
    const { state } = await loadProviderKeys(await deps(alice, store));
    expect(state.keys.openai).toEqual({ value: 'sk-saved-while-signed-out', source: 'cloud' });
    expect(state.keys.cohere).toEqual({ value: null, source: 'empty' });
    expect(store.getItem('cohere_api_key')).toBeNull();
    expect((await row(alice.id))?.cohere_api_key).toBeNull();
  });

  it('a failed upload keeps the keys in this browser, still marked signed out, so the next sign-in tries again', async () => {
    // Signed in as one user but loading for another: RLS hides the row and refuses the upsert.
    const store = ownedBy(null, { openai_api_key: 'sk-not-lost-1234567' });
    const refused = { ...(await deps(more.admin, store)), userId: people.admin.id };
    const { state, notices } = await loadProviderKeys(refused);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'DB Save Error', variant: 'destructive' });
    expect(notices[0]?.description).toBe('AI provider key saved locally, but failed to save to cloud: These are not your keys.');
    expect(state.keys.openai).toEqual({ value: 'sk-not-lost-1234567', source: 'local' });
    expect(store.getItem('openai_api_key')).toBe('sk-not-lost-1234567');
    expect(owner(store)).toBe(JSON.stringify({ userId: null }));

    const retried = await loadProviderKeys(await deps(people.admin, store));
    expect(retried.state.keys.openai).toEqual({ value: 'sk-not-lost-1234567', source: 'cloud' });
    expect((await row(people.admin.id))?.openai_api_key).toBe('sk-not-lost-1234567');
  });
});

describe('keys at rest', () => {
  it('the table holds only ciphertext: a dump of it shows no key', async () => {
    const person = (await createCast(stack.db)).owner;
    const d = await deps(person);
    const plain = 'sk-dump-must-not-show-this-0123456789';
    await saveProviderKey(d, 'openai', plain, true);
    await saveProviderKey(d, 'anthropic', `sk-ant-${'z'.repeat(40)}`, true);
    const dump = (await stack.db.query<{ line: string }>('select t::text as line from public.user_api_keys t')).rows
      .map((r) => r.line)
      .join('\n');
    expect(dump).not.toContain(plain);
    expect(dump).not.toContain('z'.repeat(40));
    expect((await rawRow(person.id))?.openai_api_key).toMatch(/^enc:v1:/);
    // The owner reads them back through the flows.
    const { state } = await loadProviderKeys(await deps(person));
    expect(state.keys.openai.value).toBe(plain);
  });

  it('a ciphertext copied into another account (or column) does not open', async () => {
    const people = await createCast(stack.db);
    await saveProviderKey(await deps(people.owner), 'openai', 'sk-owner-secret-123456789', true);
    const stolen = (await rawRow(people.owner.id))!.openai_api_key!;
    await stack.db.query('insert into public.user_api_keys (user_id, openai_api_key, gemini_api_key) values ($1, $2, $2)', [
      people.other.id,
      stolen,
    ]);
    const { data } = await (
      await clientFor(people.other)
    ).functions.invoke<{ row: Record<string, string | null> }>('provider-keys', {
      body: { action: 'get', userId: people.other.id },
    });
    expect(data?.row).toMatchObject({ openai_api_key: null, gemini_api_key: null });
    expect(await decryptKey(secret(), people.owner.id, 'gemini_api_key', stolen)).toBeNull();
    expect(await decryptKey('another-secret', people.owner.id, 'openai_api_key', stolen)).toBeNull();
  });

  it('a key stored before encryption is sealed the first time its owner loads it', async () => {
    const person = (await createCast(stack.db)).owner;
    await stack.db.query("insert into public.user_api_keys (user_id, openai_api_key) values ($1, 'sk-legacy-plaintext-123456')", [
      person.id,
    ]);
    const { state } = await loadProviderKeys(await deps(person, ownedBy(person.id)));
    expect(state.keys.openai.value).toBe('sk-legacy-plaintext-123456');
    expect((await rawRow(person.id))?.openai_api_key).toMatch(/^enc:v1:/);
    expect((await row(person.id))?.openai_api_key).toBe('sk-legacy-plaintext-123456');
  });

  it('sealing is bound to its secret: the same plaintext gives a new ciphertext each time', async () => {
    const a = await encryptKey('s', 'u', 'openai_api_key', 'sk-x');
    const b = await encryptKey('s', 'u', 'openai_api_key', 'sk-x');
    expect(a).not.toBe(b);
    expect(await decryptKey('s', 'u', 'openai_api_key', a)).toBe('sk-x');
  });
});
