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

const ids = (data: unknown) => {
  if (!Array.isArray(data)) throw new Error(`expected rows, got ${JSON.stringify(data)}`);
  return (data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
};
/** Runs a query and fails with its error when it has one. */
const rows = async (p: PromiseLike<{ data: unknown; error: unknown }>) => {
  const { data, error } = await p;
  if (error) throw new Error(JSON.stringify(error));
  return ids(data);
};

describe('rest filters', () => {
  it('comparison operators', async () => {
    const db = stack.anon();
    const b = () => db.from('books').select('id');
    expect(await rows(b().eq('id', 3))).toEqual([3]);
    expect(await rows(b().neq('id', 3))).toEqual([1, 2, 4, 5]);
    expect(await rows(b().gt('pages', 288))).toEqual([2, 5]);
    expect(await rows(b().gte('pages', 288))).toEqual([2, 3, 5]);
    expect(await rows(b().lt('price', 9.99))).toEqual([3]);
    expect(await rows(b().lte('price', 9.99))).toEqual([1, 3]);
    expect(await rows(b().gte('published', '1987-01-01').lt('published', '1988-01-01'))).toEqual([4, 5]);
    expect(await rows(b().gt('created_at', '2000-01-01T00:00:00Z'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('pattern operators', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect(await rows(b().like('title', '%Guards%'))).toEqual([3]);
    expect(await rows(b().like('title', '*Guards*'))).toEqual([3]);
    expect(await rows(b().ilike('title', '%the%'))).toEqual([2]);
    expect(await rows(b().likeAnyOf('title', ['Mort%', '%Phlebas']))).toEqual([4, 5]);
    expect(await rows(b().ilikeAllOf('title', ['%a%', '%wizard%']))).toEqual([1]);
    expect(await rows(b().filter('title', 'match', '^[MC]'))).toEqual([4, 5]);
    expect(await rows(b().filter('title', 'imatch', '^the'))).toEqual([2]);
    expect(await rows(b().filter('pages', 'eq(any)', '{183,288}'))).toEqual([1, 3]);
    expect(await rows(b().filter('pages', 'gt(all)', '{200,280}'))).toEqual([2, 3, 5]);
  });

  it('is, isdistinct, in', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect(await rows(b().is('price', null))).toEqual([4]);
    expect(await rows(b().not('price', 'is', null))).toEqual([1, 2, 3, 5]);
    expect(await rows(b().is('summary', null))).toEqual([5]);
    expect(await rows(b().filter('rating', 'isdistinct', '5'))).toEqual([3, 4, 5]);
    expect(await rows(b().in('id', [1, 3, 99]))).toEqual([1, 3]);
    expect(await rows(b().in('title', ['Mort', 'Guards! Guards!', 'a,b']))).toEqual([3, 4]);
    expect(await rows(b().not('id', 'in', '(1,2,3)'))).toEqual([4, 5]);
    expect(await rows(b().in('id', []))).toEqual([]);
    const bools = await stack.anon().from('authors').select('id').is('country', null);
    expect(ids(bools.data)).toEqual([3]);
  });

  it('array, range and json containment', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect(await rows(b().contains('tags', ['fantasy', 'classic']))).toEqual([1]);
    expect(await rows(b().containedBy('tags', ['fantasy', 'humour', 'classic']))).toEqual([1, 3, 4]);
    expect(await rows(b().overlaps('tags', ['space', 'humour']))).toEqual([3, 5]);
    expect(await rows(b().contains('meta', { lang: 'en' }))).toEqual([1, 2, 3]);
    expect(await rows(b().contains('meta', { awards: { count: 2 } }))).toEqual([1]);
    const r = () => stack.anon().from('reservations').select('id');
    expect(await rows(r().contains('during', '[2,3]'))).toEqual([1]);
    expect(await rows(r().overlaps('during', '[4,6)'))).toEqual([1, 2]);
    expect(await rows(r().rangeLt('during', '[10,15)'))).toEqual([1, 2]);
    expect(await rows(r().rangeGt('during', '[10,15)'))).toEqual([3]);
    expect(await rows(r().rangeGte('during', '[5,15)'))).toEqual([2, 3]);
    expect(await rows(r().rangeLte('during', '[1,9)'))).toEqual([1]);
    expect(await rows(r().rangeAdjacent('during', '[10,20)'))).toEqual([2, 3]);
  });

  it('full text search', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect(await rows(b().textSearch('summary', 'wizard & names'))).toEqual([1]);
    expect(await rows(b().textSearch('summary', 'city watch', { type: 'plain', config: 'english' }))).toEqual([3]);
    expect(await rows(b().textSearch('summary', 'two worlds', { type: 'phrase' }))).toEqual([2]);
    expect(await rows(b().textSearch('summary', 'death or dragon', { type: 'websearch', config: 'english' }))).toEqual([3, 4]);
    expect(await rows(b().not('summary', 'fts', 'wizard'))).toEqual([2, 3, 4]);
  });

  it('json path filters', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect(await rows(b().eq('meta->>lang', 'de'))).toEqual([4]);
    expect(await rows(b().eq('meta->awards->>count', '0'))).toEqual([3]);
    expect(await rows(b().gt('meta->awards->count', 1))).toEqual([1]);
  });

  it('or / and trees with nesting and not', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect(await rows(b().or('id.eq.1,pages.gt.400'))).toEqual([1, 5]);
    expect(await rows(b().or('id.eq.4,and(pages.gt.200,pages.lt.280,rating.eq.4)'))).toEqual([4]);
    expect(await rows(b().or('id.eq.4,and(pages.gt.200,pages.lt.300,rating.eq.4)'))).toEqual([3, 4]);
    expect(await rows(b().or('title.eq."Guards! Guards!",title.in.("Mort","x,y")'))).toEqual([3, 4]);
    expect(await rows(b().or('price.is.null,rating.not.gte.4'))).toEqual([4, 5]);
    expect(await rows(b().or('tags.cs.{space},meta->>lang.eq.de'))).toEqual([4, 5]);
    const notOr = await rawFetch(stack, '/books?select=id&not.or=(id.eq.1,id.eq.2)&order=id');
    expect(await notOr.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
    const and = await rawFetch(stack, '/books?select=id&and=(pages.gt.200,or(id.eq.2,id.eq.3))&order=id');
    expect(await and.json()).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await rows(b().match({ author_id: 2, rating: 4 }))).toEqual([3]);
    expect(await rows(b().not('title', 'like', '*a*'))).toEqual([2, 4]);
  });

  it('embedded filters, order, limit and !inner', async () => {
    const db = stack.anon();
    const { data, error } = await db
      .from('authors')
      .select('id, books!author_id(id, pages)')
      .gt('books.pages', 280)
      .order('pages', { referencedTable: 'books', ascending: false })
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, books: [{ id: 2, pages: 387 }] },
      { id: 2, books: [{ id: 3, pages: 288 }] },
      { id: 3, books: [{ id: 5, pages: 471 }] },
      { id: 4, books: [] },
    ]);
    const limited = await db
      .from('authors')
      .select('id, books!author_id(id)')
      .eq('id', 1)
      .limit(1, { referencedTable: 'books' })
      .order('id', { referencedTable: 'books', ascending: false });
    expect(limited.data).toEqual([{ id: 1, books: [{ id: 2 }] }]);
    const inner = await db.from('authors').select('id, books!author_id!inner(id)', { count: 'exact' }).eq('books.tags', '{scifi,space}');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ id: 3, books: [{ id: 5 }] }]);
    expect(inner.count).toBe(1);
    const innerOne = await db.from('books').select('id, authors!author_id!inner(name)').eq('authors.country', 'UK').order('id');
    expect(innerOne.error).toBeNull();
    expect(innerOne.data).toEqual([
      { id: 3, authors: { name: 'Terry' } },
      { id: 4, authors: { name: 'Terry' } },
    ]);
    const embOr = await db
      .from('authors')
      .select('id, books!author_id(id)')
      .or('id.eq.1,id.eq.5', { referencedTable: 'books' })
      .eq('id', 1);
    expect(embOr.data).toEqual([{ id: 1, books: [{ id: 1 }] }]);
    const nested = await db.from('genres').select('name, books(title, authors!author_id(name))').eq('id', 3).single();
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual({ name: 'Humour', books: [{ title: 'Guards! Guards!', authors: { name: 'Terry' } }] });
    const counted = await db.from('authors').select('id, books!author_id(count)').order('id');
    expect(counted.data).toEqual([
      { id: 1, books: [{ count: 2 }] },
      { id: 2, books: [{ count: 2 }] },
      { id: 3, books: [{ count: 1 }] },
      { id: 4, books: [{ count: 0 }] },
    ]);
    const nullEmbed = await rawFetch(stack, '/authors?select=id,books!author_id(id)&books=is.null');
    expect(await nullEmbed.json()).toEqual([{ id: 4, books: [] }]);
    const spread = await db.from('books').select('id, ...authors!author_id(author_name:name)').eq('id', 1).single();
    expect(spread.data).toEqual({ id: 1, author_name: 'Ursula' });
  });
});

