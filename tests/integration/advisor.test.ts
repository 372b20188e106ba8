import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '@/supabase/local/db/types.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';

/**
 * The database advisor (supabase/tests/advisor.sql: every lint of Supabase's splinter, written for
 * this project) on the migrated schema: no errors, no warnings, and no notes but the two that
 * describe a database's history rather than its schema. Then each lint is shown to fire: the
 * smallest object that violates it is planted (in a transaction that is always rolled back, so
 * nothing stays behind) and the advisor must name exactly that object.
 */
interface Finding {
  lint: string;
  level: string;
  object: string;
}

/** Every lint in splinter's lints/ folder (0001-0029; 0012 has no SQL and is checked below). */
const SPLINTER_LINTS = [
  'unindexed_foreign_keys',
  'auth_users_exposed',
  'auth_rls_initplan',
  'no_primary_key',
  'unused_index',
  'multiple_permissive_policies',
  'policy_exists_rls_disabled',
  'rls_enabled_no_policy',
  'duplicate_index',
  'security_definer_view',
  'function_search_path_mutable',
  'rls_disabled_in_public',
  'extension_in_public',
  'rls_references_user_metadata',
  'materialized_view_in_api',
  'foreign_table_in_api',
  'unsupported_reg_types',
  'insecure_queue_exposed_in_api',
  'table_bloat',
  'fkey_to_auth_unique',
  'extension_versions_outdated',
  'sensitive_columns_exposed',
  'rls_policy_always_true',
  'public_bucket_allows_listing',
  'pg_graphql_anon_table_exposed',
  'pg_graphql_authenticated_table_exposed',
  'anon_security_definer_function_executable',
  'authenticated_security_definer_function_executable',
];

const SCRATCH = 'advisor_scratch';

interface Plant {
  lint: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  /** Run after `create schema advisor_scratch`, in the transaction the advisor then runs in. */
  sql: string;
  object: string;
  /** pgrst.db_schemas for this case (default: public and the scratch schema). */
  apiSchemas?: string;
}

/** A notes table with RLS on, for the policy lints. */
const notesWithRls = `create table ${SCRATCH}.notes (id int primary key, owner uuid);
  alter table ${SCRATCH}.notes enable row level security;`;

