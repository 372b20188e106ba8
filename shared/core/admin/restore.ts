/**
 * Restoring a backup (backup.ts has the file and its sections): the dry-run plan of what would
 * change, and the writes it makes, cut into requests. Pure: shared/data/admin/backup.ts sends them.
 */
import { BACKUP_SECTIONS, keyOf, sectionNamed, type BackupFile, type BackupSection, type RestoreMode, type Row } from './backup.ts';

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
