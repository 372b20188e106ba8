import type { Queryable } from '../db/types.ts';
import { introspectSchema } from './introspect.ts';
import { renderTypes } from './render.ts';

/**
 * The `Database` types of a migrated database, as `supabase gen types typescript` writes them, so
 * the committed file can be regenerated from the local stack or from a hosted project with the CLI.
 */
export async function generateTypes(db: Queryable, options: { schema?: string; postgrestVersion?: string } = {}): Promise<string> {
  // The local stack answers as PostgREST 12 (supabase/local/rest).
  return renderTypes(await introspectSchema(db, options.schema ?? 'public'), { postgrestVersion: options.postgrestVersion ?? '12' });
}

/** Where the app's generated types live (relative to the repository root). */
export const DATABASE_TYPES_PATH = 'shared/data/database.types.ts';
