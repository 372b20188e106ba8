import { asJson, type AppClient, type SupabaseClient } from '../supabase.ts';
import { BACKUP_FORMAT, BACKUP_SECTIONS, BACKUP_VERSION, type BackupFile, type BackupSection, type Row } from '../../core/admin/backup.ts';
import { restoreBatches, type RestorePlan } from '../../core/admin/restore.ts';
import { PRODUCT_NAME } from '../../core/brand.ts';

import { fetchAllPages } from '../paging.ts';
import { fail, ok, type DataError, type DataResult } from '../result.ts';

/** Reading and writing the backup (shared/core/admin/backup.ts has the format, shared/core/admin/restore.ts the plan). */

/** All rows of one section the viewer can read (read in pages: a response holds at most db-max-rows). */
async function readSection(client: AppClient, section: BackupSection): Promise<DataResult<Row[]>> {
  // Sections name their tables at run time and keep rows as plain JSON: read through the schema-less client type.
  const rows: SupabaseClient = client;
  const read = await fetchAllPages<Row>((from, to) =>
    section.name === 'users'
      ? rows.rpc('admin_list_users').order('id').range(from, to)
      : rows.from(section.table).select('*').order(section.key[0]!).range(from, to),
  );
  return read.error ? fail({ message: `${section.label}: ${read.error.message}`, code: read.error.code }, read.error.kind) : read;
}

/** Every section the viewer can read now, by section name. */
export async function readAllSections(client: AppClient): Promise<DataResult<Record<string, Row[]>>> {
  const entries: [string, Row[]][] = [];
  for (const section of BACKUP_SECTIONS) {
    const rows = await readSection(client, section);
    if (rows.error) return rows;
    entries.push([section.name, rows.data]);
  }
  return ok(Object.fromEntries(entries));
}

/** The backup file of everything the viewer may read (provider keys are never included). */
export async function buildBackup(client: AppClient, exportedBy: string, now = new Date()): Promise<DataResult<BackupFile>> {
  const tables = await readAllSections(client);
  if (tables.error) return tables;
  return ok({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    product: PRODUCT_NAME,
    exported_at: now.toISOString(),
    exported_by: exportedBy,
    tables: tables.data,
  });
}

export interface RestoreProgress {
  /** Rows written, by table. */
  written: Record<string, number>;
  /** Requests applied (each is one transaction), and how many there were. */
  appliedBatches: number;
  totalBatches: number;
}

/** A restore stopped by a refusal: what was applied before it stays applied. */
export type RestoreFailure = DataError & { progress: RestoreProgress };

/** Applies the plan's writes (admin_restore_backup), batch after batch; stops at the first refusal. */
export async function applyRestore(
  client: AppClient,
  plan: RestorePlan,
  maxBytes?: number,
): Promise<DataResult<RestoreProgress, RestoreFailure>> {
  const batches = restoreBatches(plan, maxBytes);
  const written: Record<string, number> = {};
  for (const [index, changes] of batches.entries()) {
    const { data, error } = await client.rpc('admin_restore_backup', { changes: asJson(changes) });
    if (error)
      return { data: null, error: { ...fail(error).error, progress: { written, appliedBatches: index, totalBatches: batches.length } } };
    // The function answers json (typed Json): rows written by table.
    for (const [table, count] of Object.entries((data ?? {}) as Record<string, number>)) written[table] = (written[table] ?? 0) + count;
  }
  return ok({ written, appliedBatches: batches.length, totalBatches: batches.length });
}
