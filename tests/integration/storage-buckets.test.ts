import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { text } from './storage-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('storage buckets', () => {
  it('creates, lists, gets, updates and deletes buckets with the service role', async () => {
    const storage = stack.service().storage;
    const created = await storage.createBucket('docs', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['text/plain'] });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: 'docs' });
    const again = await storage.createBucket('docs');
    expect(again.error?.message).toBe('The resource already exists');
    expect((again.error as unknown as { statusCode: string }).statusCode).toBe('409');
    const got = await storage.getBucket('docs');
    expect(got.data).toMatchObject({ id: 'docs', name: 'docs', public: false, file_size_limit: 1000, allowed_mime_types: ['text/plain'] });
    const list = await storage.listBuckets();
    expect(list.data?.map((b) => b.id)).toContain('docs');
    const updated = await storage.updateBucket('docs', { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    expect((await storage.getBucket('docs')).data).toMatchObject({
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/*'],
    });
    const missing = await storage.getBucket('nope');
    expect(missing.error?.message).toBe('Bucket not found');
    expect((missing.error as unknown as { status: number }).status).toBe(400);
    expect((await storage.deleteBucket('docs')).data).toEqual({ message: 'Successfully deleted' });
    expect((await storage.getBucket('docs')).error?.message).toBe('Bucket not found');
  });

  it('refuses to delete a non-empty bucket until it is emptied', async () => {
    const storage = stack.service().storage;
    await storage.createBucket('full');
    expect((await storage.from('full').upload('a/b.txt', text('x'))).error).toBeNull();
    const refused = await storage.deleteBucket('full');
    expect(refused.error?.message).toBe('The bucket you tried to delete is not empty');
    expect((await storage.emptyBucket('full')).data).toEqual({ message: 'Successfully emptied' });
    expect((await storage.deleteBucket('full')).error).toBeNull();
  });

  it('lets RLS decide bucket creation and listing for other roles', async () => {
    const anon = stack.anon().storage;
    const refused = await anon.createBucket('mine');
    expect(refused.error?.message).toBe('new row violates row-level security policy');
    expect((refused.error as unknown as { statusCode: string }).statusCode).toBe('403');
    await stack.service().storage.createBucket('hidden');
    expect((await anon.listBuckets()).data).toEqual([]);
  });

  it('enforces the size limit and allowed mime types, wildcards included', async () => {
    const storage = stack.service().storage;
    await storage.createBucket('limited', { public: false, fileSizeLimit: 10, allowedMimeTypes: ['image/*', 'text/plain'] });
    const big = await storage.from('limited').upload('big.txt', text('more than ten bytes'));
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
    expect((big.error as unknown as { statusCode: string }).statusCode).toBe('413');
    const wrong = await storage.from('limited').upload('x.json', text('{}', 'application/json'));
    expect(wrong.error?.message).toBe('mime type application/json is not supported');
    expect((wrong.error as unknown as { statusCode: string }).statusCode).toBe('415');
    expect((await storage.from('limited').upload('p.png', text('png', 'image/png'))).error).toBeNull();
    expect((await storage.from('limited').upload('t.txt', text('ok'))).error).toBeNull();
  });

  it('answers storage-api errors for a bad JWT and unknown routes', async () => {
    const res = await fetch(`${stack.url}/storage/v1/bucket`, { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const render = await fetch(`${stack.url}/storage/v1/render/image/public/x/y.png`);
    expect(render.status).toBe(404);
  });
});
