import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '@/supabase/local/db/types.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';
import { createCast, runAs, type Cast } from './rls/actors.ts';

/**
 * The shared SQL helpers: one folder-cycle trigger function for every folder table, one ownership
 * check for every policy that took a per-table helper, and one view_only refusal for every table
 * that refuses view_only writes, with the errors the per-table copies gave.
 */
let db: Database;
let drop: () => Promise<void>;
let cast: Cast;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
  cast = await createCast(db);
});
afterAll(async () => drop?.());

const insertFolder = async (tx: Queryable, table: string, name: string, parent: string | null) =>
  (await tx.query<{ id: string }>(`insert into public.${table} (name, parent_folder_id) values ($1, $2) returning id`, [name, parent]))
    .rows[0]!.id;

/** The SQLSTATE and message a statement fails with. */
async function failure(run: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('expected the statement to fail');
}

describe(`shared SQL helpers (${testDbKind})`, () => {
  it('leaves one trigger function and one ownership helper in place of the per-table copies', async () => {
    const triggers = await db.query<{ table_name: string; def: string }>(
      `select t.tgrelid::regclass::text as table_name, pg_get_triggerdef(t.oid) as def from pg_trigger t
       where t.tgname like '%check_parent' order by 1`,
    );
    expect(triggers.rows.map((r) => r.table_name)).toEqual(['document_folders', 'prompt_folders']);
    for (const { def } of triggers.rows) expect(def).toMatch(/EXECUTE FUNCTION private\.check_folder_parent\('parent_folder_id'\)$/);

    const gone = await db.query(
      `select p.proname from pg_proc p where p.proname in
       ('prompt_folders_check_parent', 'document_folders_check_parent', 'owns_prompt_folder', 'owns_document_folder', 'owns_kb_folder', 'owns_saved_prompt')`,
    );
    expect(gone.rows).toEqual([]);

    const policies = await db.query<{ table_name: string }>(
      `select distinct p.polrelid::regclass::text as table_name from pg_policy p
       where coalesce(pg_get_expr(p.polqual, p.polrelid), '') || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') like '%private.owns_row(%'
       order by 1`,
    );
    expect(policies.rows.map((r) => r.table_name)).toEqual([
      'conversation_messages',
      'conversations',
      'document_folders',
      'generated_documents',
      'kb_documents',
      'kb_settings',
      'prompt_folders',
      'prompt_runs',
      'saved_prompts',
    ]);
  });

  it.each(['prompt_folders', 'document_folders'])('%s: refuses a cycle and another user’s parent with the same errors', async (table) => {
    const cycle = { code: '23514', message: 'A folder cannot be moved into itself or one of its subfolders.' };
    await runAs(db, 'owner', cast, async (tx) => {
      const top = await insertFolder(tx, table, 'Top', null);
      const middle = await insertFolder(tx, table, 'Middle', top);
      const bottom = await insertFolder(tx, table, 'Bottom', middle);
      const move = (id: string, parent: string) => () =>
        tx.query(`update public.${table} set parent_folder_id = $2 where id = $1`, [id, parent]);
      // Savepoints so a refused statement leaves the transaction usable for the next one.
      const refused = async (run: () => Promise<unknown>) => {
        await tx.query('savepoint refused');
        const error = await failure(run);
        await tx.query('rollback to savepoint refused');
        return error;
      };
      expect(await refused(move(top, bottom))).toEqual(cycle);
      expect(await refused(move(top, top))).toEqual(cycle);
      expect(await refused(move(middle, bottom))).toEqual(cycle);
      // A move elsewhere is fine.
      await move(bottom, top)();
    });

    const theirs = (
      await db.query<{ id: string }>(`insert into public.${table} (user_id, name) values ($1, 'Theirs') returning id`, [cast.other.id])
    ).rows[0]!.id;
    try {
      expect(await runAs(db, 'owner', cast, (tx) => failure(() => insertFolder(tx, table, 'Mine', theirs)))).toEqual({
        code: '23503',
        message: 'Parent folder not found.',
      });
    } finally {
      await db.query(`delete from public.${table} where id = $1`, [theirs]);
    }
  });

  it('refuses view_only writes through one trigger function, the sentence given per table', async () => {
    const triggers = await db.query<{ table_name: string; def: string }>(
      `select t.tgrelid::regclass::text as table_name, pg_get_triggerdef(t.oid) as def from pg_trigger t
       where t.tgname like '%refuse_view_only' order by 1`,
    );
    expect(triggers.rows.map((r) => r.table_name)).toEqual([
      'conversation_messages',
      'conversations',
      'document_folders',
      'generated_documents',
      'generated_documents',
      'generated_images',
      'kb_documents',
      'kb_folders',
      'offers',
      'pitch_decks',
      'prompt_folders',
      'saved_prompts',
      'shares',
      'startup_ideas',
      'workflows',
      'workspaces',
    ]);
    for (const { def } of triggers.rows)
      expect(def).toMatch(/EXECUTE FUNCTION private\.refuse_view_only\('View-only accounts cannot [a-z ,]+\.'\)$/);
    // Downloads count on the document (reading): only other changes of a document are refused.
    expect(triggers.rows.find((r) => r.def.includes('generated_documents_edit_refuse_view_only'))?.def).toContain('download_count');
    const gone = await db.query(
      `select proname from pg_proc where proname in ('startup_ideas_refuse_view_only', 'conversations_refuse_view_only')`,
    );
    expect(gone.rows).toEqual([]);
  });

  it('lets a row point only at the caller’s own folder or prompt (or nothing)', async () => {
    const ownerRow = async (sql: string) => (await db.query<{ id: string }>(sql, [cast.owner.id])).rows[0]!.id;
    const promptFolder = await ownerRow("insert into public.prompt_folders (user_id, name) values ($1, 'Owner prompts') returning id");
    const prompt = await ownerRow(
      "insert into public.saved_prompts (user_id, name, prompt_text) values ($1, 'Owner prompt', 'x') returning id",
    );
    const documentFolder = await ownerRow(
      "insert into public.document_folders (user_id, name) values ($1, 'Owner documents') returning id",
    );
    const kbFolder = await ownerRow("insert into public.kb_folders (user_id, name) values ($1, 'Owner KB') returning id");
    const inserts: [string, string, string][] = [
      ['saved_prompts', "insert into public.saved_prompts (name, prompt_text, folder_id) values ('P', 'x', $1)", promptFolder],
      [
        'prompt_runs',
        "insert into public.prompt_runs (prompt_id, prompt_name, final_prompt, provider, status) values ($1, 'P', 'x', 'openai', 'done')",
        prompt,
      ],
      [
        'generated_documents',
        "insert into public.generated_documents (name, content, format, folder_id) values ('D', 'x', 'txt', $1)",
        documentFolder,
      ],
      ['kb_documents', "insert into public.kb_documents (name, type, content, folder_id) values ('K', 'text', 'x', $1)", kbFolder],
    ];
    for (const [table, sql, reference] of inserts) {
      expect(await runAs(db, 'owner', cast, async (tx) => (await tx.query(sql, [reference])).affectedRows), table).toBe(1);
      expect(await runAs(db, 'owner', cast, async (tx) => (await tx.query(sql, [null])).affectedRows), table).toBe(1);
      expect(await runAs(db, 'other', cast, (tx) => failure(() => tx.query(sql, [reference]))), table).toEqual({
        code: '42501',
        message: `new row violates row-level security policy for table "${table}"`,
      });
    }
  });
});
