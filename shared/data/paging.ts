import { fail, ok, type DataResult } from './result.ts';

/** PostgREST's db-max-rows (1000 on hosted and local Supabase): longer lists are read in pages. */
export const MAX_ROWS = 1000;

/** PostgREST's answer (416) to a page past the end: an empty page, not an error. */
export const RANGE_PAST_END = 'PGRST103';

/** Reads every row of a query in pages of db-max-rows (the query must order by a unique key). */
export async function fetchAllPages<Row>(
  page: (from: number, to: number) => PromiseLike<{ data: Row[] | null; error: { message: string; code?: string } | null }>,
): Promise<DataResult<Row[]>> {
  const rows: Row[] = [];
  for (let from = 0; ; from += MAX_ROWS) {
    const { data, error } = await page(from, from + MAX_ROWS - 1);
    if (error) return fail(error);
    const batch = data ?? [];
    rows.push(...batch);
    if (batch.length < MAX_ROWS) return ok(rows);
  }
}