const planted: Plant[] = [
  {
    lint: 'unindexed_foreign_keys',
    level: 'INFO',
    sql: `create table ${SCRATCH}.parent (id int primary key);
      create table ${SCRATCH}.child (id int primary key, parent_id int constraint child_parent_fkey references ${SCRATCH}.parent);`,
    object: `${SCRATCH}.child.child_parent_fkey`,
  },
  {
    lint: 'auth_users_exposed',
    level: 'ERROR',
    sql: `create view ${SCRATCH}.users_view as select id from auth.users;
      grant select on ${SCRATCH}.users_view to anon;`,
    object: `${SCRATCH}.users_view`,
  },
  {
    lint: 'auth_rls_initplan',
    level: 'WARN',
    sql: `${notesWithRls}
      create policy "owner reads" on ${SCRATCH}.notes for select to authenticated using (owner = auth.uid());`,
    object: `${SCRATCH}.notes: owner reads`,
  },
  {
    lint: 'no_primary_key',
    level: 'INFO',
    sql: `create table ${SCRATCH}.keyless (id int);`,
    object: `${SCRATCH}.keyless`,
  },
  {
    // pg_stat_user_indexes exists in PGlite too; an index made in this transaction was never scanned.
    lint: 'unused_index',
    level: 'INFO',
    sql: `create table ${SCRATCH}.notes (id int primary key, title text);
      create index notes_title_idx on ${SCRATCH}.notes (title);`,
    object: `${SCRATCH}.notes: notes_title_idx`,
  },
  {
    lint: 'multiple_permissive_policies',
    level: 'WARN',
    sql: `${notesWithRls}
      create policy "first read" on ${SCRATCH}.notes for select to authenticated using (true);
      create policy "second read" on ${SCRATCH}.notes for select to authenticated using (true);`,
    object: `${SCRATCH}.notes: authenticated SELECT`,
  },
  {
    lint: 'policy_exists_rls_disabled',
    level: 'ERROR',
    sql: `create table ${SCRATCH}.notes (id int primary key);
      create policy "anyone reads" on ${SCRATCH}.notes for select using (true);`,
    object: `${SCRATCH}.notes`,
  },
  {
    lint: 'rls_enabled_no_policy',
    level: 'INFO',
    sql: notesWithRls,
    object: `${SCRATCH}.notes`,
  },
  {
    lint: 'duplicate_index',
    level: 'WARN',
    sql: `create table ${SCRATCH}.notes (id int primary key, title text);
      create index notes_title_a on ${SCRATCH}.notes (title);
      create index notes_title_b on ${SCRATCH}.notes (title);`,
    object: `${SCRATCH}.notes: notes_title_a, notes_title_b`,
  },
  {
    lint: 'security_definer_view',
    level: 'ERROR',
    sql: `create view ${SCRATCH}.one as select 1 as one;
      grant select on ${SCRATCH}.one to anon;`,
    object: `${SCRATCH}.one`,
  },
  {
    lint: 'function_search_path_mutable',
    level: 'WARN',
    sql: `create function ${SCRATCH}.one() returns int language sql as 'select 1';`,
    object: `${SCRATCH}.one()`,
  },
  {
    lint: 'rls_disabled_in_public',
    level: 'ERROR',
    sql: `create table ${SCRATCH}.notes (id int primary key);
      grant select on ${SCRATCH}.notes to anon;`,
    object: `${SCRATCH}.notes`,
  },
  {
    lint: 'extension_in_public',
    level: 'WARN',
    sql: 'alter extension pg_trgm set schema public;',
    object: 'pg_trgm',
  },
  {
    lint: 'rls_references_user_metadata',
    level: 'ERROR',
    sql: `${notesWithRls}
      create policy "metadata says admin" on ${SCRATCH}.notes for select to authenticated
        using (((select auth.jwt()) -> 'user_metadata' ->> 'role') = 'admin');`,
    object: `${SCRATCH}.notes: metadata says admin`,
  },
  {
    lint: 'materialized_view_in_api',
    level: 'WARN',
    sql: `create materialized view ${SCRATCH}.totals as select 1 as one;
      grant select on ${SCRATCH}.totals to authenticated;`,
    object: `${SCRATCH}.totals`,
  },
  {
    // A wrapper without a handler: the table can be declared (not read), which is all the lint looks at.
    lint: 'foreign_table_in_api',
    level: 'WARN',
    sql: `create foreign data wrapper advisor_scratch_fdw;
      create server advisor_scratch_server foreign data wrapper advisor_scratch_fdw;
      create foreign table ${SCRATCH}.remote (id int) server advisor_scratch_server;
      grant select on ${SCRATCH}.remote to anon;`,
    object: `${SCRATCH}.remote`,
  },
  {
    lint: 'unsupported_reg_types',
    level: 'WARN',
    sql: `create table ${SCRATCH}.hooks (id int primary key, handler regproc);`,
    object: `${SCRATCH}.hooks.handler`,
  },
  {
    // The pgmq schema and a queue table as the extension makes them, with pgmq_public exposed.
    lint: 'insecure_queue_exposed_in_api',
    level: 'ERROR',
    sql: `create schema if not exists pgmq;
      create table pgmq.q_advisor_scratch (msg_id bigint primary key);
      grant select on pgmq.q_advisor_scratch to anon;`,
    object: 'pgmq.q_advisor_scratch',
    apiSchemas: 'public,pgmq_public',
  },
  {
    // One row per page (fillfactor 10, ~700-byte rows), 3000 pages (24 MB), all rows but one
    // deleted, then analysed: 3000 pages for what fits in one, over 20 MB wasted.
    lint: 'table_bloat',
    level: 'INFO',
    sql: `create table ${SCRATCH}.bloated (id int primary key, filler text) with (fillfactor = 10);
      insert into ${SCRATCH}.bloated select g, repeat('x', 700) from generate_series(1, 3000) g;
      delete from ${SCRATCH}.bloated where id > 1;
      analyze ${SCRATCH}.bloated;`,
    object: `${SCRATCH}.bloated`,
  },
  {
    // auth.users.phone is unique but not the primary key.
    lint: 'fkey_to_auth_unique',
    level: 'ERROR',
    sql: `create table ${SCRATCH}.by_phone (id int primary key, phone text constraint by_phone_phone_fkey references auth.users (phone));`,
    object: `${SCRATCH}.by_phone.by_phone_phone_fkey`,
  },
  // An installed extension below its default version. PostgreSQL: contrib's hstore, default 1.8,
  // can still be installed at 1.4. PGlite offers only the extensions the stack loads (pgcrypto,
  // pg_trgm), both installed at their default; nothing depends on pgcrypto, so it is reinstalled
  // at 1.3 (its default is 1.4 there).
  testDbKind === 'postgres'
    ? {
        lint: 'extension_versions_outdated',
        level: 'WARN',
        sql: `create extension hstore version '1.4' schema ${SCRATCH};`,
        object: 'hstore',
      }
    : {
        lint: 'extension_versions_outdated',
        level: 'WARN',
        sql: `drop extension pgcrypto; create extension pgcrypto version '1.3' schema extensions;`,
        object: 'pgcrypto',
      },
  {
    lint: 'sensitive_columns_exposed',
    level: 'ERROR',
    sql: `create table ${SCRATCH}.accounts (id int primary key, email text, password text);
      grant select on ${SCRATCH}.accounts to anon;`,
    object: `${SCRATCH}.accounts: password`,
  },
  {
    lint: 'rls_policy_always_true',
    level: 'WARN',
    sql: `${notesWithRls}
      create policy "anyone changes" on ${SCRATCH}.notes for update to authenticated using (true);`,
    object: `${SCRATCH}.notes: anyone changes`,
  },
  {
    lint: 'public_bucket_allows_listing',
    level: 'WARN',
    sql: `insert into storage.buckets (id, name, public) values ('advisor-scratch', 'advisor-scratch', true);
      create policy "advisor-scratch: anyone lists" on storage.objects for select to anon using (bucket_id = 'advisor-scratch');`,
    object: 'advisor-scratch',
  },
  {
    lint: 'anon_security_definer_function_executable',
    level: 'WARN',
    sql: `create function ${SCRATCH}.elevated() returns int language sql security definer set search_path = '' as 'select 1';
      revoke execute on function ${SCRATCH}.elevated() from public;
      grant execute on function ${SCRATCH}.elevated() to anon;`,
    object: `${SCRATCH}.elevated()`,
  },
  {
    lint: 'authenticated_security_definer_function_executable',
    level: 'WARN',
    sql: `create function ${SCRATCH}.elevated() returns int language sql security definer set search_path = '' as 'select 1';
      revoke execute on function ${SCRATCH}.elevated() from public;
      grant execute on function ${SCRATCH}.elevated() to authenticated;`,
    object: `${SCRATCH}.elevated()`,
  },
];

