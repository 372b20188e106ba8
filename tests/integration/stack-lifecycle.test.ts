import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { freshDatabase, testDbKind } from '../helpers/stack.ts';

describe(`migrations (${testDbKind})`, () => {
  it('applies bootstrap, migrations and seed once each, and records them', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const first = await migrate(db);
      expect(first.applied.length).toBeGreaterThanOrEqual(5);
      expect(first.seeded).toBe(true);
      const second = await migrate(db);
      expect(second).toEqual({ applied: [], seeded: false });
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

describe('npm run stack process', () => {
  const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
  const main = new URL('../../supabase/local/main.ts', import.meta.url).pathname;

  function startProcess(dataDir: string, port: number) {
    const child = spawn(tsx, [main], { env: { ...process.env, PGLITE_DATA_DIR: dataDir, STACK_PORT: String(port), DATABASE_URL: '' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('API URL')) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`stack exited early (${code}): ${output}`));
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, ready, exited, output: () => output };
  }

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
      const blocker = startProcess(dataDir + '-other', port);
      await third.ready;
      await expect(blocker.ready).rejects.toThrow(/already in use/);
      third.child.kill('SIGINT');
      expect(await third.exited).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(dataDir + '-other', { recursive: true, force: true });
    }
  }, 120_000);
});
