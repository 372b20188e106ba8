import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './types.ts';

const bootstrapUrl = new URL('./bootstrap.sql', import.meta.url);
export const defaultSupabaseDir = new URL('../../', import.meta.url).pathname;

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/**
 * Bootstrap (idempotent), then each supabase/migrations/<version>_<name>.sql not yet recorded,
 * in version order, each in its own transaction; then seed.sql once (re-run if its content changes
 * is *not* done: like the CLI, a seed runs on a fresh database only).
 */
export async function migrate(db: Database, supabaseDir = defaultSupabaseDir): Promise<MigrationReport> {
  await db.exec(await readFile(bootstrapUrl, 'utf8'));
  const dir = join(supabaseDir, 'migrations');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of files) {
    const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file)!;
    if (done.has(version!)) continue;
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
