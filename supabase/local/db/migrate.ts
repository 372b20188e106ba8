import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './types.ts';

const bootstrapUrl = new URL('./bootstrap.sql', import.meta.url);
const defaultSupabaseDir = new URL('../../', import.meta.url).pathname;

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/**
 * Bootstrap (idempotent), then each supabase/migrations/<version>_<name>.sql not yet recorded,
 * in version order, each in its own transaction; then seed.sql once (re-run if its content changes
 * is *not* done: like the CLI, a seed runs on a fresh database only).
 */
/**
 * Roles live cluster-wide, so two databases bootstrapping at once on one PostgreSQL server (test
 * files run in parallel) can race on `create role` / `grant` even though each checks first. The
 * bootstrap is idempotent, so a race is settled by running it again.
 */
async function bootstrap(db: Database, sql: string, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.exec(sql);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const raced = code === '23505' || code === '42710' || code === 'XX000' || code === '40001';
      if (!raced || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** `signal` stops between migrations (each is its own transaction, so nothing is left half-done). */
export async function migrate(db: Database, supabaseDir = defaultSupabaseDir, signal?: AbortSignal): Promise<MigrationReport> {
  signal?.throwIfAborted();
  await bootstrap(db, await readFile(bootstrapUrl, 'utf8'));
  const dir = join(supabaseDir, 'migrations');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of files) {
    const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file)!;
    if (done.has(version!)) continue;
    signal?.throwIfAborted();
    const sql = await readFile(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        name,
        [sql],
      ]);
    });
    applied.push(file);
  }
  signal?.throwIfAborted();
  let seeded = false;
  const seedPath = join(supabaseDir, 'seed.sql');
  const seed = await readFile(seedPath, 'utf8').catch(() => null);
  if (seed !== null) {
    const seen = await db.query('select 1 from supabase_migrations.seed_files where path = $1', ['seed.sql']);
    if (seen.rows.length === 0) {
      await db.transaction(async (tx) => {
        await tx.exec(seed);
        await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
          'seed.sql',
          createHash('sha256').update(seed).digest('hex'),
        ]);
      });
      seeded = true;
    }
  }
  return { applied, seeded };
}
