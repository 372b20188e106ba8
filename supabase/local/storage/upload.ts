import type { Database } from '../db/types.ts';
import { etag, checkKey, type BlobStore } from './blobs.ts';
import { asCaller, superUser, type Caller } from './caller.ts';
import { ERRORS } from './errors.ts';

interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  userMetadata: unknown;
}

/** The file of an upload: a multipart form (the unnamed file field, cacheControl, metadata) or the raw body. */
async function readUpload(req: Request): Promise<Upload> {
  const type = req.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await req.formData();
    let file: File | null = null;
    form.forEach((value) => {
      if (!file && typeof value !== 'string') file = value;
    });
    const found = file as File | null;
    if (!found) throw ERRORS.invalidRequest('No file found in request');
    const cache = form.get('cacheControl');
    const meta = form.get('metadata');
    return {
      bytes: new Uint8Array(await found.arrayBuffer()),
      contentType: found.type || 'text/plain;charset=UTF-8',
      cacheControl: `max-age=${typeof cache === 'string' && cache ? cache : '3600'}`,
      userMetadata: typeof meta === 'string' ? parseJson(meta) : null,
    };
  }
  const meta = req.headers.get('x-metadata');
  return {
    bytes: new Uint8Array(await req.arrayBuffer()),
    contentType: type || 'text/plain;charset=UTF-8',
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata: meta ? parseJson(Buffer.from(meta, 'base64').toString('utf8')) : null,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ERRORS.invalidRequest('Invalid metadata');
  }
}

/** True when the type is allowed: exact, or by a wildcard like image/*. */
function mimeAllowed(allowed: string[] | null, contentType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule === mime || (rule.endsWith('/*') && mime.startsWith(rule.slice(0, -1)));
  });
}

export interface UploadTarget {
  bucket: string;
  key: string;
  /** Replace an object already there (x-upsert, PUT) instead of refusing with 409. */
  upsert: boolean;
}

/** Stores an upload: the bucket's limits, then the metadata row as the caller (policies decide), then the bytes. */
export async function storeObject(db: Database, blobs: BlobStore, caller: Caller, req: Request, target: UploadTarget): Promise<Response> {
  checkKey(target.key);
  const { rows } = await asCaller(db, superUser, (tx) =>
    tx.query<{ file_size_limit: string | null; allowed_mime_types: string[] | null }>(
      'select file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [target.bucket],
    ),
  );
  const bucket = rows[0];
  if (!bucket) throw ERRORS.noSuchBucket();
  const upload = await readUpload(req);
  if (bucket.file_size_limit !== null && upload.bytes.length > Number(bucket.file_size_limit)) throw ERRORS.tooLarge();
  if (!mimeAllowed(bucket.allowed_mime_types, upload.contentType)) throw ERRORS.invalidMime(upload.contentType);
  const now = new Date().toISOString();
  const metadata = {
    eTag: etag(upload.bytes),
    size: upload.bytes.length,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: now,
    contentLength: upload.bytes.length,
    httpStatusCode: 200,
  };
  const version = crypto.randomUUID();
  const newId = crypto.randomUUID();
  const params = [
    newId,
    target.bucket,
    target.key,
    caller.owner,
    caller.owner,
    JSON.stringify(metadata),
    JSON.stringify(upload.userMetadata),
    version,
  ];
  const id = await asCaller(db, caller, async (tx) => {
    const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;
    // A plain upload needs only the insert policy, so it asks for nothing back (RETURNING would
    // need the select policy too); an upsert needs select and update anyway, as on hosted Supabase.
    if (!target.upsert) await tx.query(insert, params);
    const { rows } = target.upsert
      ? await tx.query<{ id: string }>(
          `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
             metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()
           returning id`,
          params,
        )
      : { rows: [{ id: newId }] };
    // The bytes land before the commit: a refused or failed write leaves no row behind.
    await blobs.write(target.bucket, target.key, upload.bytes);
    return rows[0]!.id;
  });
  return Response.json({ Id: id, Key: `${target.bucket}/${target.key}` });
}