/** Lints no object on this database can trigger, with the reason, which the test checks still holds. */
const notPlantable: { lint: string; reason: string; stillTrue: string }[] = [
  {
    lint: 'pg_graphql_anon_table_exposed',
    reason: 'fires only with pg_graphql installed, which neither PGlite nor Debian’s PostgreSQL offers',
    stillTrue: `select not exists (select 1 from pg_available_extensions where name = 'pg_graphql') as ok`,
  },
  {
    lint: 'pg_graphql_authenticated_table_exposed',
    reason: 'fires only with pg_graphql installed, which neither PGlite nor Debian’s PostgreSQL offers',
    stillTrue: `select not exists (select 1 from pg_available_extensions where name = 'pg_graphql') as ok`,
  },
];

const configToml = () => readFile(new URL('../../supabase/config.toml', import.meta.url), 'utf8');

/** The raw value of `key` in `[section]` of a TOML file (flat keys only: all this test needs). */
function tomlValue(toml: string, section: string, key: string): string | undefined {
  let current = '';
  for (const line of toml.split('\n')) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) current = header[1]!.trim();
    else if (current === section) {
      const entry = new RegExp(`^\\s*${key}\\s*=\\s*(.+?)\\s*(#.*)?$`).exec(line);
      if (entry) return entry[1];
    }
  }
  return undefined;
}

