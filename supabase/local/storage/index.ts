import { resolve } from 'node:path';
import { json, type ServiceHandler, type StackContext } from '../context.ts';
import { BlobStore } from './blobs.ts';
import { bucketRoutes, createBucket } from './buckets.ts';
import { identify, superUser } from './caller.ts';
import { StorageError } from './errors.ts';
import { listObjects, listObjectsV2 } from './list.ts';
import { findObject, findPublicObject, moveOrCopy, objectInfo, removeObjects, sendObject } from './objects.ts';
import { createSignedUploadUrl, createSignedUrl, createSignedUrls, verifyUrlToken } from './signed.ts';
import { storeObject } from './upload.ts';

/** The storage-api work-alike mounted at /storage/v1: buckets and objects, metadata in storage.*, bytes on disk. */
export function createStorageHandler(ctx: StackContext): ServiceHandler {
  const blobs = new BlobStore(resolve(ctx.config.storageDir));
  const secret = ctx.config.jwtSecret;
  return async (req, path) => {
    try {
      return (await route(req, path)) ?? notFound(req, path);
    } catch (error) {
      if (error instanceof StorageError) return error.toResponse();
      throw error;
    }
  };

  async function route(req: Request, path: string): Promise<Response | null> {
    const url = new URL(req.url);
    const parts = path.split('/').filter(Boolean);
    const [area, ...rest] = parts;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (area === 'bucket') {
      const caller = await identify(req, secret);
      if (method === 'POST' && rest.length === 0) return createBucket(ctx.db, caller, req);
      return bucketRoutes(ctx.db, blobs, caller, req, rest);
    }
    if (area !== 'object') return null;
    const [first, second] = rest;
    // bucket plus the key, decoded once (clients encode each segment).
    const target = (from: number): { bucket: string; key: string } => ({
      bucket: decodeURIComponent(rest[from] ?? ''),
      key: rest
        .slice(from + 1)
        .map(decodeURIComponent)
        .join('/'),
    });
    const download = url.searchParams.get('download');
    if (first === 'public' && method === 'GET') {
      const { bucket, key } = target(1);
      return sendObject(blobs, await findPublicObject(ctx.db, bucket, key), download);
    }
    // A private bucket's objects are not described here to anyone, signed in or not (storage-api reads
    // this route as the service role for a signed-in caller; refusing keeps object names private).
    if (first === 'info' && second === 'public' && method === 'GET') {
      const { bucket, key } = target(2);
      return objectInfo(await findPublicObject(ctx.db, bucket, key));
    }
    if (first === 'sign' && method === 'GET') {
      const { bucket, key } = target(1);
      await verifyUrlToken(secret, url.searchParams.get('token'), bucket, key);
      return sendObject(blobs, await findObject(ctx.db, superUser, bucket, key), download);
    }
    if (first === 'upload' && second === 'sign' && method === 'PUT') {
      const { bucket, key } = target(2);
      const claims = await verifyUrlToken(secret, url.searchParams.get('token'), bucket, key);
      const owner = typeof claims.owner === 'string' ? claims.owner : null;
      // The token stands for the caller who made it: their policies were checked then.
      return storeObject(ctx.db, blobs, { ...superUser, owner }, req, { bucket, key, upsert: claims.upsert === true });
    }
    const caller = await identify(req, secret);
    if (method === 'POST' && (first === 'move' || first === 'copy') && rest.length === 1) {
      return moveOrCopy(ctx.db, blobs, caller, req, first === 'copy');
    }
    if (method === 'POST' && (first === 'list' || first === 'list-v2') && rest.length === 2) {
      return (first === 'list' ? listObjects : listObjectsV2)(ctx.db, caller, decodeURIComponent(second!), req);
    }
    if (method === 'POST' && first === 'upload' && second === 'sign') {
      const { bucket, key } = target(2);
      return createSignedUploadUrl(ctx.db, secret, caller, bucket, key, req);
    }
    if (method === 'POST' && first === 'sign') {
      if (rest.length === 2) return createSignedUrls(ctx.db, secret, caller, decodeURIComponent(second!), req);
      const { bucket, key } = target(1);
      return createSignedUrl(ctx.db, secret, caller, bucket, key, req);
    }
    if (method === 'GET' && first === 'info') {
      const { bucket, key } = target(second === 'authenticated' ? 2 : 1);
      return objectInfo(await findObject(ctx.db, caller, bucket, key));
    }
    if (method === 'GET') {
      const { bucket, key } = target(first === 'authenticated' ? 1 : 0);
      return sendObject(blobs, await findObject(ctx.db, caller, bucket, key), download);
    }
    if (method === 'DELETE' && rest.length === 1) return removeObjects(ctx.db, blobs, caller, decodeURIComponent(first!), req);
    if (method === 'POST' || method === 'PUT') {
      const { bucket, key } = target(0);
      const upsert = method === 'PUT' || req.headers.get('x-upsert') === 'true';
      return storeObject(ctx.db, blobs, caller, req, { bucket, key, upsert });
    }
    return null;
  }
}

/** What storage-api's router answers for a route it lacks (image transformation is off, too). */
function notFound(req: Request, path: string): Response {
  return json({ message: `Route ${req.method}:${path} not found`, error: 'Not Found', statusCode: 404 }, 404);
}
