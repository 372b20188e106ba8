import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type UntypedTestStack } from '../helpers/stack.ts';
import { rawFetch, setupFixture } from './rest-fixture.ts';

// Error bodies worded and shaped as current PostgREST answers them.
let stack: UntypedTestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await setupFixture(stack);
});
afterAll(async () => {
  await stack?.close();
});

describe('rest error texts', () => {
  it('PGRST116: cannot coerce to a single object', async () => {
    const { error, status } = await stack.anon().from('books').select('id').single();
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 5 rows',
    });
  });

  it('PGRST201: details list every candidate with cardinality, embedding and relationship', async () => {
    const res = await rawFetch(stack, '/authors?select=*,books(*)');
    expect(res.status).toBe(300);
    const body = (await res.json()) as { code: string; details: unknown; hint: string };
    expect(body.code).toBe('PGRST201');
    expect(body.details).toEqual([
      {
        cardinality: 'one-to-many',
        embedding: 'authors with books',
        relationship: 'books_author_id_fkey using authors(id) and books(author_id)',
      },
      {
        cardinality: 'one-to-many',
        embedding: 'authors with books',
        relationship: 'books_editor_id_fkey using authors(id) and books(editor_id)',
      },
    ]);
    expect(body.hint).toBe(
      "Try changing 'books' to one of the following: 'books!books_author_id_fkey', 'books!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    );
  });

  it('PGRST205, PGRST200 and PGRST202 suggest the closest name', async () => {
    const table = await stack.anon().from('bookss').select('*');
    expect(table.error).toMatchObject({ code: 'PGRST205', hint: "Perhaps you meant the table 'public.books'" });
    const far = await stack.anon().from('zzzzqqq').select('*');
    expect(far.error).toMatchObject({ code: 'PGRST205', hint: null });
    const rel = await stack.anon().from('books').select('id, authorss(*)');
    expect(rel.error).toMatchObject({ code: 'PGRST200', hint: "Perhaps you meant 'authors' instead of 'authorss'." });
    const fn = await stack.anon().rpc('add_number', { a: 1, b: 2 });
    expect(fn.error).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.add_numbers' });
    const params = await stack.anon().rpc('add_numbers', { a: 1, c: 2 });
    expect(params.error).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.add_numbers(a, b)' });
  });
});

describe('rest media types', () => {
  it('CSV is not served (the app asks for none): 406 PGRST107, as for any media type it lacks', async () => {
    const { data, error, status } = await stack.anon().from('books').select('id').order('id').csv();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: text/csv' });
  });
});
