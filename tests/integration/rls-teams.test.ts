import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError, type Database, type Queryable } from '@/supabase/local/db/types.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';
import { OPERATIONS, type Operation } from './rls/matrix.ts';
import { setupTeamCast, TEAM_ACTORS, TEAM_RLS_MATRIX, type TeamActor, type TeamCast, type TeamTableCase } from './rls/team-matrix.ts';

/**
 * The team RLS matrix at the SQL level (migration 20261129000200): each team table and the team's
 * shared workspace and document × operation × team actor, run as PostgREST runs a request (role
 * and claims set in a transaction that is rolled back).
 */
let db: Database;
let drop: () => Promise<void>;
let cast: TeamCast;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
  cast = await setupTeamCast(db);
});
afterAll(async () => drop?.());

class Rollback extends Error {
  constructor(readonly done: boolean) {
    super('rollback');
  }
}

async function attempt(tx: Queryable, testCase: TeamTableCase, operation: Operation, actorId: string | null): Promise<boolean> {
  const table = `public.${testCase.table}`;
  const key = testCase.keyOf(cast);
  try {
    switch (operation) {
      case 'select':
        return (await tx.query(`select 1 from ${table} where ${testCase.key} = $1`, [key])).rows.length === 1;
      case 'insert': {
        const values = testCase.newRow(cast, actorId);
        const columns = Object.keys(values);
        await tx.query(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(values),
        );
        return true;
      }
      case 'update': {
        const [column, value] = Object.entries(testCase.change)[0]!;
        return (await tx.query(`update ${table} set ${column} = $1 where ${testCase.key} = $2`, [value, key])).affectedRows === 1;
      }
      case 'delete':
        return (await tx.query(`delete from ${table} where ${testCase.key} = $1`, [key])).affectedRows === 1;
    }
  } catch (error) {
    // A refusal must be a permission error, not some other failure passing for one.
    if (isPgError(error) && error.code === '42501') return false;
    throw error;
  }
}

async function runAs(actor: TeamActor, testCase: TeamTableCase, operation: Operation): Promise<boolean> {
  const user = actor === 'anon' ? null : cast[actor];
  const claims = user ? { sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email, aal: 'aal1' } : { role: 'anon' };
  try {
    await db.transaction(async (tx) => {
      if (operation === 'insert' && testCase.beforeInsert) await tx.query(testCase.beforeInsert);
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        user ? 'authenticated' : 'anon',
        JSON.stringify(claims),
      ]);
      throw new Rollback(await attempt(tx, testCase, operation, user?.id ?? null));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.done;
    throw error;
  }
  throw new Error('unreachable');
}

describe(`team RLS matrix (${testDbKind})`, () => {
  for (const testCase of TEAM_RLS_MATRIX) {
    describe(testCase.table, () => {
      for (const actor of TEAM_ACTORS) {
        for (const operation of OPERATIONS) {
          const allowed = testCase.expect[actor][operation];
          it(`${actor} ${allowed ? 'may' : 'may not'} ${operation}`, async () => {
            expect(await runAs(actor, testCase, operation)).toBe(allowed);
          });
        }
      }
    });
  }
});
