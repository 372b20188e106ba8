import { EXPORTED_ROWS, OMITTED_COLUMNS, type AccountExport, type ExportedRows } from '../../../shared/core/account/manifest.ts';
import { ACCOUNT_TEXTS } from '../../../shared/core/account/texts.ts';
import { callerOf, fail, json, preflight, rest } from '../_shared/http.ts';

/**
 * POST /functions/v1/account-export (signed in): every row the caller owns, one list per entry of
 * the account manifest (shared/core/account/manifest.ts). Read with the service role and filtered
 * on the owner column, not through RLS: policies also show rows shared with the caller or their
 * team, which are other people's data, and a table whose policies miss a case can neither leak
 * into nor drop out of the export. The dashboard turns the answer into the zip.
 */

const PAGE = 500;

async function rowsOf(entry: ExportedRows, userId: string): Promise<Record<string, unknown>[] | null> {
  const rows: Record<string, unknown>[] = [];
  const omitted = OMITTED_COLUMNS[entry.table] ?? [];
  for (let offset = 0; ; offset += PAGE) {
    const path = `${entry.table}?${entry.column}=eq.${encodeURIComponent(userId)}&select=*&order=${entry.order ?? 'id'}&limit=${PAGE}&offset=${offset}`;
    const res = await rest(path, { method: 'GET' }, 'service').catch(() => null);
    if (!res?.ok || !Array.isArray(res.body)) return null;
    const page = res.body as Record<string, unknown>[];
    for (const row of page) {
      for (const column of omitted) delete row[column];
      rows.push(row);
    }
    if (page.length < PAGE) return rows;
  }
}

export default async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return fail('Method not allowed', 405);
  const caller = await callerOf(req);
  if (!caller) return fail(ACCOUNT_TEXTS.signIn, 401);
  const files: AccountExport['files'] = {};
  for (const entry of EXPORTED_ROWS) {
    const rows = await rowsOf(entry, caller.id);
    if (!rows) return fail(ACCOUNT_TEXTS.exportFailed, 500);
    files[entry.file] = rows;
  }
  const answer: AccountExport = { exportedAt: new Date().toISOString(), account: { id: caller.id, email: caller.email }, files };
  return json(answer);
}
