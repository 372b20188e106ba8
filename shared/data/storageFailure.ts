import { fail, type DataErrorKind, type Failure } from './result.ts';

/**
 * Storage answers with HTTP statuses, not SQLSTATEs. Its body's statusCode is the precise one (a
 * policy refusal arrives as HTTP 400 with statusCode 403): the kind each one means here.
 */
function failureOf(error: { message: string; status?: number; statusCode?: string }): Failure {
  const code = Number(error.statusCode) || error.status || 0;
  const kind: DataErrorKind =
    code === 0
      ? 'network'
      : code === 401 || code === 403
        ? 'refused'
        : code === 404
          ? 'not_found'
          : code === 413 || code === 415
            ? 'invalid'
            : 'server';
  return fail({ message: error.message, code: code ? String(code) : '' }, kind);
}

const statusOf = (error: unknown): { message: string; status?: number; statusCode?: string } =>
  error instanceof Error ? (error as Error & { status?: number; statusCode?: string }) : { message: String(error) };

/** A Storage call's error (supabase-js's StorageError, or anything thrown) as this layer's failure. */
export const storageFailure = (error: unknown): Failure => failureOf(statusOf(error));
