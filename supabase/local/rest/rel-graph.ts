import type { ForeignKey, Relation, SchemaCache } from './schema.ts';

/** A relationship detected from a foreign key, seen from `origin`. */
interface FkRelationship {
  cardinality: 'm2o' | 'o2o' | 'o2m';
  origin: Relation;
  target: Relation;
  /** Foreign-key constraint name. */
  cons: string;
  /** (column of the origin, column of the target) pairs. */
  columns: [string, string][];
  isSelf: boolean;
}

/** Many-to-many through a junction whose primary key covers both foreign keys. */
interface M2mRelationship {
  cardinality: 'm2m';
  origin: Relation;
  target: Relation;
  junction: Relation;
  /** The junction's constraint to the origin and to the target. */
  cons1: string;
  cons2: string;
  /** (junction column, origin column) and (junction column, target column) pairs. */
  source: [string, string][];
  dest: [string, string][];
  isSelf: boolean;
}

/** A function `fn(origin) returns [setof] target`: embedded as `fn(...)`. */
interface ComputedRelationship {
  cardinality: 'computed';
  origin: Relation;
  target: Relation;
  fn: string;
  toOne: boolean;
  isSelf: boolean;
}

/** How an embedded resource relates to its parent. */
export type Relationship = FkRelationship | M2mRelationship | ComputedRelationship;

export const isToOne = (r: Relationship): boolean =>
  r.cardinality === 'm2o' || r.cardinality === 'o2o' || (r.cardinality === 'computed' && r.toOne);

export const isView = (r: Relation): boolean => r.kind === 'v' || r.kind === 'm';

function isUnique(rel: Relation, cols: string[]): boolean {
  return rel.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const cmpPairs = (a: [string, string][], b: [string, string][]): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = cmp(a[i]![0], b[i]![0]) || cmp(a[i]![1], b[i]![1]);
    if (d) return d;
  }
  return a.length - b.length;
};
const CARD_ORDER = { o2m: 0, m2o: 1, o2o: 2, m2m: 3, computed: 4 } as const;

/**
 * The order PostgREST keeps relationships in (and so lists ambiguous candidates in): FK-based ones
 * before computed ones; then by target, self-reference, cardinality (one-to-many, many-to-one,
 * one-to-one, many-to-many), constraint or junction names, columns.
 */
function compare(a: Relationship, b: Relationship): number {
  if ((a.cardinality === 'computed') !== (b.cardinality === 'computed')) return a.cardinality === 'computed' ? 1 : -1;
  if (a.cardinality === 'computed' && b.cardinality === 'computed')
    return cmp(a.fn, b.fn) || cmp(a.target.name, b.target.name) || Number(a.toOne) - Number(b.toOne);
  const d =
    cmp(a.target.name, b.target.name) || Number(a.isSelf) - Number(b.isSelf) || CARD_ORDER[a.cardinality] - CARD_ORDER[b.cardinality];
  if (d) return d;
  if (a.cardinality === 'm2m' && b.cardinality === 'm2m')
    return (
      cmp(a.junction.name, b.junction.name) ||
      cmp(a.cons1, b.cons1) ||
      cmp(a.cons2, b.cons2) ||
      cmpPairs(a.source, b.source) ||
      cmpPairs(a.dest, b.dest)
    );
  if (a.cardinality !== 'm2m' && b.cardinality !== 'm2m' && a.cardinality !== 'computed' && b.cardinality !== 'computed')
    return cmp(a.cons, b.cons) || cmpPairs(a.columns, b.columns);
  return 0;
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((c, i) => [c, b[i]!]);

function fkRelationships(schema: SchemaCache): Relationship[] {
  const out: Relationship[] = [];
  const m2o = new Map<string, { fk: ForeignKey; origin: Relation; target: Relation }[]>();
  for (const fk of schema.foreignKeys) {
    const origin = schema.relations.get(fk.table);
    const target = schema.relations.get(fk.refTable);
    if (!origin || !target) continue;
    const isSelf = origin === target;
    const oneToOne = isUnique(origin, fk.columns);
    out.push({ cardinality: oneToOne ? 'o2o' : 'm2o', origin, target, cons: fk.name, columns: zip(fk.columns, fk.refColumns), isSelf });
    out.push({
      cardinality: oneToOne ? 'o2o' : 'o2m',
      origin: target,
      target: origin,
      cons: fk.name,
      columns: zip(fk.refColumns, fk.columns),
      isSelf,
    });
    if (!oneToOne) {
      const list = m2o.get(fk.table) ?? [];
      list.push({ fk, origin, target });
      m2o.set(fk.table, list);
    }
  }
  // many-to-many: two many-to-one keys of one junction, both inside its primary key
  for (const list of m2o.values()) {
    for (const a of list) {
      for (const b of list) {
        if (a.fk.name === b.fk.name) continue;
        const junction = a.origin;
        if (![...a.fk.columns, ...b.fk.columns].every((c) => junction.pk.includes(c))) continue;
        out.push({
          cardinality: 'm2m',
          origin: a.target,
          target: b.target,
          junction,
          cons1: a.fk.name,
          cons2: b.fk.name,
          source: zip(a.fk.columns, a.fk.refColumns),
          dest: zip(b.fk.columns, b.fk.refColumns),
          isSelf: a.target === b.target,
        });
      }
    }
  }
  return out;
}

/** Functions taking exactly one row of a relation and returning rows of a relation. */
function computedRelationships(schema: SchemaCache): ComputedRelationship[] {
  const out: ComputedRelationship[] = [];
  for (const overloads of schema.functions.values()) {
    for (const f of overloads) {
      if (f.inArgs.length !== 1 || !f.retRel) continue;
      const argType = f.inArgs[0]!.type;
      const bare = argType.startsWith(`${schema.name}.`) ? argType.slice(schema.name.length + 1) : argType;
      const origin = schema.relations.get(bare.replace(/^"(.*)"$/, '$1'));
      const target = schema.relations.get(f.retRel);
      if (!origin || !target || origin.kind === 'c' || target.kind === 'c') continue;
      out.push({ cardinality: 'computed', origin, target, fn: f.name, toOne: !f.retSet || f.rows === 1, isSelf: origin === target });
    }
  }
  return out;
}

const graphs = new WeakMap<SchemaCache, Map<string, Relationship[]>>();

/**
 * Every relationship by origin name, sorted. A computed relationship named like a table replaces
 * the detected relationships between its origin and that table.
 */
export function relationshipGraph(schema: SchemaCache): Map<string, Relationship[]> {
  let graph = graphs.get(schema);
  if (graph) return graph;
  graph = new Map();
  const computed = computedRelationships(schema);
  const overridden = new Set(computed.map((c) => `${c.origin.name}\u0000${c.fn}`));
  for (const r of [...fkRelationships(schema), ...computed]) {
    if (r.cardinality !== 'computed' && overridden.has(`${r.origin.name}\u0000${r.target.name}`)) continue;
    const list = graph.get(r.origin.name) ?? [];
    list.push(r);
    graph.set(r.origin.name, list);
  }
  for (const list of graph.values()) list.sort(compare);
  graphs.set(schema, graph);
  return graph;
}
