import Papa from 'papaparse';
import type { LedgerRow } from './report.ts';

/**
 * The ledger as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, quotes doubled), and back. Every column of usage_events but
 * user_id, in the table's own names and units (cost_micros: micro-dollars, USD). Empty cell: null.
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe on the way out and loses it on the way in.
 */

type Kind = 'text' | 'integer' | 'boolean' | 'json';

/** The columns in order, with how each cell is written. */
export const USAGE_CSV_COLUMNS = [
  ['id', 'text'],
  ['created_at', 'text'],
  ['feature', 'text'],
  ['surface', 'text'],
  ['provider', 'text'],
  ['model', 'text'],
  ['input_tokens', 'integer'],
  ['cached_input_tokens', 'integer'],
  ['cache_write_input_tokens', 'integer'],
  ['output_tokens', 'integer'],
  ['images', 'integer'],
  ['searches', 'integer'],
  ['estimated', 'boolean'],
  ['outcome', 'text'],
  ['cost_micros', 'integer'],
  ['price', 'json'],
  ['subject_kind', 'text'],
  ['subject_id', 'text'],
  ['step_index', 'integer'],
] as const satisfies readonly (readonly [keyof LedgerRow, Kind])[];

// Every field of LedgerRow is a column (a compile error names the one missing).
type Missing = Exclude<keyof LedgerRow, (typeof USAGE_CSV_COLUMNS)[number][0]>;
const everyColumn: [Missing] extends [never] ? true : Missing = true;
void everyColumn;

const FORMULA = /^'*[=+\-@\t\r]/;
const protect = (value: string) => (FORMULA.test(value) ? `'${value}` : value);
const unprotect = (value: string) => (value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value);

function cell(value: unknown, kind: Kind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'json') return JSON.stringify(value);
  if (kind === 'text') return protect(String(value));
  return String(value);
}

/** The rows as one CSV text with a header line. */
export function usageToCsv(rows: readonly LedgerRow[]): string {
  const fields = USAGE_CSV_COLUMNS.map(([name]) => name);
  const data = rows.map((row) => USAGE_CSV_COLUMNS.map(([name, kind]) => cell(row[name], kind)));
  return `${Papa.unparse({ fields, data }, { newline: '\r\n', quotes: false })}\r\n`;
}

export class UsageCsvError extends Error {}

function read(text: string, kind: Kind, column: string, line: number): unknown {
  if (text === '') return null;
  switch (kind) {
    case 'text':
      return unprotect(text);
    case 'integer': {
      if (!/^\d+$/.test(text)) throw new UsageCsvError(`Row ${line}: ${column} is not a whole number (${text}).`);
      return Number(text);
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new UsageCsvError(`Row ${line}: ${column} is not true or false (${text}).`);
      return text === 'true';
    case 'json':
      return JSON.parse(text) as unknown;
  }
}

/** A CSV written by usageToCsv, back to its rows (for checks and re-imports; throws UsageCsvError on a foreign file). */
export function usageFromCsv(csv: string): LedgerRow[] {
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new UsageCsvError(parsed.errors[0]!.message);
  const [header, ...lines] = parsed.data;
  const expected = USAGE_CSV_COLUMNS.map(([name]) => name);
  if (!header || header.join(',') !== expected.join(',')) throw new UsageCsvError('This is not a usage export: its columns differ.');
  return lines.map((cells, index) => {
    const entries = USAGE_CSV_COLUMNS.map(([name, kind], i) => [name, read(cells[i] ?? '', kind, name, index + 2)] as const);
    return Object.fromEntries(entries) as unknown as LedgerRow;
  });
}

/** 'ai-vault-usage-2026-11-01-to-2026-11-30.csv' (the last day included). */
export function usageCsvName(fromDay: string, lastDay: string): string {
  return `ai-vault-usage-${fromDay}-to-${lastDay}.csv`;
}
