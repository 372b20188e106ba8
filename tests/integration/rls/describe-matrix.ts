import { describe, expect, it } from 'vitest';
import { ACTORS, type Actor } from './actors.ts';
import { OPERATIONS, RLS_MATRIX, type Operation, type TableCase } from './matrix.ts';

/** Did the actor's operation reach the owner's row? */
export type MatrixCheck = (testCase: TableCase, actor: Actor, operation: Operation) => Promise<boolean>;

/** One test per table × actor × operation, each expecting exactly what the matrix allows. */
export function describeRlsMatrix(title: string, check: MatrixCheck): void {
  describe(title, () => {
    for (const testCase of RLS_MATRIX) {
      describe(testCase.table, () => {
        for (const actor of ACTORS) {
          for (const operation of OPERATIONS) {
            const allowed = testCase.expect[actor][operation];
            it(`${actor} ${allowed ? 'may' : 'may not'} ${operation}`, async () => {
              expect(await check(testCase, actor, operation)).toBe(allowed);
            });
          }
        }
      });
    }
  });
}
