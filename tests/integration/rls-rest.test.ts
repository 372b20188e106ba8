import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { signJwt } from '@/supabase/local/jwt.ts';
import { startTestStack, testDbKind, type TestStack } from '../helpers/stack.ts';
import { ACTORS, createCast, type Actor, type Cast } from './rls/actors.ts';
import { describeRlsMatrix } from './rls/describe-matrix.ts';
import { RLS_MATRIX, type Operation, type TableCase } from './rls/matrix.ts';

/**
 * The same RLS matrix as rls-matrix.test.ts, end to end: the real supabase-js client through the
 * local stack's /rest/v1, with each actor's own JWT. Data is restored after every write.
 */
let stack: TestStack;
let cast: Cast;
const clients = new Map<Actor, SupabaseClient>();
const keys = new Map<string, string>();

beforeAll(async () => {
  stack = await startTestStack();
  cast = await createCast(stack.db);
  clients.set('anon', stack.anon());
  for (const actor of ACTORS) {
    if (actor === 'anon') continue;
    const user = cast[actor];
    const token = await signJwt(
      {
        sub: user.id,
        email: user.email,
        role: 'authenticated',
        aud: 'authenticated',
        aal: 'aal1',
        exp: Math.floor(Date.now() / 1000) + 3600,
      },
      stack.config.jwtSecret,
    );
    clients.set(actor, stack.asUser(token));
  }
});
afterAll(async () => stack?.close());

// Writes are real here (no surrounding rollback), so every check starts from a fresh owner row.
beforeEach(async () => {
  for (const testCase of RLS_MATRIX) {
    const old = keys.get(testCase.table);
    if (old !== undefined && testCase.table !== 'profiles')
      await stack.db.query(`delete from public.${testCase.table} where ${testCase.key} = $1`, [old]);
    // Compared as text: most keys are uuids, and a failed statement costs milliseconds on PostgreSQL.
    await stack.db.query(`delete from public.${testCase.table} where ${testCase.key}::text = any($1)`, [['matrix2', 'matrix-new']]);
    if (testCase.table === 'profiles') {
      // The owner's profile may have been deleted or renamed by the previous check: put it back.
      await stack.db.query(
        "insert into public.profiles (id, email) values ($1, $2) on conflict (id) do update set name = null, role = 'user'",
        [cast.owner.id, cast.owner.email],
      );
    }
    keys.set(testCase.table, await testCase.setup(stack.db, cast));
  }
});

async function attempt(client: SupabaseClient, testCase: TableCase, operation: Operation, actorId: string | null): Promise<boolean> {
  const key = keys.get(testCase.table)!;
  const table = client.from(testCase.table);
  const refused = (error: { code?: string } | null) => {
    if (!error) return false;
    if (error.code === '42501') return true;
    throw new Error(`unexpected error ${JSON.stringify(error)}`);
  };
  switch (operation) {
    case 'select': {
      const { data, error } = await table.select('*').eq(testCase.key, key);
      if (refused(error)) return false;
      return data!.length === 1;
    }
    case 'insert': {
      if (testCase.beforeInsert) await testCase.beforeInsert(stack.db, cast);
      const { error } = await table.insert(testCase.newRow(cast, actorId));
      return !refused(error);
    }
    case 'update': {
      const { data, error } = await table.update(testCase.change).eq(testCase.key, key).select();
      if (refused(error)) return false;
      return data!.length === 1;
    }
    case 'delete': {
      const { data, error } = await table.delete().eq(testCase.key, key).select();
      if (refused(error)) return false;
      // A delete the actor may not see returns no rows; check the row really is gone or still there.
      const still = await stack.db.query(`select 1 from public.${testCase.table} where ${testCase.key} = $1`, [key]);
      return data!.length === 1 && still.rows.length === 0;
    }
  }
}

describeRlsMatrix(`RLS matrix through supabase-js and /rest/v1 (${testDbKind})`, (testCase, actor, operation) =>
  attempt(clients.get(actor)!, testCase, operation, actor === 'anon' ? null : cast[actor].id),
);
