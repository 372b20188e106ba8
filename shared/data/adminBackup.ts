import type { SupabaseClient } from '@supabase/supabase-js';
import {
  BACKUP_FORMAT,
  BACKUP_SECTIONS,
  BACKUP_VERSION,
  restoreBatches,
  type BackupFile,
  type BackupSection,
  type RestorePlan,
  type Row,
} from '../core/adminBackup.ts';
import { PRODUCT_NAME } from '../core/brand.ts';

/** Reading and writing the backup (shared/core/adminBackup.ts has the format and the plan). */

const PAGE = 1000;

/** All rows of one section the viewer can read, page by page (hosted PostgREST caps a response at 1000 rows). */
async function readSection(client: SupabaseClient, section: BackupSection): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += PAGE) {
    const query =
      section.name === 'users'
        ? client.rpc('admin_list_users').order('id').range(from, from + PAGE - 1)
        : client
            .from(section.table)
            .select('*')
            .order(section.key[0]!)
            .range(from, from + PAGE - 1);
    const { data, error } = await query;
    if (error) throw new Error(`${section.label}: ${error.message}`);
    rows.push(...((data ?? []) as Row[]));
    if (!data || data.length < PAGE) return rows;
  }
}

/** Every section the viewer can read now, by section name. */
export async function readAllSections(client: SupabaseClient): Promise<Record<string, Row[]>> {
  const entries: [string, Row[]][] = [];
  for (const section of BACKUP_SECTIONS) entries.push([section.name, await readSection(client, section)]);
  return Object.fromEntries(entries);
}

/** The backup file of everything the viewer may read (provider keys are never included). */
export async function buildBackup(client: SupabaseClient, exportedBy: string, now = new Date()): Promise<BackupFile> {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    product: PRODUCT_NAME,
    exported_at: now.toISOString(),
    exported_by: exportedBy,
    tables: await readAllSections(client),
  };
}

export interface RestoreOutcome {
  /** Rows written, by table. */
  written: Record<string, number>;
  /** Requests applied before a failure (each is one transaction), and how many there were. */
  appliedBatches: number;
  totalBatches: number;
  error: { message: string } | null;
}

/** Applies the plan's writes (admin_restore_backup), batch after batch; stops at the first refusal. */
export async function applyRestore(client: SupabaseClient, plan: RestorePlan, maxBytes?: number): Promise<RestoreOutcome> {
  const batches = restoreBatches(plan, maxBytes);
  const written: Record<string, number> = {};
  for (const [index, changes] of batches.entries()) {
    const { data, error } = await client.rpc('admin_restore_backup', { changes });
    if (error) return { written, appliedBatches: index, totalBatches: batches.length, error: { message: error.message } };
    for (const [table, count] of Object.entries((data ?? {}) as Record<string, number>)) written[table] = (written[table] ?? 0) + count;
  }
  return { written, appliedBatches: batches.length, totalBatches: batches.length, error: null };
}
