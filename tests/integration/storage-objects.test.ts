import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { text } from './storage-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack({ config: { storageFileSizeLimit: 2_000_000 } });
  await stack.service().storage.createBucket('files');
  await stack.service().storage.createBucket('open', { public: true });
});
afterAll(async () => {
  await stack?.close();
});

const files = () => stack.service().storage.from('files');
/** storage-api answers HTTP 400 with the meaningful status in the body's statusCode. */
const NOT_FOUND = { name: 'StorageApiError', message: 'Object not found', status: 400, statusCode: '404' };

describe('storage objects', () => {
  it('uploads (multipart and raw), refuses duplicates unless upsert, and downloads the bytes', async () => {
    const up = await files().upload('notes/a.txt', text('hello'), { cacheControl: '60', metadata: { topic: 'greeting' } });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'notes/a.txt', fullPath: 'files/notes/a.txt' });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const dup = await files().upload('notes/a.txt', text('again'));
    expect(dup.error?.message).toBe('The resource already exists');
    const upsert = await files().upload('notes/a.txt', text('hello 2'), { upsert: true });
    expect(upsert.error).toBeNull();
    const raw = await files().upload('notes/raw.json', new TextEncoder().encode('{"a":1}'), { contentType: 'application/json' });
    expect(raw.error).toBeNull();
    const down = await files().download('notes/a.txt');
    expect(await down.data?.text()).toBe('hello 2');
    const json = await files().download('notes/raw.json');
    expect(json.data?.type).toBe('application/json');
    expect(await json.data?.text()).toBe('{"a":1}');
    const updated = await files().update('notes/raw.json', new TextEncoder().encode('{"a":2}'), { contentType: 'application/json' });
    expect(updated.error).toBeNull();
    expect(await (await files().download('notes/raw.json')).data?.text()).toBe('{"a":2}');
    const missing = await files().download('notes/none.txt');
    expect(missing.error).toMatchObject(NOT_FOUND);
  });

  it('reports info and existence, and records metadata rows', async () => {
    await files().upload('info/i.txt', text('12345'), { metadata: { k: 'v' } });
    const info = await files().info('info/i.txt');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: 'info/i.txt', bucketId: 'files', size: 5, contentType: 'text/plain', metadata: { k: 'v' } });
    expect((await files().exists('info/i.txt')).data).toBe(true);
    expect((await files().exists('info/none.txt')).data).toBe(false);
    const { rows } = await stack.db.query<{ path_tokens: string[]; size: number }>(
      "select path_tokens, (metadata->>'size')::int as size from storage.objects where bucket_id = 'files' and name = 'info/i.txt'",
    );
    expect(rows).toEqual([{ path_tokens: ['info', 'i.txt'], size: 5 }]);
  });

  it('lists one level with folders as null-id entries, with search, sort, limit and offset', async () => {
    for (const name of ['l/b.txt', 'l/a.txt', 'l/c.txt', 'l/sub/d.txt', 'l/sub/e.txt']) await files().upload(name, text(name));
    const all = await files().list('l');
    expect(all.error).toBeNull();
    expect(all.data?.map((e) => e.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'sub']);
    const folder = all.data?.find((e) => e.name === 'sub');
    expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null });
    expect(all.data?.[0]?.metadata).toMatchObject({ size: 'l/a.txt'.length, mimetype: 'text/plain' });
    const page = await files().list('l', { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data?.map((e) => e.name)).toEqual(['c.txt', 'b.txt']);
    expect((await files().list('l', { search: 'b' })).data?.map((e) => e.name)).toEqual(['b.txt']);
    expect((await files().list('l/sub')).data?.map((e) => e.name)).toEqual(['d.txt', 'e.txt']);
  });

  it('lists flat with list-v2: folders once with the delimiter, paged by cursor', async () => {
    for (const name of ['v/a.txt', 'v/b.txt', 'v/sub/c.txt', 'v/sub/d.txt', 'v/z.txt']) await files().upload(name, text(name));
    const first = await files().listV2({ prefix: 'v/', with_delimiter: true, limit: 3 });
    expect(first.error).toBeNull();
    expect(first.data?.objects.map((o) => o.name)).toEqual(['v/a.txt', 'v/b.txt']);
    expect(first.data?.folders.map((f) => f.name)).toEqual(['v/sub/']);
    expect(first.data?.hasNext).toBe(true);
    const next = await files().listV2({ prefix: 'v/', with_delimiter: true, limit: 3, cursor: first.data!.nextCursor });
    expect(next.data?.objects.map((o) => o.name)).toEqual(['v/z.txt']);
    expect(next.data?.folders).toEqual([]);
    expect(next.data?.hasNext).toBe(false);
    const flat = await files().listV2({ prefix: 'v/sub' });
    expect(flat.data?.objects.map((o) => o.key)).toEqual(['v/sub/c.txt', 'v/sub/d.txt']);
  });

  it('moves, copies (also across buckets) and removes in bulk', async () => {
    await files().upload('m/one.txt', text('one'));
    expect((await files().move('m/one.txt', 'm/two.txt')).error).toBeNull();
    expect((await files().download('m/one.txt')).error).toMatchObject(NOT_FOUND);
    expect(await (await files().download('m/two.txt')).data?.text()).toBe('one');
    const copy = await files().copy('m/two.txt', 'm/three.txt');
    expect(copy.data).toEqual({ path: 'files/m/three.txt' });
    expect((await files().copy('m/two.txt', 'copied.txt', { destinationBucket: 'open' })).error).toBeNull();
    expect(await (await stack.service().storage.from('open').download('copied.txt')).data?.text()).toBe('one');
    expect((await files().move('m/none.txt', 'm/x.txt')).error?.message).toBe('Object not found');
    const removed = await files().remove(['m/two.txt', 'm/three.txt', 'm/none.txt']);
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['m/three.txt', 'm/two.txt']);
    expect((await files().list('m')).data).toEqual([]);
  });

  it('serves public objects without any header and refuses private buckets there', async () => {
    await stack.service().storage.from('open').upload('pic.png', text('png-bytes', 'image/png'));
    const { data } = stack.anon().storage.from('open').getPublicUrl('pic.png');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('png-bytes');
    await files().upload('secret.txt', text('s'));
    const hidden = await fetch(files().getPublicUrl('secret.txt').data.publicUrl);
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('signs download URLs (one and many, with download) and expires them', async () => {
    await files().upload('s/doc.txt', text('signed'));
    const one = await files().createSignedUrl('s/doc.txt', 60, { download: 'saved.txt' });
    expect(one.error).toBeNull();
    const res = await fetch(one.data!.signedUrl);
    expect(await res.text()).toBe('signed');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename=saved.txt');
    const many = await files().createSignedUrls(['s/doc.txt', 's/none.txt'], 60);
    expect(many.data?.[1]).toMatchObject({
      path: 's/none.txt',
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    });
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('signed');
    const forged = one.data!.signedUrl.replace('s/doc.txt', 's/other.txt');
    expect((await fetch(forged)).status).toBe(400);
    expect((await files().createSignedUrl('s/none.txt', 60)).error?.message).toBe('Object not found');
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await signJwt({ url: 'files/s/doc.txt', iat: past - 60, exp: past }, stack.config.jwtSecret);
    const late = await fetch(`${stack.url}/storage/v1/object/sign/files/s/doc.txt?token=${expired}`);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'ExpiredToken', message: 'The provided token has expired.' });
  });

  it('uploads through a signed upload URL without a JWT', async () => {
    const signed = await files().createSignedUploadUrl('up/via-url.txt');
    expect(signed.error).toBeNull();
    const anonClient = stack.anon().storage.from('files');
    const up = await anonClient.uploadToSignedUrl('up/via-url.txt', signed.data!.token, text('by url'));
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe('files/up/via-url.txt');
    expect(await (await files().download('up/via-url.txt')).data?.text()).toBe('by url');
    const wrong = await anonClient.uploadToSignedUrl('up/elsewhere.txt', signed.data!.token, text('x'));
    // The token names the object it was made for.
    expect(wrong.error).toMatchObject({ name: 'StorageApiError', message: 'Invalid signature', status: 400, statusCode: '400' });
  });

  it('takes uploads past the API body limit up to the global file size limit', async () => {
    const big = new Uint8Array(1_500_000).fill(7);
    expect((await files().upload('big/ok.bin', big, { contentType: 'application/octet-stream' })).error).toBeNull();
    expect((await (await files().download('big/ok.bin')).data?.arrayBuffer())?.byteLength).toBe(1_500_000);
    const tooBig = await files().upload('big/no.bin', new Uint8Array(2_500_000), { contentType: 'application/octet-stream' });
    expect(tooBig.error?.message).toBe('The object exceeded the maximum allowed size');
    expect((tooBig.error as unknown as { statusCode: string }).statusCode).toBe('413');
    // The other APIs keep their own body limit.
    const rest = await fetch(`${stack.url}/rest/v1/rpc/anything`, {
      method: 'POST',
      headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(1_500_000) }),
    });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ code: 'PGRST413' });
  });

  it('refuses names that would leave the storage directory', async () => {
    for (const name of ['../escape.txt', 'a/../../b.txt', '/abs.txt']) {
      // Encoded whole (dots too), so no URL parser resolves the dots before the server sees them.
      const encoded = encodeURIComponent(name).replace(/\./g, '%2E');
      const res = await fetch(`${stack.url}/storage/v1/object/files/${encoded}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.config.serviceRoleKey}`, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Invalid key/);
    }
  });
});
