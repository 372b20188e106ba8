/** SQL text: quoted identifiers, bound parameters and array literals. */

export const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** `"schema"."name"` of a table, view or function. */
export const qualified = (o: { schema: string; name: string }) => `${q(o.schema)}.${q(o.name)}`;

/** Collects bound parameters; values are always passed as text. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Postgres array literal for a list of text values. */
export function arrayLiteral(items: (string | null)[]): string {
  return `{${items.map((x) => (x === null ? 'NULL' : `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
