import { isPgError, type Queryable } from '@/supabase/local/db/types.ts';
import type { Cast } from './actors.ts';
import type { Operation, TableCase } from './matrix.ts';

/** What an operation on the owner's row came to: done, or refused/hidden (with the refusal's message). */
export interface Attempt {
  done: boolean;
  refusal: string | null;
}

/** Tries one operation on the owner's row (`key`) in SQL, as the role and claims already set on `tx`. */
export async function attemptInSql(
  tx: Queryable,
  testCase: TableCase,
  operation: Operation,
  key: string,
  cast: Cast,
  actorId: string | null,
): Promise<Attempt> {
  const table = `public.${testCase.table}`;
  try {
    switch (operation) {
      case 'select':
        return { done: (await tx.query(`select 1 from ${table} where ${testCase.key} = $1`, [key])).rows.length === 1, refusal: null };
      case 'insert': {
        const values = testCase.newRow(cast, actorId);
        const columns = Object.keys(values);
        await tx.query(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          // node-postgres sends a JS array as a Postgres array: an array of objects is a jsonb value (pitch_decks.slides).
          Object.values(values).map((v) => (Array.isArray(v) && v.some((x) => typeof x === 'object') ? JSON.stringify(v) : v)),
        );
        return { done: true, refusal: null };
      }
      case 'update': {
        const [column, value] = Object.entries(testCase.change)[0]!;
        const { affectedRows } = await tx.query(`update ${table} set ${column} = $1 where ${testCase.key} = $2`, [value, key]);
        return { done: affectedRows === 1, refusal: null };
      }
      case 'delete':
        return { done: (await tx.query(`delete from ${table} where ${testCase.key} = $1`, [key])).affectedRows === 1, refusal: null };
    }
  } catch (error) {
    // A refusal must be a permission error, not some other failure passing for one.
    if (isPgError(error) && error.code === '42501') return { done: false, refusal: error.message };
    throw error;
  }
}
