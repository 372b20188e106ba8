import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '@/supabase/local/db/migrate.ts';
import type { Database } from '@/supabase/local/db/types.ts';
import { DEFAULT_ANON_KEY } from '@/supabase/local/config.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';

/** What the API roles may do in schema public: every table and function privilege, in a stable order. */
async function apiGrants(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ grant: string }>(`
    select grantee || ' ' || privilege_type || ' ' || table_name as grant from information_schema.role_table_grants
      where table_schema = 'public' and grantee in ('anon', 'authenticated')
    union all
    select grantee || ' ' || privilege_type || ' ' || specific_name from information_schema.role_routine_grants
      where routine_schema = 'public' and grantee in ('anon', 'authenticated')
    order by 1`);
  return rows.map((r) => r.grant);
}

describe(`migrations (${testDbKind})`, () => {
  it('applies bootstrap, migrations and seed once each, and records them', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const first = await migrate(db);
      expect(first.applied.length).toBeGreaterThanOrEqual(5);
      expect(first.seeded).toBe(true);
      const grantsAfterFirst = await apiGrants(db);
      const second = await migrate(db);
      expect(second).toEqual({ applied: [], seeded: false });
      // A restart re-runs the bootstrap: it must not give back what a migration revoked.
      expect(await apiGrants(db)).toEqual(grantsAfterFirst);
      const anonSearch = await db.query<{ allowed: boolean }>(
        "select has_function_privilege('anon', 'public.search_prompt_library(text, int, int)', 'execute') as allowed",
      );
      expect(anonSearch.rows[0]!.allowed).toBe(false);
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
      expect(rows[0]!.n).toBe(first.applied.length);
      const seeded = await db.query<{ n: number }>('select count(*)::int as n from public.recommended_prompts');
      // Issue 4: a real catalogue of at least 60 recommended prompts.
      expect(seeded.rows[0]!.n).toBeGreaterThanOrEqual(60);
    } finally {
      await drop();
    }
  });

  it('rolls back a failing migration completely and names the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ai-vault-migrations-'));
    await mkdir(join(dir, 'migrations'));
    await writeFile(join(dir, 'migrations', '001_good.sql'), 'create table public.good (id int primary key);');
    await writeFile(join(dir, 'migrations', '002_bad.sql'), 'create table public.half (id int); select no_such_function();');
    const { db, drop } = await freshDatabase();
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/002_bad\.sql/);
      const tables = await db.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_name in ('good', 'half') order by 1",
      );
      expect(tables.rows.map((r) => r.name)).toEqual(['good']);
      const recorded = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
      expect(recorded.rows.map((r) => r.version)).toEqual(['001']);
    } finally {
      await drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The process runs on its own PGlite folder whatever TEST_DB says: once per suite run is enough.
describe.runIf(testDbKind === 'pglite')('npm run stack process', () => {
  const main = new URL('../../supabase/local/main.ts', import.meta.url).pathname;

  // As `npm run stack` runs it: one Node process, so a signal reaches the stack itself.
  function startProcess(dataDir: string, port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PGLITE_DATA_DIR: dataDir,
        STACK_SECRETS_DIR: `${dataDir}-secrets`,
        STACK_PORT: String(port),
        DATABASE_URL: '',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (output.includes(text)) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
        child.once('exit', (code) => {
          clearInterval(timer);
          reject(new Error(`stack exited early (${code}): ${output}`));
        });
      });
    const ready = printed('API URL');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    ready.catch(() => undefined);
    return { child, ready, exited, printed, output: () => output };
  }

  it('stops cleanly on Ctrl-C during start-up (mid-migration), and the next start completes the migrations', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ai-vault-pglite-'));
    const port = 55000 + Math.floor(Math.random() * 1000);
    try {
      const first = startProcess(dataDir, port);
      await first.printed('Starting the local stack');
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('stopping the local stack');
      expect(first.output()).not.toContain('API URL');

      const second = startProcess(dataDir, port);
      await second.ready;
      expect(second.output()).toMatch(/Migrations\s+(applied \d+ migration\(s\)|up to date)/);
      const res = await fetch(`http://127.0.0.1:${port}/rest/v1/free_prompt_categories?select=id&limit=1`, {
        headers: { apikey: DEFAULT_ANON_KEY },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(1); // the seed ran: start-up finished what was cancelled
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-secrets`, { recursive: true, force: true });
    }
  }, 120_000);

  it('persists data in the PGlite folder across a Ctrl-C and a restart, and logs requests', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ai-vault-pglite-'));
    const port = 55000 + Math.floor(Math.random() * 1000);
    try {
      const first = startProcess(dataDir, port);
      await first.ready;
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(first.output()).toMatch(/Migrations\s+applied \d+ migration\(s\) and seed\.sql/);
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/GET \/health 200 [\d.]+ms/);
      expect(first.output()).toContain('stopping the local stack');

      const second = startProcess(dataDir, port);
      await second.ready;
      // Second start on the same folder: the data survived, so there is nothing to migrate.
      expect(second.output()).toMatch(/Migrations\s+up to date/);
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const third = startProcess(dataDir, port);
      await third.ready;
      const blocker = startProcess(dataDir + '-other', port);
      await expect(blocker.ready).rejects.toThrow(/already in use/);
      // Said before its database was opened, let alone migrated: its folder is still empty.
      expect(await readdir(dataDir + '-other')).toEqual([]);
      third.child.kill('SIGINT');
      expect(await third.exited).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(dataDir + '-other', { recursive: true, force: true });
      await rm(`${dataDir}-secrets`, { recursive: true, force: true });
      await rm(`${dataDir}-other-secrets`, { recursive: true, force: true });
    }
  }, 120_000);
});
