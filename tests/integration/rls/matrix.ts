import { ACCOUNT_CASES } from './account-cases.ts';
import type { TableCase } from './cases.ts';
import { CONTENT_CASES } from './content-cases.ts';
import { OPERATIONS_CASES } from './operations-cases.ts';
import { TRAINING_RLS_CASES } from './training-cases.ts';

export { OPERATIONS, type Operation, type TableCase } from './cases.ts';

/**
 * The RLS matrix. Every table with RLS gets a case in one of these lists; later migrations add theirs.
 * `owner` is a plain user; admin and master_admin are other people with those roles.
 */
export const RLS_MATRIX: TableCase[] = [...ACCOUNT_CASES, ...CONTENT_CASES, ...OPERATIONS_CASES, ...TRAINING_RLS_CASES];