let db: Database;
let drop: () => Promise<void>;
let advisorSql: string;
/** The schemas the API exposes (config.toml [api] schemas), as pgrst.db_schemas spells them. */
let apiSchemas: string;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase(testDbKind, { migrated: true }));
  advisorSql = await readFile(new URL('../../supabase/tests/advisor.sql', import.meta.url), 'utf8');
  apiSchemas = (tomlValue(await configToml(), 'api', 'schemas') ?? '')
    .match(/"[^"]+"/g)!
    .map((s) => s.slice(1, -1))
    .join(',');
});
afterAll(async () => drop?.());

/** The advisor's findings, with pgrst.db_schemas set for this transaction only. */
async function advise(tx: Queryable, schemas: string): Promise<Finding[]> {
  await tx.query(`select set_config('pgrst.db_schemas', $1, true)`, [schemas]);
  return (await tx.query<Finding>(advisorSql)).rows;
}

const ROLLBACK = new Error('rolled back on purpose');

/** fn in a transaction that is always rolled back: whatever it created is gone afterwards. */
async function rolledBack<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await fn(tx);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return result as T;
}

const show = (f: Finding) => `${f.level} ${f.lint}: ${f.object}`;

describe(`database advisor (${testDbKind})`, () => {
  let clean: Finding[];

  it('finds no error or warning in the migrated schema, and no note but unused_index and table_bloat', async () => {
    clean = await rolledBack((tx) => advise(tx, apiSchemas));
    // unused_index counts scans since the statistics were reset: on a database just migrated no
    // query has run, so every non-unique index is "unused" and the list says nothing about the
    // schema. table_bloat is about dead rows a workload left, not about the schema either.
    const historyOnly = ['unused_index', 'table_bloat'];
    expect(clean.filter((f) => !(f.level === 'INFO' && historyOnly.includes(f.lint))).map(show)).toEqual([]);
  });

  it('covers every splinter lint: each is planted below or listed as not plantable here', () => {
    const covered = [...planted.map((p) => p.lint), ...notPlantable.map((n) => n.lint)];
    expect([...covered].sort()).toEqual([...SPLINTER_LINTS].sort());
    expect(SPLINTER_LINTS.filter((lint) => !advisorSql.includes(lint))).toEqual([]);
  });

  for (const { lint, level, sql, object, apiSchemas: schemas } of planted) {
    it(`${lint} (${level}): reports the planted ${object}`, async () => {
      const found = await rolledBack(async (tx) => {
        await tx.exec(`create schema ${SCRATCH};\n${sql}`);
        return advise(tx, schemas ?? `public,${SCRATCH}`);
      });
      expect(found.filter((f) => f.lint === lint).map(show)).toContain(show({ lint, level, object }));
    });
  }

  for (const { lint, reason, stillTrue } of notPlantable) {
    it(`${lint}: not plantable here, it ${reason}`, async () => {
      const { rows } = await db.query<{ ok: boolean }>(stillTrue);
      expect(rows[0]!.ok).toBe(true);
    });
  }

  it('auth_allow_anonymous_sign_ins (0012, a setting, not SQL): supabase/config.toml keeps anonymous sign-ins off', async () => {
    expect(tomlValue(await configToml(), 'auth', 'enable_anonymous_sign_ins')).toBe('false');
  });

  it('leaves nothing behind: the schema reports as it did before the planted objects', async () => {
    const { rows } = await db.query<{ schema: string | null }>(`select to_regnamespace('${SCRATCH}')::text as schema`);
    expect(rows[0]!.schema).toBeNull();
    expect((await rolledBack((tx) => advise(tx, apiSchemas))).map(show)).toEqual(clean.map(show));
  });
});
