import { json } from '../context.ts';
import type { Database } from '../db/types.ts';
import { checkKey, type BlobStore } from './blobs.ts';
import { asCaller, superUser, type Caller } from './caller.ts';
import { ERRORS } from './errors.ts';

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: unknown;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

/** The object's row as the caller sees it (policies apply), or "Object not found". */
export async function findObject(db: Database, caller: Caller, bucket: string, key: string): Promise<ObjectRow> {
  checkKey(key);
  const row = await asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at
         from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, key],
    );
    return rows[0];
  });
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

/** The bytes with the headers storage-api sends; `download` asks the browser to save them. */
export async function sendObject(blobs: BlobStore, row: ObjectRow, download: string | null): Promise<Response> {
  const bytes = await blobs.read(row.bucket_id, row.name);
  if (!bytes) throw ERRORS.noSuchKey();
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    'content-type': String(meta.mimetype ?? 'application/octet-stream'),
    'content-length': String(bytes.length),
    'cache-control': String(meta.cacheControl ?? 'no-cache'),
    etag: String(meta.eTag ?? ''),
    'last-modified': new Date(String(meta.lastModified ?? row.updated_at)).toUTCString(),
  };
  if (download !== null) {
    const name = download || row.name.split('/').pop()!;
    headers['content-disposition'] = `attachment; filename=${encodeURIComponent(name)};`;
  }
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}

/** A public bucket's object, readable by anyone (no JWT needed). */
export async function findPublicObject(db: Database, bucket: string, key: string): Promise<ObjectRow> {
  const { rows } = await asCaller(db, superUser, (tx) => tx.query('select 1 from storage.buckets where id = $1 and public', [bucket]));
  if (!rows.length) throw ERRORS.noSuchBucket();
  return findObject(db, superUser, bucket, key);
}

export function objectInfo(row: ObjectRow): Response {
  const meta = row.metadata ?? {};
  return json({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: meta.lastModified ?? row.updated_at,
    created_at: row.created_at,
  });
}

export async function removeObjects(db: Database, blobs: BlobStore, caller: Caller, bucket: string, req: Request): Promise<Response> {
  const body = (await req.json().catch(() => ({}))) as { prefixes?: string[] };
  if (!Array.isArray(body.prefixes)) throw ERRORS.missingParameter('prefixes');
  const rows = await asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
      [bucket, body.prefixes],
    );
    return rows;
  });
  for (const row of rows) await blobs.remove(bucket, row.name);
  return json(rows);
}

interface MoveBody {
  bucketId?: string;
  sourceKey?: string;
  destinationKey?: string;
  destinationBucket?: string;
}

/** Move or copy within or across buckets, as the caller (it needs the policies for both names). */
export async function moveOrCopy(db: Database, blobs: BlobStore, caller: Caller, req: Request, copy: boolean): Promise<Response> {
  const body = (await req.json().catch(() => ({}))) as MoveBody;
  for (const field of ['bucketId', 'sourceKey', 'destinationKey'] as const) if (!body[field]) throw ERRORS.missingParameter(field);
  const fromBucket = body.bucketId!;
  const toBucket = body.destinationBucket || fromBucket;
  const from = body.sourceKey!;
  const to = body.destinationKey!;
  checkKey(from);
  checkKey(to);
  const id = await asCaller(db, caller, async (tx) => {
    const { rows } = copy
      ? await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           select $3, $4, $5::uuid, $5::text, metadata, user_metadata, gen_random_uuid()::text from storage.objects
            where bucket_id = $1 and name = $2 returning id`,
          [fromBucket, from, toBucket, to, caller.owner],
        )
      : await tx.query<{ id: string }>(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2 returning id`,
          [fromBucket, from, toBucket, to],
        );
    if (!rows[0]) throw ERRORS.noSuchKey();
    await blobs.copy(fromBucket, from, toBucket, to, !copy);
    return rows[0].id;
  });
  return copy ? json({ Id: id, Key: `${toBucket}/${to}` }) : json({ message: 'Successfully moved' });
}
