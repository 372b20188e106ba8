/** postgres_changes filters as realtime-js sends them: "column=op.value", op one of eq neq lt lte gt gte in. */
export interface ChangeFilter {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

export function parseFilter(text: string): ChangeFilter | { error: string } {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(text);
  if (!match || !OPS.has(match[2]!)) return { error: `Error parsing \`filter\` params: ${text}` };
  const op = match[2] as ChangeFilter['op'];
  const raw = match[3]!;
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(raw);
    if (!list) return { error: `Error parsing \`filter\` params: ${text}` };
    return { column: match[1]!, op, values: list[1]!.split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1')) };
  }
  return { column: match[1]!, op, values: [raw] };
}

function compare(value: unknown, wanted: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    const n = Number(wanted);
    return Number.isNaN(n) ? null : value - n;
  }
  if (typeof value === 'boolean') return String(value) === wanted ? 0 : 1;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === wanted ? 0 : text < wanted ? -1 : 1;
}

/**
 * Whether a row passes the filter. A column the row does not carry passes, as on hosted Realtime
 * (its filter check joins the filters to the row's columns): a DELETE's old record holds only the
 * primary key under the default replica identity, so a filtered subscriber still hears deletes.
 */
export function matches(filter: ChangeFilter, row: Record<string, unknown>): boolean {
  if (!(filter.column in row)) return true;
  const value = row[filter.column];
  if (filter.op === 'in') return filter.values.some((v) => compare(value, v) === 0);
  const c = compare(value, filter.values[0]!);
  if (c === null) return false;
  switch (filter.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}
