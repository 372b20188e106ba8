/**
 * The master admin's data backup: export everything the viewer may
 * read as ai_vault_all_app_data.json, and restore from such a file — validated, with a dry-run
 * plan of exactly what would change before anything is written (restore.ts). This file: the
 * format, its sections and reading a file. Pure: reading and writing the database is
 * shared/data/admin/backup.ts; the database (RLS, role guard) decides what a restore may really
 * do, row by row, as the restorer.
 */
import { z } from 'zod';
import { PRODUCT_NAME } from '../brand.ts';
import { productSlug } from './users.ts';

export const BACKUP_FORMAT = 'ai-vault-backup';
export const BACKUP_VERSION = 1;
export const BACKUP_FILE_NAME = `${productSlug(PRODUCT_NAME)}_all_app_data.json`;
/** A larger file is refused before parsing (the dashboard holds it in memory). */
export const BACKUP_MAX_BYTES = 50 * 1024 * 1024;

export type Row = Record<string, z.core.util.JSONType>;

/**
 * upsert: rows are inserted or overwritten by key; update: only existing rows are changed (the
 * listed columns); none: exported for the record, never written back.
 */
export type RestoreMode = 'upsert' | 'update' | 'none';

export interface BackupSection {
  /** The key under `tables` in the file. */
  name: string;
  /** The table a restore writes (and, except for users, the one export reads). */
  table: string;
  label: string;
  key: readonly string[];
  mode: RestoreMode;
  /** Update mode writes only these columns. */
  columns?: readonly string[];
  /** Rows belong to the user in this column: only the restorer's own rows are restored. */
  owner?: string;
  /**
   * A column pointing at a row of the same table (nested folders): parents are written in an
   * earlier statement than their children, since RLS checks a row's parent when it is written.
   */
  parent?: string;
  /** Why a section is restored partly or not at all. */
  note?: string;
}

/** In restore order: referenced rows (categories, folders) come before the rows pointing at them. */
export const BACKUP_SECTIONS: readonly BackupSection[] = [
  {
    name: 'users',
    table: 'profiles',
    label: 'Users',
    key: ['id'],
    mode: 'update',
    columns: ['name', 'phone', 'role'],
    note: 'Name, phone and role of accounts that still exist; e-mail and password stay with each account.',
  },
  { name: 'monitoring_settings', table: 'monitoring_settings', label: 'Monitoring settings', key: ['id'], mode: 'upsert' },
  { name: 'recommended_prompts', table: 'recommended_prompts', label: 'Recommended prompts', key: ['id'], mode: 'upsert' },
  { name: 'free_prompt_categories', table: 'free_prompt_categories', label: 'Free prompt categories', key: ['id'], mode: 'upsert' },
  { name: 'free_prompts', table: 'free_prompts', label: 'Free prompts', key: ['id'], mode: 'upsert' },
  {
    name: 'prompt_folders',
    table: 'prompt_folders',
    label: 'Your prompt folders',
    key: ['id'],
    mode: 'upsert',
    owner: 'user_id',
    parent: 'parent_folder_id',
  },
  { name: 'saved_prompts', table: 'saved_prompts', label: 'Your saved prompts', key: ['id'], mode: 'upsert', owner: 'user_id' },
  { name: 'offers', table: 'offers', label: 'Your offers', key: ['id'], mode: 'upsert', owner: 'user_id' },
  { name: 'kb_folders', table: 'kb_folders', label: 'Your knowledge-base folders', key: ['id'], mode: 'upsert', owner: 'user_id' },
  { name: 'kb_documents', table: 'kb_documents', label: 'Your knowledge-base documents', key: ['id'], mode: 'upsert', owner: 'user_id' },
  { name: 'kb_settings', table: 'kb_settings', label: 'Your knowledge-base selection', key: ['user_id'], mode: 'upsert', owner: 'user_id' },
  {
    name: 'document_folders',
    table: 'document_folders',
    label: 'Your document folders',
    key: ['id'],
    mode: 'upsert',
    owner: 'user_id',
    parent: 'parent_folder_id',
  },
  {
    name: 'generated_documents',
    table: 'generated_documents',
    label: 'Your documents',
    key: ['id'],
    mode: 'upsert',
    owner: 'user_id',
    columns: ['name', 'content', 'format', 'template_id', 'folder_id', 'file_url', 'created_at'],
    note: 'The text and place of your documents; sale settings and download counts change only through Product Management and downloads.',
  },
  {
    name: 'workspaces',
    table: 'workspaces',
    label: 'Your workspaces',
    key: ['id'],
    mode: 'upsert',
    owner: 'user_id',
    columns: ['name', 'structure', 'created_at'],
  },
  { name: 'startup_ideas', table: 'startup_ideas', label: 'Your startup ideas', key: ['id'], mode: 'upsert', owner: 'user_id' },
  { name: 'prompt_runs', table: 'prompt_runs', label: 'Your prompt runs', key: ['id'], mode: 'upsert', owner: 'user_id' },
  { name: 'conversations', table: 'conversations', label: 'Your conversations', key: ['id'], mode: 'upsert', owner: 'user_id' },
  {
    name: 'conversation_messages',
    table: 'conversation_messages',
    label: 'Your conversation messages',
    key: ['id'],
    mode: 'upsert',
    owner: 'user_id',
  },
  {
    name: 'prompt_suggestions',
    table: 'prompt_suggestions',
    label: 'Your prompt suggestions',
    key: ['id'],
    mode: 'upsert',
    owner: 'user_id',
  },
  {
    name: 'purchases',
    table: 'purchases',
    label: 'Purchases',
    key: ['id'],
    mode: 'none',
    note: 'Payment records are kept as Stripe reported them.',
  },
  {
    name: 'contact_messages',
    table: 'contact_messages',
    label: 'Contact messages',
    key: ['id'],
    mode: 'none',
    note: 'Messages people sent are kept as they are.',
  },
  {
    name: 'feature_requests',
    table: 'feature_requests',
    label: 'Feature requests',
    key: ['id'],
    mode: 'none',
    note: 'Each person’s feature interest is theirs to change.',
  },
  {
    name: 'user_generation_counts',
    table: 'user_generation_counts',
    label: 'Monthly generation counts',
    key: ['user_id'],
    mode: 'none',
    note: 'The database counts generations itself.',
  },
];

