import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Statement } from '@/supabase/local/db/types.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';

/**
 * Database.batch: the statements of one REST request sent as one stream (one round trip, one
 * implicit transaction), prepared once per connection.
 */
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase(testDbKind));
  await db.exec('create table batch_t (id int primary key, note text)');
});
afterAll(async () => drop?.());

const setClaim = (value: string): Statement => ({
  sql: "select set_config('request.claim', $1, true) as claim",
  params: [value],
  name: 'test_set_claim',
});
const readClaim: Statement = { sql: "select current_setting('request.claim', true) as claim", name: 'test_read_claim' };
const insert = (id: number, name = 'test_insert'): Statement => ({
  sql: 'insert into batch_t (id) values ($1::int)',
  params: [String(id)],
  name,
});
const ids = async () => (await db.query<{ id: number }>('select id from batch_t order by id')).rows.map((r) => r.id);

async function failure(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the batch to fail');
}

describe(`Database.batch (${testDbKind})`, () => {
  it('runs the statements in one transaction: a local setting reaches the next statement and ends with it', async () => {
    const [set, read] = await db.batch([setClaim('alice'), readClaim]);
    expect(set!.rows).toEqual([{ claim: 'alice' }]);
    expect(read!.rows).toEqual([{ claim: 'alice' }]);
    const after = await db.query<{ claim: string | null }>("select current_setting('request.claim', true) as claim");
    expect(after.rows[0]!.claim ?? '').toBe('');
  });

  it('keeps interleaved batches apart: each sees only its own settings', async () => {
    const users = Array.from({ length: 24 }, (_, i) => `user-${i}`);
    const seen = await Promise.all(users.map(async (u) => (await db.batch([setClaim(u), readClaim]))[1]!.rows[0]!.claim));
    expect(seen).toEqual(users);
  });

  it('reports rows touched and parses values as the driver does (int8 as text, bytea as bytes)', async () => {
    const [ins, values] = await db.batch([
      insert(1),
      { sql: 'select 5::int8 as big, 2::int4 as small, $1::bytea as bytes', params: [new Uint8Array([1, 2, 255])] },
    ]);
    expect(ins!.affectedRows).toBe(1);
    expect(values!.rows[0]!.big).toBe('5');
    expect(values!.rows[0]!.small).toBe(2);
    expect([...(values!.rows[0]!.bytes as Uint8Array)]).toEqual([1, 2, 255]);
  });

  it('rolls the whole batch back when a statement fails, and throws its error', async () => {
    const error = await failure(() => db.batch([insert(2), { sql: 'select 1/0', name: 'test_divide' }]));
    expect(error.code).toBe('22012');
    expect(await ids()).toEqual([1]);
  });

  it('parses again a named statement whose first use failed (it may or may not exist on the connection)', async () => {
    const broken = (id: number): Statement => ({
      sql: 'insert into batch_t (id, note) values ($1::int, $2)',
      params: [String(id), 'x'],
      name: 'test_note',
    });
    // the parameter count is wrong: the statement parses, the bind fails
    const error = await failure(() => db.batch([{ ...broken(3), params: ['3'] }]));
    expect(error.code).toBe('08P01');
    for (let i = 0; i < 3; i++) await db.batch([broken(10 + i)]);
    expect(await ids()).toEqual([1, 10, 11, 12]);
  });

  it('rolls back when asked before or after the statements, and keeps a read-only batch read-only', async () => {
    await db.batch([insert(20)], { rollback: true });
    const [kept] = await db.batch([insert(21)], { rollbackIf: (r) => r[0]!.affectedRows !== 1 });
    expect(kept!.affectedRows).toBe(1);
    await db.batch([insert(22)], { rollbackIf: () => true });
    // a rollback known in advance wins over the decision afterwards
    await db.batch([insert(23)], { rollback: true, rollbackIf: () => false });
    expect((await failure(() => db.batch([insert(24)], { readOnly: true }))).code).toBe('25006');
    expect(await ids()).toEqual([1, 10, 11, 12, 21]);
    // the connection is usable after each of them
    expect((await db.batch([readClaim]))[0]!.rows).toHaveLength(1);
  });

  it('parses again when a prepared plan no longer fits its table', async () => {
    const read: Statement = { sql: 'select * from batch_t where id = $1::int', params: ['1'], name: 'test_star' };
    expect((await db.batch([read]))[0]!.rows).toEqual([{ id: 1, note: null }]);
    await db.exec('alter table batch_t add column extra text');
    expect((await db.batch([read]))[0]!.rows).toEqual([{ id: 1, note: null, extra: null }]);
  });
});