describe('rest order and pagination', () => {
  it('orders with nulls first/last and multiple keys', async () => {
    const b = () => stack.anon().from('books').select('id');
    expect((await b().order('price', { ascending: false, nullsFirst: false })).data).toEqual([
      { id: 2 },
      { id: 5 },
      { id: 1 },
      { id: 3 },
      { id: 4 },
    ]);
    expect((await b().order('price', { ascending: true, nullsFirst: true })).data).toEqual([
      { id: 4 },
      { id: 3 },
      { id: 1 },
      { id: 5 },
      { id: 2 },
    ]);
    expect((await b().order('author_id', { ascending: false }).order('pages')).data).toEqual([
      { id: 5 },
      { id: 4 },
      { id: 3 },
      { id: 1 },
      { id: 2 },
    ]);
    const raw = await rawFetch(stack, '/books?select=id&order=rating.desc.nullslast,id.desc');
    expect(await raw.json()).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }, { id: 5 }, { id: 4 }]);
    const byJson = await rawFetch(stack, '/books?select=id&order=meta->>lang.asc.nullslast,id&limit=2');
    expect(await byJson.json()).toEqual([{ id: 4 }, { id: 1 }]);
  });

  it('range, limit, offset, count and Content-Range', async () => {
    const db = stack.anon();
    const page = await db.from('books').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(5);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    const all = await db.from('books').select('id', { count: 'exact' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(5);
    // estimated counts exactly below db-max-rows (planned answers the planner's estimate: rest-writes-more)
    const estimated = await db.from('books').select('id', { count: 'estimated' }).limit(1);
    expect(estimated.count).toBe(5);
    const head = await db.from('books').select('*', { count: 'exact', head: true }).gt('pages', 280);
    expect(head.status).toBe(200);
    expect(head.data).toBeNull();
    expect(head.count).toBe(3);
    const none = await rawFetch(stack, '/books?select=id&id=eq.999', { headers: { prefer: 'count=exact' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    const nocount = await rawFetch(stack, '/books?select=id&order=id&offset=1&limit=2');
    expect(nocount.status).toBe(200);
    expect(nocount.headers.get('content-range')).toBe('1-2/*');
    const header = await rawFetch(stack, '/books?select=id&order=id', {
      headers: { range: '0-1', 'range-unit': 'items', prefer: 'count=exact' },
    });
    expect(header.status).toBe(206);
    expect(header.headers.get('content-range')).toBe('0-1/5');
    expect(await header.json()).toEqual([{ id: 1 }, { id: 2 }]);
    const past = await db.from('books').select('id', { count: 'exact' }).range(10, 20);
    expect(past.status).toBe(416);
    expect(past.error?.code).toBe('PGRST103');
    const headRaw = await rawFetch(stack, '/books?select=id', { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(headRaw.status).toBe(200);
    expect(headRaw.headers.get('content-range')).toBe('0-4/5');
    expect(await headRaw.text()).toBe('');
  });

  it('single and maybeSingle', async () => {
    const db = stack.anon();
    const one = await db.from('books').select('id, title').eq('id', 4).single();
    expect(one.data).toEqual({ id: 4, title: 'Mort' });
    const none = await db.from('books').select('id').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      message: 'Cannot coerce the result to a single JSON object',
    });
    const many = await db.from('books').select('id').single();
    expect(many.status).toBe(406);
    expect(many.error?.details).toBe('The result contains 5 rows');
    const maybeNone = await db.from('books').select('id').eq('id', 999).maybeSingle();
    expect(maybeNone.error).toBeNull();
    expect(maybeNone.data).toBeNull();
    const maybeOne = await db.from('books').select('id').eq('id', 2).maybeSingle();
    expect(maybeOne.data).toEqual({ id: 2 });
    const stripped = await rawFetch(stack, '/books?select=id,price&id=eq.4', {
      headers: { accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(await stripped.json()).toEqual({ id: 4 });
  });
});
