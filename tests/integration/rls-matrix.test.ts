import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError, type Database, type Queryable } from '@/supabase/local/db/types.ts';
import { attemptInSql } from './rls/attempt.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';
import { createCast, runAs, type Actor, type Cast } from './rls/actors.ts';
import { describeRlsMatrix } from './rls/describe-matrix.ts';
import { RLS_MATRIX, type Operation, type TableCase } from './rls/matrix.ts';

/**
 * The RLS matrix at the SQL level, on the database kind under test: every table × operation ×
 * actor, run as PostgREST runs a request (role and claims set in the transaction).
 */
let db: Database;
let drop: () => Promise<void>;
let cast: Cast;
const keys = new Map<string, string>();

beforeAll(async () => {
  ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
  cast = await createCast(db);
  for (const testCase of RLS_MATRIX) keys.set(testCase.table, await testCase.setup(db, cast));
});
afterAll(async () => drop?.());

/** Did the operation reach the owner's row? false when RLS filtered it out or refused it. */
const attempt = async (tx: Queryable, testCase: TableCase, operation: Operation, actorId: string | null): Promise<boolean> =>
  (await attemptInSql(tx, testCase, operation, keys.get(testCase.table)!, cast, actorId)).done;

const actorId = (actor: Actor) => (actor === 'anon' ? null : cast[actor].id);

describeRlsMatrix(`RLS matrix (${testDbKind})`, (testCase, actor, operation) =>
  runAs(
    db,
    actor,
    cast,
    (tx) => attempt(tx, testCase, operation, actorId(actor)),
    operation === 'insert' && testCase.beforeInsert ? (tx) => testCase.beforeInsert!(tx, cast) : undefined,
  ),
);

describe(`role rules (${testDbKind})`, () => {
  const setRole = (actor: Actor, targetId: string, role: string) =>
    runAs(db, actor, cast, async (tx) => {
      try {
        return (await tx.query('update public.profiles set role = $1 where id = $2', [role, targetId])).affectedRows === 1;
      } catch (error) {
        if (isPgError(error) && error.code === '42501') return false;
        throw error;
      }
    });

  it('a new auth user gets a profile with the default role user', async () => {
    const { rows } = await db.query<{ role: string; email: string }>('select role, email from public.profiles where id = $1', [
      cast.owner.id,
    ]);
    expect(rows).toEqual([{ role: 'user', email: cast.owner.email }]);
  });

  it('nobody raises their own role', async () => {
    expect(await setRole('owner', cast.owner.id, 'admin')).toBe(false);
    expect(await setRole('admin', cast.admin.id, 'master_admin')).toBe(false);
    expect(await setRole('master_admin', cast.master_admin.id, 'admin')).toBe(false);
  });

  it('an admin assigns editor or view_only to users but never admin', async () => {
    expect(await setRole('admin', cast.owner.id, 'editor')).toBe(true);
    expect(await setRole('admin', cast.owner.id, 'view_only')).toBe(true);
    expect(await setRole('admin', cast.owner.id, 'admin')).toBe(false);
    expect(await setRole('admin', cast.owner.id, 'master_admin')).toBe(false);
  });

  it('an admin neither sees nor touches admin and master_admin accounts', async () => {
    const visible = await runAs(db, 'admin', cast, async (tx) =>
      (await tx.query<{ id: string }>('select id from public.profiles')).rows.map((r) => r.id),
    );
    expect(visible).toContain(cast.owner.id);
    expect(visible).toContain(cast.admin.id); // their own profile
    expect(visible).not.toContain(cast.master_admin.id);
    expect(await setRole('admin', cast.master_admin.id, 'user')).toBe(false);
  });

  it('a master_admin may assign admin, editor or view_only but not master_admin', async () => {
    expect(await setRole('master_admin', cast.owner.id, 'admin')).toBe(true);
    expect(await setRole('master_admin', cast.owner.id, 'editor')).toBe(true);
    expect(await setRole('master_admin', cast.owner.id, 'master_admin')).toBe(false);
    expect(await setRole('master_admin', cast.admin.id, 'view_only')).toBe(true);
  });

  it('a master_admin account cannot be edited or deleted through the API, even by another master_admin', async () => {
    const { rows } = await db.query<{ id: string }>(
      "insert into auth.users (email, email_confirmed_at) values ('second-master@rls.test', now()) returning id",
    );
    const second = rows[0]!.id;
    await db.query("update public.profiles set role = 'master_admin' where id = $1", [second]);
    const touched = await runAs(db, 'master_admin', cast, async (tx) => ({
      update: (await tx.query("update public.profiles set name = 'x' where id = $1", [second])).affectedRows,
      remove: (await tx.query('delete from public.profiles where id = $1', [second])).affectedRows,
    }));
    expect(touched).toEqual({ update: 0, remove: 0 });
  });

  it('folder references must point at the caller’s own folders', async () => {
    const foreignFolder = keys.get('prompt_folders')!;
    const outcome = await runAs(db, 'other', cast, async (tx) => {
      try {
        await tx.query('insert into public.saved_prompts (user_id, name, prompt_text, folder_id) values ($1, $2, $3, $4)', [
          cast.other.id,
          'sneaky',
          'text',
          foreignFolder,
        ]);
        return 'inserted';
      } catch (error) {
        return isPgError(error) ? error.code : 'other error';
      }
    });
    expect(outcome).toBe('42501');
  });

  it('deleting a folder deletes nested folders and their prompts', async () => {
    const ids = await runAs(db, 'owner', cast, async (tx) => {
      const top = (
        await tx.query<{ id: string }>("insert into public.prompt_folders (user_id, name) values ($1, 'Top') returning id", [cast.owner.id])
      ).rows[0]!.id;
      const child = (
        await tx.query<{ id: string }>(
          "insert into public.prompt_folders (user_id, name, parent_folder_id) values ($1, 'Child', $2) returning id",
          [cast.owner.id, top],
        )
      ).rows[0]!.id;
      await tx.query("insert into public.saved_prompts (user_id, name, prompt_text, folder_id) values ($1, 'Deep', 'text', $2)", [
        cast.owner.id,
        child,
      ]);
      await tx.query('delete from public.prompt_folders where id = $1', [top]);
      const left = await tx.query(
        'select (select count(*) from public.prompt_folders where id in ($1, $2))::int as folders, (select count(*) from public.saved_prompts where folder_id = $2)::int as prompts',
        [top, child],
      );
      return left.rows[0];
    });
    expect(ids).toEqual({ folders: 0, prompts: 0 });
  });
});
