import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { FOLDER_POLICIES, text, tokenFor, USER_A, USER_B } from './storage-fixture.ts';

let stack: UntypedTestStack;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(FOLDER_POLICIES);
  tokenA = await tokenFor(stack, USER_A);
  tokenB = await tokenFor(stack, USER_B);
});
afterAll(async () => {
  await stack?.close();
});

const as = (token: string) => stack.asUser(token).storage.from('private');
const RLS = 'new row violates row-level security policy';
/** What a read the select policy hides answers: storage-api's 400 with statusCode 404. */
const NOT_FOUND = { name: 'StorageApiError', message: 'Object not found', status: 400, statusCode: '404' };

describe('storage RLS', () => {
  it('lets a user write and read only under their own folder', async () => {
    const up = await as(tokenA).upload(`${USER_A}/note.txt`, text('mine'));
    expect(up.error).toBeNull();
    expect(await (await as(tokenA).download(`${USER_A}/note.txt`)).data?.text()).toBe('mine');
    const outside = await as(tokenA).upload(`${USER_B}/planted.txt`, text('x'));
    expect(outside.error?.message).toBe(RLS);
    expect((outside.error as unknown as { statusCode: string }).statusCode).toBe('403');
    const { rows } = await stack.db.query<{ owner: string; owner_id: string }>(
      "select owner::text as owner, owner_id from storage.objects where bucket_id = 'private' and name = $1",
      [`${USER_A}/note.txt`],
    );
    expect(rows).toEqual([{ owner: USER_A, owner_id: USER_A }]);
  });

  it("refuses another user and anon A's files", async () => {
    await as(tokenA).upload(`${USER_A}/keep.txt`, text('a'));
    expect((await as(tokenB).download(`${USER_A}/keep.txt`)).error).toMatchObject(NOT_FOUND);
    expect((await as(tokenB).list(USER_A)).data).toEqual([]);
    expect((await as(tokenB).createSignedUrl(`${USER_A}/keep.txt`, 60)).error?.message).toBe('Object not found');
    expect((await as(tokenB).remove([`${USER_A}/keep.txt`])).data).toEqual([]);
    const anon = stack.anon().storage.from('private');
    expect((await anon.upload(`${USER_A}/anon.txt`, text('x'))).error?.message).toBe(RLS);
    expect((await anon.download(`${USER_A}/keep.txt`)).error).toMatchObject(NOT_FOUND);
    expect((await as(tokenA).list(USER_A)).data?.map((e) => e.name)).toContain('keep.txt');
  });

  it('needs only the insert policy for a plain upload, and select for reading it back', async () => {
    const drop = stack.asUser(tokenA).storage.from('dropbox');
    expect((await drop.upload('letter.txt', text('hi'))).error).toBeNull();
    expect((await drop.download('letter.txt')).error).toMatchObject(NOT_FOUND);
    expect((await drop.upload('letter.txt', text('again'), { upsert: true })).error?.message).toBe(RLS);
    expect(await (await stack.service().storage.from('dropbox').download('letter.txt')).data?.text()).toBe('hi');
  });

  it('checks a signed upload URL against the policies when it is made', async () => {
    expect((await as(tokenB).createSignedUploadUrl(`${USER_A}/sneaky.txt`)).error?.message).toBe(RLS);
    const own = await as(tokenB).createSignedUploadUrl(`${USER_B}/ok.txt`);
    expect(own.error).toBeNull();
    expect((await stack.anon().storage.from('private').uploadToSignedUrl(`${USER_B}/ok.txt`, own.data!.token, text('b'))).error).toBeNull();
    const { rows } = await stack.db.query<{ owner: string }>('select owner::text as owner from storage.objects where name = $1', [
      `${USER_B}/ok.txt`,
    ]);
    expect(rows).toEqual([{ owner: USER_B }]);
  });

  it('serves a public bucket to anyone, while writes still need a policy', async () => {
    await stack.service().storage.from('pics').upload('cat.png', text('meow', 'image/png'));
    const res = await fetch(stack.anon().storage.from('pics').getPublicUrl('cat.png').data.publicUrl);
    expect(await res.text()).toBe('meow');
    expect((await stack.anon().storage.from('pics').upload('dog.png', text('woof', 'image/png'))).error?.message).toBe(RLS);
  });

  it('refuses a missing or forged JWT as storage-api does', async () => {
    const none = await fetch(`${stack.url}/storage/v1/object/private/${USER_A}/note.txt`);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const forged = stack.asUser(await tokenFor({ ...stack, config: { ...stack.config, jwtSecret: 'x'.repeat(40) } }, USER_A));
    const refused = await forged.storage.from('private').download(`${USER_A}/note.txt`);
    expect(refused.error).toMatchObject({
      name: 'StorageApiError',
      message: 'signature verification failed',
      status: 400,
      statusCode: '403',
    });
  });
});
