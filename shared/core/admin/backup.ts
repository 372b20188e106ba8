/**
 * The master admin's data backup: export everything the viewer may
 * read as ai_vault_all_app_data.json, and restore from such a file — validated, with a dry-run
 * plan of exactly what would change before anything is written. Pure: reading and writing the
 * database is shared/data/adminBackup.ts; the database (RLS, role guard) decides what a restore
 * may really do, row by row, as the restorer.
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
type RestoreMode = 'upsert' | 'update' | 'none';

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

const sectionNamed = (name: string): BackupSection | undefined => BACKUP_SECTIONS.find((s) => s.name === name);

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  product: string;
  exported_at: string;
  exported_by: string;
  tables: Record<string, Row[]>;
}

const COLUMN_NAME = /^[a-z_][a-z0-9_]*$/;

const keyOf = (section: BackupSection, row: Row): string => JSON.stringify(section.key.map((k) => row[k]));

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

export interface SectionPlan {
  name: string;
  label: string;
  mode: RestoreMode;
  /** Rows of this section in the file. */
  inFile: number;
  added: Row[];
  changed: Row[];
  unchanged: number;
  skipped: { count: number; reason: string }[];
}

export interface RestorePlan {
  sections: SectionPlan[];
  /** Sections in the file this version does not know. */
  unknownSections: string[];
}

/** Key order does not matter when comparing stored values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const ROLE_USER_NOT_RESTORED =
  'The role User is not given back (roles go to Admin, Editor or View Only); the rest of the account is restored.';

/** Kept up to date by the database on every write: a restored row differs in them by nature, so they are not compared. */
const BOOKKEEPING_COLUMNS = new Set(['updated_at', 'updated_by']);

const project = (row: Row, columns: readonly string[]): Row => Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]!]));

/**
 * The dry run: for each section, which rows of the file would be added, which would change
 * existing rows, which are already as in the file, and which are skipped (and why). `current`
 * holds the rows the restorer can read now, by section name.
 */
export function planRestore(file: BackupFile, current: Record<string, Row[]>, viewerId: string): RestorePlan {
  const sections = BACKUP_SECTIONS.filter((section) => section.name in file.tables).map((section): SectionPlan => {
    const rows = file.tables[section.name] ?? [];
    const plan: SectionPlan = {
      name: section.name,
      label: section.label,
      mode: section.mode,
      inFile: rows.length,
      added: [],
      changed: [],
      unchanged: 0,
      skipped: [],
    };
    const skip = (reason: string) => {
      const entry = plan.skipped.find((s) => s.reason === reason);
      if (entry) entry.count += 1;
      else plan.skipped.push({ count: 1, reason });
    };
    if (section.mode === 'none') {
      if (rows.length) plan.skipped.push({ count: rows.length, reason: section.note ?? 'Not restored.' });
      return plan;
    }
    const existing = new Map((current[section.name] ?? []).map((row) => [keyOf(section, row), row]));
    for (const row of rows) {
      if (section.owner && row[section.owner] !== viewerId) {
        skip('Belongs to another account: only your own items are restored.');
        continue;
      }
      const wanted = section.columns ? project(row, [...section.key, ...section.columns]) : row;
      const now = existing.get(keyOf(section, row));
      if (!now) {
        if (section.mode === 'update') skip('No such account now (or not one you manage).');
        else plan.added.push(wanted);
        continue;
      }
      // Roles go to admin, editor or view_only only (the role guard refuses User):
      // such an account keeps its role and the rest of it is restored.
      if (section.name === 'users' && wanted.role === 'user' && now.role !== 'user') {
        wanted.role = now.role!;
        skip(ROLE_USER_NOT_RESTORED);
      }
      const differs = Object.keys(wanted).some(
        (column) => !BOOKKEEPING_COLUMNS.has(column) && canonical(wanted[column]) !== canonical(now[column]),
      );
      if (differs) plan.changed.push(wanted);
      else plan.unchanged += 1;
    }
    return plan;
  });
  const unknownSections = Object.keys(file.tables).filter((name) => !sectionNamed(name));
  return { sections, unknownSections };
}

export const planWrites = (plan: RestorePlan): number => plan.sections.reduce((n, s) => n + s.added.length + s.changed.length, 0);

/** One write of the restore: rows of one table, applied by admin_restore_backup in one transaction. */
export interface RestoreChange {
  table: string;
  key: string[];
  mode: Exclude<RestoreMode, 'none'>;
  rows: Row[];
}

/** Rows with their nesting level among the rows being written (0 without a parent column), parents first. */
function byLevel(section: BackupSection, rows: Row[]): [Row, number][] {
  const parent = section.parent;
  if (!parent) return rows.map((row) => [row, 0]);
  const byKey = new Map(rows.map((row) => [keyOf(section, row), row]));
  const levels = new Map<Row, number>();
  const levelOf = (row: Row, seen: Set<Row>): number => {
    const known = levels.get(row);
    if (known !== undefined) return known;
    const up = row[parent] == null ? undefined : byKey.get(JSON.stringify([row[parent]]));
    // A cycle cannot be written in any order: the database will refuse it, whatever the level.
    const level = up && !seen.has(up) ? levelOf(up, new Set(seen).add(row)) + 1 : 0;
    levels.set(row, level);
    return level;
  };
  return rows.map((row): [Row, number] => [row, levelOf(row, new Set())]).sort((a, b) => a[1] - b[1]);
}

/**
 * The plan's writes, in restore order, cut into requests of at most `maxBytes` of JSON each
 * (a request is one transaction; a huge knowledge base may need several).
 */
export function restoreBatches(plan: RestorePlan, maxBytes = 512 * 1024): RestoreChange[][] {
  const batches: RestoreChange[][] = [];
  let batch: RestoreChange[] = [];
  let size = 0;
  const flush = () => {
    if (batch.length) batches.push(batch);
    batch = [];
    size = 0;
  };
  for (const sectionPlan of plan.sections) {
    const section = sectionNamed(sectionPlan.name)!;
    if (section.mode === 'none') continue;
    let level = -1;
    for (const [row, rowLevel] of byLevel(section, [...sectionPlan.added, ...sectionPlan.changed])) {
      const rowSize = JSON.stringify(row).length + 1;
      if (size > 0 && size + rowSize > maxBytes) flush();
      let change = batch[batch.length - 1];
      if (!change || change.table !== section.table || rowLevel !== level) {
        change = { table: section.table, key: [...section.key], mode: section.mode, rows: [] };
        batch.push(change);
        level = rowLevel;
      }
      change.rows.push(row);
      size += rowSize;
    }
  }
  flush();
  return batches;
}
