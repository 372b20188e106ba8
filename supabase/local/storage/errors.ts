import { isPgError } from '../db/types.ts';

/**
 * An error as storage-api renders it: the HTTP status is 400 for everything but 500 (its
 * "userStatusCode"), while the body's statusCode carries the meaningful one ("404", "409", …).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message);
  }

  toResponse(): Response {
    const body = { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
    return new Response(JSON.stringify(body), {
      status: this.statusCode === 500 ? 500 : 400,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  alreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMime: (mime: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (name: string) => new StorageError(400, 'InvalidBucketName', `Bucket name invalid`, `Invalid bucket name: ${name}`),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidSignature: (message?: string) => new StorageError(400, 'InvalidSignature', message || 'Invalid signature'),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
};

/** Database errors the way storage-api translates them (RLS refusals, duplicates). */
export function fromDbError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  if (error.code === '42501') {
    return ERRORS.accessDenied(error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message);
  }
  if (error.code === '23505') return ERRORS.alreadyExists();
  if (error.code === '23503') {
    return new StorageError(400, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint');
  }
  return error;
}
