/**
 * The one answer of every call in shared/data that can fail: `{ data, error }`, like supabase-js
 * itself, so a caller checks `result.error` the same way for the database and for this layer.
 * Exactly one side is set: `error` is null on success (then `data` holds the value; for a call
 * with nothing to give back, undefined), and `data` is null on failure.
 *
 * A failure is a DataError:
 *   message  the text to show the user (the server's own words, or the fixed text of the rule)
 *   code     what to branch on: the database's code (e.g. '42501' row-level security, '23514' a
 *            check constraint) or one of this layer's ('invalid', 'not_found', 'generation_limit')
 *   kind     the family of the failure, for callers that only need that much (see DataErrorKind)
 *   title    a toast title, when the failure comes with its own (admin and payment refusals)
 * A call whose failures carry more (the text streamed before a failed generation, the batches a
 * restore applied) answers a DataError extended with those fields: DataResult's second parameter.
 *
 * Calls that cannot fail (pure helpers, the key flows that turn every failure into a notice)
 * answer their value directly.
 */

export type DataErrorKind =
  /** The input broke a rule before anything was sent (the message is the rule's text). */
  | 'invalid'
  /** The server's policy said no: row-level security, a role, a refused payment. */
  | 'refused'
  /** A counted allowance is used up: the month's generations, a file's downloads. */
  | 'limit'
  /** The row does not exist, or the caller may not see it. */
  | 'not_found'
  /** The server could not be reached. */
  | 'network'
  /** Anything else the server answered with (a constraint, an unexpected answer). */
  | 'server';

export interface DataError {
  message: string;
  code?: string;
  kind: DataErrorKind;
  title?: string;
}

/** A failure that always comes with its toast title (admin and payment refusals). */
export type TitledError = DataError & { title: string };

export type DataResult<T, E extends DataError = DataError> = Success<T> | Failure<E>;

export type Success<T> = { data: T; error: null };
export type Failure<E extends DataError = DataError> = { data: null; error: E };

/** Row-level security's SQLSTATE (insufficient_privilege). */
export const RLS_REFUSED = '42501';

/**
 * The kind a server error's code implies. supabase-js reports a request that never reached the
 * server with an empty code (message "TypeError: fetch failed" and the like).
 */
export function kindOfCode(code: string | undefined): DataErrorKind {
  if (code === RLS_REFUSED) return 'refused';
  if (code === '') return 'network';
  // The database's own HTTP answers (SQLSTATE PTnnn): gone, or an allowance used up.
  if (code === 'PT404') return 'not_found';
  if (code === 'PT429') return 'limit';
  return 'server';
}

export function ok(): Success<void>;
export function ok<T>(data: T): Success<T>;
export function ok<T>(data?: T): Success<T | undefined> {
  return { data, error: null };
}

/** A failure from a server error (only its message and code are kept) or from this layer. */
export const fail = (error: { message: string; code?: string }, kind: DataErrorKind = kindOfCode(error.code)): Failure => ({
  data: null,
  error: { message: error.message, code: error.code, kind },
});

/** The same with the toast title the failure is shown under. */
export const failTitled = (error: { message: string; code?: string }, kind: DataErrorKind, title: string): Failure<TitledError> => ({
  data: null,
  error: { message: error.message, code: error.code, kind, title },
});

/** Input refused by a rule before anything was sent; the message is the rule's text. */
export const invalid = (message: string): Failure => fail({ message, code: 'invalid' }, 'invalid');

/** The row is not there, or not the caller's to see. */
export const notFound = (message: string): Failure => fail({ message, code: 'not_found' }, 'not_found');
