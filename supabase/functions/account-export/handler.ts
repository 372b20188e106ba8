import { EXPORTED_ROWS, OMITTED_COLUMNS, type ExportedRows } from '@/shared/core/account/manifest.ts';
import { ACCOUNT_TEXTS } from '@/shared/core/account/texts.ts';
import type { Database } from '@/shared/data/database.types.ts';
import { serviceDb } from '../_shared/db.ts';
import { recordEvent } from '../_shared/monitoring.ts';
import { callerOf, CORS_HEADERS, fail, preflight, type Caller } from '../_shared/http.ts';
import { errorMessage } from '@/shared/core/text.ts';

/**
 * POST /functions/v1/account-export (signed in): every row the caller owns, one list per entry of
 * the account manifest (shared/core/account/manifest.ts). Read with the service role and filtered
 * on the owner column, not through RLS: policies also show rows shared with the caller or their
 * team, which are other people's data, and a table whose policies miss a case can neither leak
 * into nor drop out of the export. The dashboard turns the answer into the zip.
 *
 * The answer is streamed a page of rows at a time, so a large account never sits whole in the
 * function's memory. The status is sent before the rows are read: a read that fails midway ends
 * the JSON with `error` instead of `complete: true`, and the dashboard reports the failure.
 */

const PAGE = 500;

/** The manifest names tables as text (shared/core knows no database types); its test holds it to the schema. */
type TableName = keyof Database['public']['Tables'];

async function* pagesOf(entry: ExportedRows, userId: string): AsyncGenerator<Record<string, unknown>[]> {
  const db = serviceDb();
  const omitted = OMITTED_COLUMNS[entry.table] ?? [];
  for (let offset = 0; ; offset += PAGE) {
    let query = db
      .from(entry.table as TableName)
      .select('*')
      .eq(entry.column, userId);
    for (const column of (entry.order ?? 'id').split(',')) query = query.order(column);
    const { data, error, status } = await query.range(offset, offset + PAGE - 1);
    if (error) throw new Error(`account-export: reading ${entry.table} failed (${status || 'unreachable'})`);
    const page = data.map((row): Record<string, unknown> => ({ ...row }));
    for (const row of page) for (const column of omitted) delete row[column];
    yield page;
    if (page.length < PAGE) return;
  }
}

/** The export as JSON text, piece by piece: `{exportedAt, account, files: {file: [rows]…}, complete: true}`. */
async function* exportText(caller: Caller): AsyncGenerator<string> {
  const account = { id: caller.id, email: caller.email };
  yield `{"exportedAt":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(account)},"files":{`;
  for (const [index, entry] of EXPORTED_ROWS.entries()) {
    yield `${index ? ',' : ''}${JSON.stringify(entry.file)}:[`;
    let first = true;
    try {
      for await (const page of pagesOf(entry, caller.id)) {
        if (page.length === 0) continue;
        yield (first ? '' : ',') + page.map((row) => JSON.stringify(row)).join(',');
        first = false;
      }
    } catch (error) {
      // Past the status line, so the monitoring wrapper cannot see it: recorded here.
      const message = errorMessage(error);
      console.error(`[functions/account-export] ${message}`);
      await recordEvent({ kind: 'function_error', source: 'account-export', message, userId: caller.id });
      yield `]},"error":${JSON.stringify(ACCOUNT_TEXTS.exportFailed)}}`;
      return;
    }
    yield ']';
  }
  yield '},"complete":true}';
}

function streamOf(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    // Pulled as the client reads: a slow download holds the next page back instead of buffering it.
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail(ACCOUNT_TEXTS.signIn, 401);
  return new Response(streamOf(exportText(caller)), {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...CORS_HEADERS },
  });
}
