import type { Database } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** DATABASE_URL selects a real PostgreSQL; otherwise PGlite in dataDir (undefined = in memory). */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}
