import { json } from '../context.ts';
import type { Database } from '../db/types.ts';
import { signJwt, verifyJwt } from '../jwt.ts';
import { checkKey } from './blobs.ts';
import { asCaller, superUser, type Caller } from './caller.ts';
import { ERRORS } from './errors.ts';
import { findObject } from './objects.ts';

const UPLOAD_URL_SECONDS = 2 * 60 * 60;

const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/** A token for one object's URL, signed with the project's JWT secret as storage-api does. */
async function signUrl(secret: string, bucket: string, key: string, expiresIn: number): Promise<string> {
  const token = await signJwt(
    { url: `${bucket}/${key}`, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + expiresIn },
    secret,
  );
  return `/object/sign/${bucket}/${encodeKey(key)}?token=${token}`;
}

function expiry(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1) throw ERRORS.invalidRequest('body/expiresIn must be >= 1');
  return Math.floor(n);
}

export async function createSignedUrl(
  db: Database,
  secret: string,
  caller: Caller,
  bucket: string,
  key: string,
  req: Request,
): Promise<Response> {
  const body = (await req.json().catch(() => ({}))) as { expiresIn?: unknown };
  const seconds = expiry(body.expiresIn);
  await findObject(db, caller, bucket, key);
  return json({ signedURL: await signUrl(secret, bucket, key, seconds) });
}

export async function createSignedUrls(db: Database, secret: string, caller: Caller, bucket: string, req: Request): Promise<Response> {
  const body = (await req.json().catch(() => ({}))) as { expiresIn?: unknown; paths?: unknown };
  const seconds = expiry(body.expiresIn);
  if (!Array.isArray(body.paths)) throw ERRORS.missingParameter('paths');
  const paths = body.paths.map(String);
  const found = await asCaller(db, caller, async (tx) => {
    const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [
      bucket,
      paths,
    ]);
    return new Set(rows.map((r) => r.name));
  });
  const results = [];
  for (const path of paths) {
    results.push(
      found.has(path)
        ? { error: null, path, signedURL: await signUrl(secret, bucket, path, seconds) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    );
  }
  return json(results);
}

/** Checks a signed URL's token against the object it was made for. */
export async function verifyUrlToken(secret: string, token: string | null, bucket: string, key: string): Promise<Record<string, unknown>> {
  if (!token) throw ERRORS.invalidSignature('Missing token');
  const result = await verifyJwt(token, secret);
  if (!result.ok) throw result.reason === 'expired' ? ERRORS.expiredSignature() : ERRORS.invalidSignature(result.message);
  if (result.claims.url !== `${bucket}/${key}`) throw ERRORS.invalidSignature('Invalid signature');
  return result.claims;
}

/** A URL anyone may upload one object to within two hours; needs the caller's insert permission now. */
export async function createSignedUploadUrl(
  db: Database,
  secret: string,
  caller: Caller,
  bucket: string,
  key: string,
  req: Request,
): Promise<Response> {
  checkKey(key);
  const upsert = req.headers.get('x-upsert') === 'true';
  // Tried as the caller and rolled back: the policies decide whether this caller may create it.
  const { rows } = await asCaller(db, superUser, (tx) => tx.query('select 1 from storage.buckets where id = $1', [bucket]));
  if (!rows.length) throw ERRORS.noSuchBucket();
  await asCaller(db, caller, async (tx) => {
    await tx.query('savepoint probe');
    await tx.query(
      'insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3::text) on conflict do nothing',
      [bucket, key, caller.owner],
    );
    await tx.query('rollback to savepoint probe');
  });
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(
    { url: `${bucket}/${key}`, owner: caller.owner ?? undefined, upsert, iat: now, exp: now + UPLOAD_URL_SECONDS },
    secret,
  );
  return json({ url: `/object/upload/sign/${bucket}/${encodeKey(key)}?token=${token}`, token });
}
