import { ApiError } from './errors.ts';
import type { Outcome } from './execute.ts';
import { restResponse, type RestResponse } from './http.ts';
import type { RequestState } from './handler.ts';

/** What reads answer (tables and functions alike): JSON headers, db-max-rows, Content-Range, 206/416, the singular-object error. */

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** PostgREST's db-max-rows; `supabase start` sets it to 1000. PGRST_DB_MAX_ROWS overrides (0 = unlimited). */
export const MAX_ROWS = Number(process.env.PGRST_DB_MAX_ROWS ?? 1000);

/** Caps a requested range at db-max-rows. */
export function capRange(range: { offset: number; limit?: number }): { offset: number; limit?: number } {
  if (!MAX_ROWS) return range;
  return { offset: range.offset, limit: range.limit === undefined ? MAX_ROWS : Math.min(range.limit, MAX_ROWS) };
}

export function singularError(n: number): ApiError {
  return new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

/** GET/HEAD response: Content-Range, 206/416 as PostgREST decides them. */
export function readResponse(s: RequestState, o: Outcome, offset: number, count: boolean): RestResponse {
  if (s.accept.single && o.pageTotal !== 1) throw singularError(o.pageTotal);
  const total = o.total;
  const headers: Record<string, string> = { ...JSON_HEADERS };
  const upper = offset + o.pageTotal - 1;
  headers['content-range'] = o.pageTotal === 0 ? `*/${total ?? '*'}` : `${offset}-${upper}/${total ?? '*'}`;
  if (s.applied.length) headers['preference-applied'] = s.applied.join(', ');
  let status = 200;
  if (count && total !== null) {
    if (offset > total) {
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        { 'content-range': `*/${total}` },
      );
    }
    if (o.pageTotal < total) status = 206;
  }
  return restResponse(o.body, status, headers);
}
