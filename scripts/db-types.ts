import { writeFile } from 'node:fs/promises';
import { migrate } from '../supabase/local/db/migrate.ts';
import { openPglite } from '../supabase/local/db/pglite.ts';
import { DATABASE_TYPES_PATH, generateTypes } from '../supabase/local/typegen/index.ts';

/**
 * `npm run db:types`: applies every migration to a throw-away in-memory database and writes the
 * generated `Database` types (tests/integration/database-types.test.ts fails until it is rerun
 * after a schema change).
 */
const db = await openPglite();
try {
  await migrate(db);
  const path = new URL(`../${DATABASE_TYPES_PATH}`, import.meta.url);
  await writeFile(path, await generateTypes(db));
  console.log(`wrote ${DATABASE_TYPES_PATH}`);
} finally {
  await db.close();
}
