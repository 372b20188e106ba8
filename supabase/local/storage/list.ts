import { json } from '../context.ts';
import type { Database } from '../db/types.ts';
import { asCaller, type Caller } from './caller.ts';
import type { ObjectRow } from './objects.ts';

interface ListBody {
  prefix?: string;
  limit?: number;
  offset?: number;
  search?: string;
  sortBy?: { column?: string; order?: string };
}

interface Entry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const SORTABLE = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

/**
 * One level of a bucket, as storage.search answers it: the objects directly under the prefix,
 * and each deeper folder once as an entry whose id, dates and metadata are null.
 */
export async function listObjects(db: Database, caller: Caller, bucket: string, req: Request): Promise<Response> {
  const body = (await req.json().catch(() => ({}))) as ListBody;
  const raw = body.prefix ?? '';
  const prefix = raw && !raw.endsWith('/') ? `${raw}/` : raw;
  const search = (body.search ?? '').toLowerCase();
  const rows = await asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at
         from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
      [bucket, prefix],
    );
    return rows;
  });
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    if (!name.toLowerCase().startsWith(search) || entries.has(name)) continue;
    entries.set(
      name,
      slash === -1
        ? {
            name,
            id: row.id,
            updated_at: row.updated_at,
            created_at: row.created_at,
            last_accessed_at: row.last_accessed_at,
            metadata: row.metadata,
          }
        : { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
    );
  }
  const column = SORTABLE.has(body.sortBy?.column ?? '') ? (body.sortBy!.column as keyof Entry & string) : 'name';
  const direction = body.sortBy?.order?.toLowerCase() === 'desc' ? -1 : 1;
  const key = (e: Entry): string => String(column === 'name' ? e.name : (e[column] ?? ''));
  const sorted = [...entries.values()].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : 1) * direction;
  });
  const offset = body.offset ?? 0;
  return json(sorted.slice(offset, offset + (body.limit ?? 100)));
}

interface ListV2Body {
  prefix?: string;
  limit?: number;
  cursor?: string;
  with_delimiter?: boolean;
  sortBy?: { order?: string };
}

/**
 * The flat listing (list-v2): full keys in name order, each deeper folder once (name ends in "/")
 * when with_delimiter is set, paged by an opaque cursor holding the last name returned.
 */
export async function listObjectsV2(db: Database, caller: Caller, bucket: string, req: Request): Promise<Response> {
  const body = (await req.json().catch(() => ({}))) as ListV2Body;
  const prefix = body.prefix ?? '';
  const limit = Math.min(body.limit || 1000, 1000);
  const desc = body.sortBy?.order?.toLowerCase() === 'desc';
  const after = body.cursor
    ? (JSON.parse(Buffer.from(body.cursor, 'base64url').toString('utf8')) as { startAfter: string }).startAfter
    : null;
  const rows = await asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `select id, name, bucket_id, version, metadata, created_at, updated_at, last_accessed_at
         from storage.objects where bucket_id = $1 and starts_with(name, $2)
          and ($3::text is null or (case when $4 then name < $3 collate "C" else name > $3 collate "C" end))
          and ($3::text is null or not (right($3, 1) = '/' and starts_with(name, $3)))
        order by name collate "C" ${desc ? 'desc' : 'asc'}`,
      [bucket, prefix, after, desc],
    );
    return rows;
  });
  const results: (ObjectRow | { id: null; name: string })[] = [];
  let previous = '';
  for (const row of rows) {
    const slash = body.with_delimiter ? row.name.slice(prefix.length).indexOf('/') : -1;
    if (slash === -1) results.push(row);
    else {
      const folder = row.name.slice(0, prefix.length + slash + 1);
      if (folder !== previous) results.push({ id: null, name: folder });
      previous = folder;
    }
    if (results.length > limit) break;
  }
  const hasNext = results.length > limit;
  const page = results.slice(0, limit);
  const last = page[page.length - 1];
  return json({
    hasNext,
    nextCursor: hasNext && last ? Buffer.from(JSON.stringify({ startAfter: last.name })).toString('base64url') : undefined,
    folders: page.filter((e) => e.id === null).map((e) => ({ ...e, key: e.name })),
    objects: page.filter((e) => e.id !== null).map((e) => ({ ...e, key: e.name })),
  });
}
