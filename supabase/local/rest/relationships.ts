import { ApiError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import type { ForeignKey, Relation, SchemaCache } from './schema.ts';
import { q, qualified } from './sql.ts';

/** How an embedded resource is joined to its parent. */
export interface Relationship {
  /** to-one → object (or null); to-many → array */
  cardinality: 'm2o' | 'o2o' | 'o2m' | 'm2m';
  target: Relation;
  fk: ForeignKey;
  /** For many-to-many: the junction table and its FK to the target. */
  junction?: { rel: Relation; fkToTarget: ForeignKey };
}

function isUnique(rel: Relation, cols: string[]): boolean {
  return rel.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
}

/** All relationships from `parent` that `name` (a table, FK column or constraint name) may refer to. */
function candidates(schema: SchemaCache, parent: Relation, name: string): Relationship[] {
  const out: Relationship[] = [];
  const target = schema.relations.get(name);
  if (target && target.kind !== 'c') {
    for (const fk of schema.foreignKeys) {
      if (fk.table === parent.name && fk.refTable === target.name) out.push({ cardinality: 'm2o', target, fk });
      if (fk.table === target.name && fk.refTable === parent.name) {
        // A self-reference would match both ways; PostgREST then needs a hint.
        out.push({ cardinality: isUnique(target, fk.columns) ? 'o2o' : 'o2m', target, fk });
      }
    }
    // many-to-many through a junction table whose PK covers both foreign keys
    for (const j of schema.relations.values()) {
      if (j.name === parent.name || j.name === target.name) continue;
      const toParent = schema.foreignKeys.filter((fk) => fk.table === j.name && fk.refTable === parent.name);
      const toTarget = schema.foreignKeys.filter((fk) => fk.table === j.name && fk.refTable === target.name);
      for (const a of toParent) {
        for (const b of toTarget) {
          if (a === b) continue;
          const covered = [...a.columns, ...b.columns].every((c) => j.pk.includes(c));
          if (covered) out.push({ cardinality: 'm2m', target, fk: a, junction: { rel: j, fkToTarget: b } });
        }
      }
    }
  } else {
    for (const fk of schema.foreignKeys) {
      if (fk.table !== parent.name) continue;
      if (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name)) {
        const t = schema.relations.get(fk.refTable);
        if (t) out.push({ cardinality: 'm2o', target: t, fk });
      }
    }
  }
  return out;
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.fk.name === hint) return true;
  if (r.junction && (r.junction.rel.name === hint || r.junction.fkToTarget.name === hint)) return true;
  if (r.fk.columns.length === 1 && r.fk.columns[0] === hint) return true;
  if (r.fk.refColumns.length === 1 && r.fk.refColumns[0] === hint && !r.junction) return true;
  return false;
}

export function resolveRelationship(schema: SchemaCache, parent: Relation, name: string, hint?: string): Relationship {
  let found = candidates(schema, parent, name);
  if (hint !== undefined) {
    found = found.filter((r) => matchesHint(r, hint));
    // self-reference hinted by its FK: the to-one direction, as `parent:tbl!fk(*)` intends
    if (found.length === 2 && found[0]!.fk === found[1]!.fk) found = found.filter((r) => r.cardinality === 'm2o');
  }
  if (found.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
      noRelationshipHint(schema, parent.name, name),
    );
  }
  if (found.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map((r) => describe(parent.name, r)),
      `Try changing '${name}' to one of the following: ${found.map((r) => `'${r.target.name}!${r.junction ? r.junction.rel.name : r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return found[0]!;
}

const CARDINALITY = { m2o: 'many-to-one', o2o: 'one-to-one', o2m: 'one-to-many', m2m: 'many-to-many' } as const;
const cols = (c: string[]) => `(${c.join(', ')})`;

/** One candidate in PGRST201's `details`, worded as PostgREST words it. */
function describe(parent: string, r: Relationship): Record<string, string> {
  const embedding = `${parent} with ${r.target.name}`;
  const cardinality = CARDINALITY[r.cardinality];
  const j = r.junction;
  if (j)
    return {
      cardinality,
      embedding,
      relationship: `${j.rel.name} using ${r.fk.name}${cols(r.fk.columns)} and ${j.fkToTarget.name}${cols(j.fkToTarget.columns)}`,
    };
  const [own, other] = r.cardinality === 'm2o' ? [r.fk.columns, r.fk.refColumns] : [r.fk.refColumns, r.fk.columns];
  return { cardinality, embedding, relationship: `${r.fk.name} using ${parent}${cols(own)} and ${r.target.name}${cols(other)}` };
}

/** "Perhaps you meant …": a near table related to `parent`, or (when `parent` has no relationships) a near related table for it. */
function noRelationshipHint(schema: SchemaCache, parent: string, child: string): string | null {
  const related = new Set<string>();
  const children = new Set<string>();
  for (const fk of schema.foreignKeys) {
    related.add(fk.table).add(fk.refTable);
    if (fk.table === parent) children.add(fk.refTable);
    if (fk.refTable === parent) children.add(fk.table);
  }
  if (related.has(parent)) {
    const near = fuzzyMatches(children, child).find((m) => m.score < 1);
    return near ? `Perhaps you meant '${near.name}' instead of '${child}'.` : null;
  }
  const near = fuzzyMatches(related, parent)[0];
  return near ? `Perhaps you meant '${near.name}' instead of '${parent}'.` : null;
}

/** SQL condition linking the embedded alias to its parent alias. */
export function joinCondition(r: Relationship, parentAlias: string, childAlias: string, junctionAlias: string): string {
  const pairs = (a: string, ac: string[], b: string, bc: string[]) =>
    ac.map((c, i) => `${q(a)}.${q(c)} = ${q(b)}.${q(bc[i]!)}`).join(' AND ');
  switch (r.cardinality) {
    case 'm2o':
      return pairs(childAlias, r.fk.refColumns, parentAlias, r.fk.columns);
    case 'o2m':
    case 'o2o':
      return pairs(childAlias, r.fk.columns, parentAlias, r.fk.refColumns);
    case 'm2m': {
      const j = r.junction!;
      return `EXISTS (SELECT 1 FROM ${qualified(j.rel)} AS ${q(junctionAlias)} WHERE ${pairs(junctionAlias, r.fk.columns, parentAlias, r.fk.refColumns)} AND ${pairs(junctionAlias, j.fkToTarget.columns, childAlias, j.fkToTarget.refColumns)})`;
    }
  }
}
