import { isPgError } from '../db/types.ts';
import { closestName } from './fuzzy.ts';
import { restResponse, type RestResponse } from './http.ts';

/** A PostgREST-shaped error: HTTP status plus {code, message, details, hint}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A text, or (PGRST201) the list of candidate relationships. */
    readonly details: string | Record<string, string>[] | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function errorBody(code: string, message: string, details: ApiError['details'] = null, hint: string | null = null): string {
  return JSON.stringify({ code, details, hint, message });
}

function apiErrorResponse(e: ApiError): RestResponse {
  return restResponse(errorBody(e.code, e.message, e.details, e.hint), e.status, {
    'content-type': 'application/json; charset=utf-8',
    ...e.headers,
  });
}

export const parseError = (what: 'select' | 'filter' | 'order' | 'range', input: string, details: string | null = null): ApiError =>
  what === 'select'
    ? new ApiError(400, 'PGRST100', `failed to parse select parameter (${input})`, details)
    : what === 'order'
      ? new ApiError(400, 'PGRST100', `failed to parse order (${input})`, details)
      : what === 'range'
        ? new ApiError(400, 'PGRST100', `failed to parse range (${input})`, details)
        : new ApiError(400, 'PGRST100', `failed to parse filter (${input})`, details);

export const columnNotFound = (table: string, column: string): ApiError =>
  new ApiError(400, '42703', `column ${table}.${column} does not exist`);

export function tableNotFound(schema: string, name: string, tables: Iterable<string>): ApiError {
  const near = closestName(tables, name, 0.75);
  return new ApiError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    near === undefined ? null : `Perhaps you meant the table '${schema}.${near}'`,
  );
}

/** HTTP status PostgREST uses for a SQLSTATE (docs: "HTTP status codes"; its Error.hs mapSQLtoHTTP). */
export function statusForSqlState(code: string, anonymous: boolean, message = ''): number {
  // RAISE … using errcode = 'PT404' chooses the status itself (an invalid one is a server error).
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return /^\d{3}$/.test(code.slice(2)) && status >= 100 && status <= 599 ? status : 500;
  }
  switch (code) {
    case '21000':
      // cardinality_violation: pg-safeupdate's "requires a WHERE clause" is the client's; the rest are the server's.
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      // invalid_parameter_value, except a JWT naming a role that does not exist.
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return anonymous ? 401 : 403;
    case 'P0001':
      return 400;
  }
  // Class 54 (program limit exceeded: too many columns, too complex): the request asked for more
  // than the database can do. PostgREST answers 500; it is the client's request to change, so 400.
  if (code.startsWith('54')) return 400;
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
  }
  return 400;
}

/** Turns anything thrown while serving a request into a PostgREST error response. */
export function toErrorResponse(error: unknown, anonymous: boolean): RestResponse {
  if (error instanceof ApiError) return apiErrorResponse(error);
  if (isPgError(error)) {
    const status = statusForSqlState(error.code, anonymous, error.message);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (status === 401) headers['www-authenticate'] = 'Bearer';
    return restResponse(errorBody(error.code, error.message, error.detail ?? null, error.hint ?? null), status, headers);
  }
  const sysCode = (error as { code?: unknown } | null)?.code;
  if (typeof sysCode === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|57P0[1-3])$/.test(sysCode)) {
    return restResponse(errorBody('PGRST001', 'Database client error. Retrying the connection.', (error as Error).message), 503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '0',
    });
  }
  console.error('[rest] unexpected error', error);
  return restResponse(errorBody('PGRST000', 'Internal server error'), 500, { 'content-type': 'application/json; charset=utf-8' });
}
