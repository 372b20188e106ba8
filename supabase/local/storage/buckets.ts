import { json } from '../context.ts';
import type { Database } from '../db/types.ts';
import type { BlobStore } from './blobs.ts';
import { asCaller, type Caller } from './caller.ts';
import { ERRORS, StorageError } from './errors.ts';

const VALID_BUCKET = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const COLUMNS =
  'id, name, owner, owner_id, public, type, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';
const UNITS: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };

interface BucketBody {
  id?: string;
  name?: string;
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}

/** A size limit as a number of bytes or a string like "10MB" (storage-api accepts both). */
function sizeLimit(value: BucketBody['file_size_limit']): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  if (!match) throw ERRORS.invalidRequest(`the requested file_size_limit uses an invalid format, use 20GB / 20MB / 30KB / 3B`);
  return Math.round(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]!);
}

export async function bucketRoutes(db: Database, blobs: BlobStore, caller: Caller, req: Request, rest: string[]): Promise<Response | null> {
  const id = rest[0] ? decodeURIComponent(rest[0]) : null;
  const body = async (): Promise<BucketBody> =>
    req.headers.get('content-type')?.includes('json') ? ((await req.json()) as BucketBody) : {};
  if (req.method === 'GET' && !id) {
    const url = new URL(req.url);
    const sortColumn = ['id', 'name', 'created_at', 'updated_at'].includes(url.searchParams.get('sortColumn') ?? '')
      ? url.searchParams.get('sortColumn')!
      : 'name';
    const order = url.searchParams.get('sortOrder') === 'desc' ? 'desc' : 'asc';
    const limit = Number(url.searchParams.get('limit') ?? 'NaN');
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    const search = url.searchParams.get('search') ?? '';
    const rows = await asCaller(db, caller, async (tx) => {
      const { rows } = await tx.query(
        `select ${COLUMNS} from storage.buckets where name ilike '%' || $1 || '%' order by ${sortColumn} ${order}
          limit $2 offset $3`,
        [search, Number.isFinite(limit) ? limit : null, offset],
      );
      return rows;
    });
    return json(rows);
  }
  if (!id) return null;
  if (req.method === 'GET' && rest.length === 1) {
    const row = await asCaller(
      db,
      caller,
      async (tx) => (await tx.query(`select ${COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
    );
    if (!row) throw ERRORS.noSuchBucket();
    return json(row);
  }
  if (req.method === 'PUT' && rest.length === 1) {
    const b = await body();
    const updated = await asCaller(db, caller, async (tx) => {
      const { rows } = await tx.query(
        `update storage.buckets set public = coalesce($2, public),
           file_size_limit = case when $3 then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end, updated_at = now()
         where id = $1 returning id`,
        [
          id,
          b.public ?? null,
          'file_size_limit' in b,
          sizeLimit(b.file_size_limit),
          'allowed_mime_types' in b,
          b.allowed_mime_types ?? null,
        ],
      );
      return rows.length;
    });
    if (!updated) throw ERRORS.noSuchBucket();
    return json({ message: 'Successfully updated' });
  }
  if (req.method === 'POST' && rest[1] === 'empty') {
    const names = await asCaller(db, caller, async (tx) => {
      if (!(await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length) throw ERRORS.noSuchBucket();
      return (await tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id])).rows;
    });
    for (const { name } of names) await blobs.remove(id, name);
    return json({ message: 'Successfully emptied' });
  }
  if (req.method === 'DELETE' && rest.length === 1) {
    await asCaller(db, caller, async (tx) => {
      if (!(await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length) throw ERRORS.noSuchBucket();
      if ((await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length) throw ERRORS.bucketNotEmpty();
      const { rows } = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
      if (!rows.length) throw ERRORS.noSuchBucket();
    });
    await blobs.removeBucket(id);
    return json({ message: 'Successfully deleted' });
  }
  return null;
}

export async function createBucket(db: Database, caller: Caller, req: Request): Promise<Response> {
  const b = (await req.json().catch(() => ({}))) as BucketBody;
  const id = b.id ?? b.name;
  if (!b.name) throw ERRORS.missingParameter('name');
  if (!id || id.length > 100 || !VALID_BUCKET.test(id)) throw ERRORS.invalidBucketName(id ?? '');
  await asCaller(db, caller, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, b.name, caller.owner, caller.owner, b.public ?? false, sizeLimit(b.file_size_limit), b.allowed_mime_types ?? null],
    ),
  ).catch((error: unknown) => {
    if (error instanceof StorageError && error.code === 'KeyAlreadyExists') {
      throw new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate');
    }
    throw error;
  });
  return json({ name: id });
}
