import { ApiError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import { isView, relationshipGraph, type Relationship } from './rel-graph.ts';
import type { Relation, SchemaCache } from './schema.ts';
import { q, qualified } from './sql.ts';

/**
 * Whether `target` (with its optional `!hint`) names `r`, as PostgREST decides: a table or view
 * name, else a constraint or the origin's FK column (tables only); hints name a constraint, a
 * column on either side or a junction. A self-reference is the children (one-to-many) by table
 * name, hinted by the children's FK column, or the parent (many-to-one) by the FK column.
 */
function matches(r: Relationship, target: string, hint: string | undefined): boolean {
  if (r.cardinality === 'computed') return r.fn === target;
  if (r.cardinality === 'm2m') {
    if (r.isSelf) return false;
    return r.target.name === target && (hint === undefined || r.junction.name === hint);
  }
  const col = r.columns.length === 1 ? r.columns[0]! : undefined;
  if (r.isSelf) {
    if (hint === undefined)
      return (r.cardinality === 'o2m' && r.target.name === target) || (r.cardinality === 'm2o' && col?.[0] === target);
    return r.cardinality === 'o2m' && r.target.name === target && col?.[1] === hint;
  }
  if (hint === undefined) return r.target.name === target || (!isView(r.target) && (r.cons === target || col?.[0] === target));
  return r.target.name === target && (r.cons === hint || col?.[0] === hint || col?.[1] === hint);
}

export function resolveRelationship(schema: SchemaCache, parent: Relation, name: string, hint?: string): Relationship {
  const graph = relationshipGraph(schema);
  const found = (graph.get(parent.name) ?? []).filter((r) => matches(r, name, hint));
  if (found.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
      noRelationshipHint(graph, parent.name, name),
    );
  }
  if (found.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map(describe),
      `Try changing '${name}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return found[0]!;
}

/** `'target!constraint'` (or `!junction`); a computed relationship, which a hint cannot select, adds nothing. */
const hintFor = (r: Relationship) =>
  r.cardinality === 'computed' ? '' : `'${r.target.name}!${r.cardinality === 'm2m' ? r.junction.name : r.cons}'`;

const CARDINALITY = { m2o: 'many-to-one', o2o: 'one-to-one', o2m: 'one-to-many', m2m: 'many-to-many' } as const;
const cols = (c: string[]) => `(${c.join(', ')})`;

/** One candidate in PGRST201's `details`, worded as PostgREST words it. */
function describe(r: Relationship): Record<string, string> {
  const embedding = `${r.origin.name} with ${r.target.name}`;
  // Two computed relationships can never share a name, so they are never ambiguous.
  if (r.cardinality === 'computed') return {};
  const cardinality = CARDINALITY[r.cardinality];
  if (r.cardinality === 'm2m')
    return {
      cardinality,
      embedding,
      relationship: `${r.junction.name} using ${r.cons1}${cols(r.source.map((p) => p[0]))} and ${r.cons2}${cols(r.dest.map((p) => p[0]))}`,
    };
  const own = r.columns.map((p) => p[0]);
  const other = r.columns.map((p) => p[1]);
  return { cardinality, embedding, relationship: `${r.cons} using ${r.origin.name}${cols(own)} and ${r.target.name}${cols(other)}` };
}

/**
 * "Perhaps you meant …": when `parent` has relationships, a near name among its targets (many-to-many
 * and computed ones included); otherwise a near name among the relations that have relationships.
 */
function noRelationshipHint(graph: Map<string, Relationship[]>, parent: string, child: string): string | null {
  const rels = graph.get(parent);
  if (rels) {
    const near = fuzzyMatches(
      rels.map((r) => r.target.name),
      child,
    ).find((m) => m.score < 1);
    return near ? `Perhaps you meant '${near.name}' instead of '${child}'.` : null;
  }
  const near = fuzzyMatches(graph.keys(), parent)[0];
  return near ? `Perhaps you meant '${near.name}' instead of '${parent}'.` : null;
}

/** The FROM item of an embedded resource and the conditions linking it to its parent's alias. */
export function embedSource(
  r: Relationship,
  parentAlias: string,
  childAlias: string,
  junctionAlias: string,
): { from: string; where: string[] } {
  // `a.x = b.y` for each (x, y) pair
  const eq = (a: string, b: string, p: [string, string][]) => p.map(([x, y]) => `${q(a)}.${q(x)} = ${q(b)}.${q(y)}`).join(' AND ');
  const table = `${qualified(r.target)} AS ${q(childAlias)}`;
  switch (r.cardinality) {
    case 'computed':
      // The cast lets the parent be a mutation's or function's result rows, not only the table itself.
      return { from: `${q(r.origin.schema)}.${q(r.fn)}((${q(parentAlias)}.*)::${qualified(r.origin)}) AS ${q(childAlias)}`, where: [] };
    case 'm2m':
      return {
        from: table,
        where: [
          `EXISTS (SELECT 1 FROM ${qualified(r.junction)} AS ${q(junctionAlias)} WHERE ${eq(junctionAlias, parentAlias, r.source)} AND ${eq(junctionAlias, childAlias, r.dest)})`,
        ],
      };
    default:
      return { from: table, where: [eq(parentAlias, childAlias, r.columns)] };
  }
}
