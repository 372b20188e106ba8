import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@/supabase/local/db/types.ts';

export const ACTORS = ['anon', 'owner', 'other', 'admin', 'master_admin'] as const;
export type Actor = (typeof ACTORS)[number];

export interface ActorUser {
  id: string;
  email: string;
  role: 'user' | 'admin' | 'master_admin';
}

/** The signed-in people of the matrix; anon has none. */
export type Cast = Record<Exclude<Actor, 'anon'>, ActorUser>;

/** Creates auth users (the profile trigger runs) and gives admin roles as the database owner would. */
export async function createCast(db: Database): Promise<Cast> {
  const make = async (label: string, role: ActorUser['role']): Promise<ActorUser> => {
    const id = randomUUID();
    const email = `${label}-${id.slice(0, 8)}@rls.test`;
    await db.query(
      `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data) values ($1, $2, now(), '{"provider":"email","providers":["email"]}')`,
      [id, email],
    );
    if (role !== 'user') await db.query('update public.profiles set role = $2 where id = $1', [id, role]);
    return { id, email, role };
  };
  return {
    owner: await make('owner', 'user'),
    other: await make('other', 'user'),
    admin: await make('admin', 'admin'),
    master_admin: await make('master', 'master_admin'),
  };
}

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}

/**
 * Runs fn as the actor exactly as PostgREST would (role + request.jwt.claims set locally in one
 * transaction), then rolls back so every check starts from the same data.
 */
export async function runAs<T>(
  db: Database,
  actor: Actor,
  cast: Cast,
  fn: (tx: Queryable) => Promise<T>,
  prepare?: (tx: Queryable) => Promise<void>,
): Promise<T> {
  const user = actor === 'anon' ? null : cast[actor];
  const claims = user ? { sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email, aal: 'aal1' } : { role: 'anon' };
  try {
    await db.transaction(async (tx) => {
      await prepare?.(tx);
      await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [
        user ? 'authenticated' : 'anon',
        JSON.stringify(claims),
      ]);
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}