export const sectionNamed = (name: string): BackupSection | undefined => BACKUP_SECTIONS.find((s) => s.name === name);

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  product: string;
  exported_at: string;
  exported_by: string;
  tables: Record<string, Row[]>;
}

const COLUMN_NAME = /^[a-z_][a-z0-9_]*$/;

export const keyOf = (section: BackupSection, row: Row): string => JSON.stringify(section.key.map((k) => row[k]));

const backupFileSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT, { error: 'This is not an AI Vault backup file.' }),
    version: z.literal(BACKUP_VERSION, { error: `Only backup version ${BACKUP_VERSION} files can be restored.` }),
    product: z.string(),
    exported_at: z.iso.datetime({ offset: true }),
    exported_by: z.string(),
    tables: z.record(z.string(), z.array(z.record(z.string(), z.json()))),
  })
  .superRefine((file, ctx) => {
    for (const [name, rows] of Object.entries(file.tables)) {
      const section = sectionNamed(name);
      if (!section) continue; // a newer export's extra section: reported by the plan, not an error
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['tables', name, index], message });
        const bad = Object.keys(row).find((column) => !COLUMN_NAME.test(column));
        if (bad) issue(`"${bad}" is not a column name.`);
        const missing = section.key.filter((column) => !['string', 'number', 'boolean'].includes(typeof row[column]));
        for (const column of missing) issue(`missing ${column}.`);
        if (section.owner && typeof row[section.owner] !== 'string') issue(`missing ${section.owner}.`);
        if (missing.length) return;
        const key = keyOf(section, row);
        if (seen.has(key)) issue(`${section.key.join(', ')} appears twice.`);
        seen.add(key);
      });
    }
  });

export type ParsedBackup = { ok: true; file: BackupFile } | { ok: false; errors: string[] };

/** Reads a backup file's text: the file, or readable reasons it cannot be restored (at most 10). */
export function parseBackup(text: string): ParsedBackup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['The file is not valid JSON.'] };
  }
  const result = backupFileSchema.safeParse(data);
  if (result.success) return { ok: true, file: result.data as BackupFile };
  const errors = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  return { ok: false, errors: errors.length > 10 ? [...errors.slice(0, 10), `…and ${errors.length - 10} more problems.`] : errors };
}
