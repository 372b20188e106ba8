import type { TablePrice } from '../../shared/core/usage/prices.ts';

/**
 * The price table (shared/core/usage/priceTable.ts) as the SQL that loads it into public.ai_prices. A
 * migration that changes prices replaces the table's rows with this statement's output
 * (tests/integration/usage-ledger.test.ts checks that the database holds exactly the file's rows).
 */

const text = (value: string | undefined | null): string => (value == null ? 'null' : `'${value.replaceAll("'", "''")}'`);
const int = (value: number | undefined): string => (value === undefined ? 'null' : String(value));

/** One row in ai_prices' columns, as the test also reads them back. */
export function priceRowValues(row: TablePrice): string {
  const aliases = `array[${(row.aliases ?? []).map((alias) => text(alias)).join(', ')}]::text[]`;
  const longContext = row.longContext ? `${text(JSON.stringify(row.longContext))}::jsonb` : 'null';
  return `(${[
    text(row.provider),
    text(row.model),
    aliases,
    text(row.kind),
    int(row.inputPerMillion),
    int(row.cachedInputPerMillion),
    int(row.cacheWritePerMillion),
    int(row.outputPerMillion),
    int(row.perImage),
    int(row.perSearch),
    longContext,
    text(row.effectiveFrom),
    text(row.effectiveUntil),
    text(row.sourceKind),
    text(row.sourceUrl),
    text(row.sourceDate),
    text(row.checkedOn),
    text(row.note),
  ].join(', ')})`;
}

export function pricesInsertSql(rows: readonly TablePrice[]): string {
  return [
    'insert into public.ai_prices (provider, model, aliases, kind, input_per_million, cached_input_per_million,',
    '  cache_write_per_million, output_per_million, per_image, per_search, long_context, effective_from, effective_until,',
    '  source_kind, source_url, source_date, checked_on, note) values',
    rows.map((row) => `  ${priceRowValues(row)}`).join(',\n') + ';',
  ].join('\n');
}
