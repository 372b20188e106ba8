import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/supabase/local/db/types.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';

/**
 * The database advisor (supabase/tests/advisor.sql: Supabase's splinter lints for the API schema)
 * on the migrated schema: no errors, no warnings, no notes. A migration that brings one back fails here.
 */
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
});
afterAll(async () => drop?.());

describe(`database advisor (${testDbKind})`, () => {
  it('finds nothing in the migrated schema', async () => {
    const sql = await readFile(new URL('../../supabase/tests/advisor.sql', import.meta.url), 'utf8');
    const { rows } = await db.query<{ lint: string; level: string; object: string }>(sql);
    expect(rows.map((r) => `${r.level} ${r.lint}: ${r.object}`)).toEqual([]);
  });

  it('catches what it is there to catch', async () => {
    await db.exec(`
      create table public.advisor_probe (id int, owner uuid references auth.users (id));
      create function public.advisor_definer() returns int language sql security definer as $$ select 1 $$;
      create view public.advisor_view as select 1 as one;`);
    try {
      const sql = await readFile(new URL('../../supabase/tests/advisor.sql', import.meta.url), 'utf8');
      const { rows } = await db.query<{ lint: string; object: string }>(sql);
      const found = rows.map((r) => `${r.lint}: ${r.object}`);
      expect(found).toEqual(
        expect.arrayContaining([
          'rls_disabled_in_public: advisor_probe',
          'no_primary_key: advisor_probe',
          'unindexed_foreign_keys: advisor_probe.advisor_probe_owner_fkey',
          'function_search_path_mutable: advisor_definer()',
          'anon_security_definer_function_executable: advisor_definer()',
          'authenticated_security_definer_function_executable: advisor_definer()',
          'security_definer_view: advisor_view',
        ]),
      );
    } finally {
      await db.exec('drop view public.advisor_view; drop function public.advisor_definer(); drop table public.advisor_probe;');
    }
  });
});
