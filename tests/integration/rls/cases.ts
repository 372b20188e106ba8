import type { Database, Queryable } from '@/supabase/local/db/types.ts';
import type { Actor, Cast } from './actors.ts';

/** The shape of an RLS matrix case and the expectations most tables share. */

export type Operation = 'select' | 'insert' | 'update' | 'delete';
export const OPERATIONS: Operation[] = ['select', 'insert', 'update', 'delete'];

/** true: the actor may do it to the owner's row; false: RLS hides/refuses it. */
export type Expectations = Record<Actor, Record<Operation, boolean>>;

export interface TableCase {
  table: string;
  /** Primary-key column used to address the owner's row. */
  key: string;
  /** Creates the owner's row as the database owner; returns its key value. */
  setup(db: Database, cast: Cast): Promise<string>;
  /** A new row the actor tries to insert on the owner's behalf (or its own, for shared tables). */
  newRow(cast: Cast, actorId: string | null): Record<string, unknown>;
  /** Runs as the database owner before an insert check (e.g. to free a one-row-per-user key). */
  beforeInsert?(tx: Queryable, cast: Cast): Promise<void>;
  /** A harmless change the actor tries to make to the owner's row. */
  change: Record<string, unknown>;
  expect: Expectations;
}

export const row = (select: boolean, insert: boolean, update: boolean, del: boolean) => ({ select, insert, update, delete: del });

export const ownerOnly: Expectations = {
  anon: row(false, false, false, false),
  owner: row(true, true, true, true),
  other: row(false, false, false, false),
  admin: row(false, false, false, false),
  master_admin: row(false, false, false, false),
};

/** Rows only database functions write (counters, markers): their owner reads them. */
export const ownerReadsOnly: Expectations = {
  anon: row(false, false, false, false),
  owner: row(true, false, false, false),
  other: row(false, false, false, false),
  admin: row(false, false, false, false),
  master_admin: row(false, false, false, false),
};

export const publicReadAdminWrite: Expectations = {
  anon: row(true, false, false, false),
  owner: row(true, false, false, false),
  other: row(true, false, false, false),
  admin: row(true, true, true, true),
  master_admin: row(true, true, true, true),
};
