import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch, setupFixture } from './rest-fixture.ts';

let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

describe('rest select', () => {
  it('selects columns, aliases, casts and json paths', async () => {
    const { data, error, status } = await stack
      .anon()
      .from('books')
      .select('id, label:title, pages::text, lang:meta->>lang, meta->awards->count, price')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, label: 'A Wizard of Earthsea', pages: '183', lang: 'en', count: 2, price: 9.99 }]);
  });

  it('select * returns all columns with JSON types', async () => {
    const { data } = await stack.anon().from('books').select().eq('id', 2).single();
    expect(data).toMatchObject({
      id: 2,
      title: 'The Dispossessed',
      tags: ['scifi', 'classic'],
      meta: { lang: 'en' },
      published: '1974-05-01',
      price: 12.5,
    });
  });

  it('embeds to-one, to-many, one-to-one and many-to-many', async () => {
    const { data, error } = await stack
      .anon()
      .from('authors')
      .select('name, books!author_id(title), author_profiles(bio), edited:books!editor_id(title)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Ursula',
      books: [{ title: 'A Wizard of Earthsea' }, { title: 'The Dispossessed' }],
      author_profiles: { bio: 'Wrote Earthsea' },
      edited: [{ title: 'Guards! Guards!' }],
    });
    const m2o = await stack
      .anon()
      .from('books')
      .select('title, author:authors!author_id(name), editor:editor_id(name)')
      .eq('id', 3)
      .single();
    expect(m2o.error).toBeNull();
    expect(m2o.data).toEqual({ title: 'Guards! Guards!', author: { name: 'Terry' }, editor: { name: 'Ursula' } });
    const m2m = await stack.anon().from('books').select('id, genres(name)').eq('id', 3).single();
    expect(m2m.error).toBeNull();
    expect((m2m.data as { genres: { name: string }[] }).genres.map((g) => g.name).sort()).toEqual(['Fantasy', 'Humour']);
  });
});

describe('raw', () => {
  it('content-range', async () => {
    const res = await rawFetch(stack, '/books?select=id&order=id&limit=2', { headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/5');
    expect(await res.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
